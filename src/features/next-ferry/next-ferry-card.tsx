/**
 * Next Ferry card (rider-core §2 "Widgets"), the first thing on home: what a rider in a lane needs
 * before anything else. The next sailing from THEIR terminal (src/domain/rider-terminal.ts: their
 * queue position's terminal, else the one picked here and remembered on the device, else Horseshoe
 * Bay) — or, when their queue position names the sailing their car boards, that one: route,
 * departure time, "Departs in N min" ("Now boarding" at zero, the one countdown of
 * src/domain/countdown.ts), how full the car deck and the passenger decks are (labelled apart: for a
 * driver the car deck decides), whether they will make it, the sailing waits for a car arriving now,
 * and how old the data is ("Live" while the realtime channel is connected).
 *
 * Reads the local store only (live queries, src/data/stored-ferries.ts); it never waits for the
 * network. "Loading ferry information..." until a ferry is stored.
 */
import { useId } from 'react';
import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { chooseTerminal, useRiderTerminal } from '@/data/rider-terminal';
import { useStoredFerries } from '@/data/stored-ferries';
import { checkInClosed, passengerPercent, sailingWaitsAt, sailingWaitsText, vehicleDeckPercent, WILL_MAKE_IT_TEXT, willMakeIt } from '@/domain/capacity';
import { COUNTDOWN_TICK_MS } from '@/domain/constants';
import { departsInText, minutesUntil } from '@/domain/countdown';
import type { Ferry } from '@/domain/ferry';
import { riderSailing, type RiderTerminal } from '@/domain/rider-terminal';
import { terminalById } from '@/domain/terminals';
import { formatClock, formatClockLower } from '@/domain/time';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { Badge } from '@/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { TerminalSelect } from '@/ui/terminal-select';
import { Progress } from '@/ui/progress';
import { useAppRunning } from '@/ui/use-app-running';
import { useNow } from '@/ui/use-now';

/**
 * The card's height in CSS px on a phone (412 px wide) with a sailing shown, as measured on the
 * seeded feed: kept while the ferries are still loading, so the sailing's arrival moves nothing
 * below the card (CLS).
 */
const NEXT_FERRY_CARD_MIN_HEIGHT_PX = 456;
/** The terminal picker's height (label and select), kept while the rider's terminal is still being read. */
const TERMINAL_PICKER_MIN_HEIGHT_PX = 68;

interface NextFerryCardProps {
  /** The local store; tests pass their own. */
  database?: DeckhandDB;
}

export function NextFerryCard({ database = defaultDatabase }: NextFerryCardProps) {
  const titleId = useId();
  const local = useStoredFerries(database);
  const terminal = useRiderTerminal(database);
  const realtime = useConnectivityStore((state) => state.realtime);
  const now = useNow(COUNTDOWN_TICK_MS);
  const boardingFerryId = terminal?.source === 'queue' ? terminal.queuePosition?.ferryId : undefined;
  const ferry = local && terminal ? riderSailing(local.ferries, terminal, now, boardingFerryId) : null;

  return (
    <Card aria-labelledby={titleId} data-testid="next-ferry-card" style={ferry ? undefined : { minHeight: NEXT_FERRY_CARD_MIN_HEIGHT_PX }}>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id={titleId}>Next Ferry</CardTitle>
        {realtime === 'connected' ? (
          <Badge variant="success">
            <span aria-hidden="true" className="mr-1.5 inline-block size-2 rounded-full bg-white motion-safe:animate-pulse" />
            Live
          </Badge>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div style={{ minHeight: TERMINAL_PICKER_MIN_HEIGHT_PX }}>
          {terminal ? <TerminalPicker database={database} terminal={terminal} /> : null}
        </div>
        {ferry ? (
          <FerryDetails ferry={ferry} now={now} boardingFerryId={boardingFerryId} />
        ) : local && local.ferries.length > 0 && terminal ? (
          <p>No sailing from {terminalById(terminal.terminalId)?.name ?? 'this terminal'} is listed yet.</p>
        ) : (
          <p>Loading ferry information...</p>
        )}
        {/* Shown once the lines above it are final, so it does not appear and then move down. */}
        {local?.fetchedAt && terminal ? (
          <p className="text-xs text-muted-foreground" data-testid="next-ferry-data-age">
            Data from {formatClockLower(local.fetchedAt)} ({dataAgeText(now - local.fetchedAt)}){realtime === 'connected' ? ', live updates on' : ''}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function dataAgeText(ageMs: number): string {
  const minutes = Math.max(0, Math.floor(ageMs / 60_000));
  return minutes < 1 ? 'just now' : `${minutes} min ago`;
}

function TerminalPicker({ database, terminal }: { database: DeckhandDB; terminal: RiderTerminal }) {
  const selectId = useId();
  const noteId = useId();
  const fromQueue = terminal.source === 'queue';
  // In the HTML the server renders, the picker waits for the app: a pick made before would be lost.
  const appRunning = useAppRunning();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={selectId} className="text-sm font-medium">
        Your terminal
      </label>
      <TerminalSelect
        id={selectId}
        value={terminal.terminalId}
        disabled={fromQueue || !appRunning}
        aria-describedby={fromQueue ? noteId : undefined}
        onPick={(terminalId) => void chooseTerminal(database, terminalId)}
      />
      {fromQueue ? (
        <p id={noteId} className="text-xs text-muted-foreground">
          Set by your place in the lane.
        </p>
      ) : null}
    </div>
  );
}

function FerryDetails({ ferry, now, boardingFerryId }: { ferry: Ferry; now: number; boardingFerryId: string | undefined }) {
  const minutes = minutesUntil(ferry.departureTime, now) ?? 0;
  const carDeck = vehicleDeckPercent(ferry);
  const passengers = passengerPercent(ferry);
  const waits = sailingWaitsAt(ferry, now);
  const making = willMakeIt({ ferryId: ferry.id, boardingFerryId, sailingWaits: waits, checkInClosed: checkInClosed(ferry.departureTime, now) });
  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="font-semibold" data-testid="next-ferry-route">
          {ferry.route}
        </p>
        <p className="text-sm text-muted-foreground">{ferry.name}</p>
      </div>
      <p className="text-2xl font-bold text-primary" data-testid="next-ferry-countdown">
        {departsInText(minutes)}
      </p>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Departure</dt>
          <dd className="font-medium">{formatClock(ferry.departureTime)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Car deck</dt>
          <dd className="font-medium" data-testid="next-ferry-car-deck">
            {carDeck}% full
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Passengers</dt>
          <dd className="font-medium">{passengers}%</dd>
        </div>
      </dl>
      <Progress value={carDeck} label="Car deck" valueText={`Car deck ${carDeck}% full`} />
      <p className="text-sm font-semibold" data-testid="next-ferry-will-make-it" data-outcome={making}>
        {WILL_MAKE_IT_TEXT[making]}
      </p>
      {waits !== undefined ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="next-ferry-sailing-waits">
          <span>
            {sailingWaitsText(waits)}
            {ferry.vehiclesWaiting !== undefined
              ? ` (${ferry.vehiclesWaiting} ${ferry.vehiclesWaiting === 1 ? 'vehicle' : 'vehicles'} waiting for this route)`
              : ''}
          </span>
          <Badge variant="outline">estimated</Badge>
        </p>
      ) : null}
    </div>
  );
}
