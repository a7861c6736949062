/**
 * Next Ferry card (rider-core §2 "Widgets"), the first thing on home: what a rider in a lane needs
 * before anything else. The next sailing of THEIR route (src/domain/rider-route.ts: their terminal,
 * from src/domain/rider-terminal.ts, plus the destination picked here and remembered on the device,
 * else the terminal's first route) from the stored timetable — or, when their queue position names
 * the sailing their car boards, that one: route, departure time, "Departs in N min" ("Now boarding"
 * at zero, the one countdown of src/domain/countdown.ts), its delay, how full the car deck is and
 * the passenger figure (labelled apart: for a driver the car deck decides), whether they will make
 * it, the sailing waits for a car arriving now, and how old the data is ("Live" while the realtime
 * channel is connected). Every figure carries its source and age (src/ui/figure-source.tsx):
 * "BC Ferries · 2 min ago", "simulated · 40 s ago", "estimated" for what the queue model computes.
 *
 * While the simulator stands in for an unreachable BC Ferries it says so first ("simulated: BC
 * Ferries could not be reached"), and while the BC Ferries document is stale "BC Ferries data not
 * updated since …" (and not "Live"), each with a link to the Data sources page.
 *
 * Reads the local store only (live queries, src/data/rider-route.ts, src/data/ferries.ts); it
 * never waits for the network. "Loading ferry information..." until a sailing or ferry is stored.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { useFeedStatus } from '@/data/feed-status';
import { useStoredFerries } from '@/data/ferries';
import { chooseRoute, riderSailingIn, useRiderRoute, type RiderRouteState } from '@/data/rider-route';
import { chooseTerminal, useRiderTerminal } from '@/data/rider-terminal';
import { useSailingForecastOrPending } from '@/data/sailing-forecast';
import {
  announcedDepartureFill,
  carDeckOf,
  carDeckText,
  checkInClosed,
  ROUTES_WITHOUT_CAPACITY_DATA,
  sailingWaitsAt,
  sailingWaitsText,
  WILL_MAKE_IT_TEXT,
  willMakeIt,
} from '@/domain/capacity';
import { COUNTDOWN_TICK_MS } from '@/domain/constants';
import { departsInText, minutesUntil } from '@/domain/countdown';
import { fallbackLine, staleLine } from '@/domain/feed-status';
import { FROM_LANE_COUNTS_LABEL } from '@/domain/figure-label';
import { carsAheadOf, currentPosition } from '@/domain/queue-position';
import {
  destinationName,
  riderRoute,
  routesServing,
  takeableSailings,
  type RiderRoute,
  type RouteSailing,
} from '@/domain/rider-route';
import type { RiderTerminal } from '@/domain/rider-terminal';
import type { Provenance } from '@/domain/sailing';
import { cancelledClause } from '@/domain/sailing-cancellation';
import { arrivalAt, type LanePlace } from '@/domain/sailing-chance';
import { sailingTimeInText, sailingTimeText } from '@/domain/sailing-day';
import { terminalById } from '@/domain/terminals';
import { formatClock, formatClockLower } from '@/domain/time';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { Badge } from '@/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { fieldClass } from '@/ui/field';
import { FigureSource } from '@/ui/figure-source';
import { ForecastNote } from '@/ui/forecast-note';
import { Progress } from '@/ui/progress';
import { SailingChances } from '@/ui/sailing-chances';
import { TerminalSelect } from '@/ui/terminal-select';
import { useAppRunning } from '@/ui/use-app-running';
import { useNow } from '@/ui/use-now';
import { WeatherRiskNote } from '@/ui/weather-risk-note';

/**
 * The card's height in CSS px on a phone (412 px wide) with a sailing shown, as measured on the
 * seeded feed: kept while the ferries are still loading, so the sailing's arrival moves nothing
 * below the card (CLS).
 */
const NEXT_FERRY_CARD_MIN_HEIGHT_PX = 456;
/** The terminal and destination pickers' height, kept while the rider's terminal is still being read. */
const TERMINAL_PICKER_MIN_HEIGHT_PX = 68;

interface NextFerryCardProps {
  /** The local store; tests pass their own. */
  database?: DeckhandDB;
}

export function NextFerryCard({ database = defaultDatabase }: NextFerryCardProps) {
  const titleId = useId();
  const local = useStoredFerries(database);
  const terminal = useRiderTerminal(database);
  const stored = useRiderRoute(database);
  const realtime = useConnectivityStore((state) => state.realtime);
  const now = useNow(COUNTDOWN_TICK_MS);
  const feedStatus = useFeedStatus(database);
  const fallback = fallbackLine(feedStatus);
  const stale = staleLine(feedStatus);
  // Until the route's read answers, or while it finds nothing stored yet (on a slow phone it can read
  // before the list the page came with is stored), home's first read (the vessel list, the terminal)
  // stands in.
  const standIn: RiderRouteState | undefined =
    local && terminal
      ? {
          terminal,
          route: riderRoute(terminal.terminalId, undefined),
          sailings: [],
          timetable: false,
          ferries: local.ferries,
        }
      : undefined;
  const state: RiderRouteState | undefined =
    stored && (stored.timetable || stored.ferries.length > 0 || !standIn?.ferries.length)
      ? stored
      : (standIn ?? stored);
  const rider = state ? riderSailingIn(state, now) : null;
  const sailing = rider?.sailing ?? null;
  // The sailing the rider's queue position names: this one, or (when it is not on the route) another.
  const boardingFerryId = rider?.boardsWithPosition
    ? rider.sailing.id
    : state?.terminal.source === 'queue'
      ? state.terminal.queuePosition?.ferryId
      : undefined;
  // Cancelled sailings before the one shown: a rider must see them, not find the next one silently later.
  const cancelledBefore = sailing
    ? (rider?.ahead ?? []).filter(
        (s) => s.status === 'cancelled' && Date.parse(s.departureTime) < Date.parse(sailing.departureTime),
      )
    : [];
  const anyListed = Boolean(state && (state.timetable || state.ferries.length > 0));

  return (
    <Card
      aria-labelledby={titleId}
      data-testid="next-ferry-card"
      style={sailing ? undefined : { minHeight: NEXT_FERRY_CARD_MIN_HEIGHT_PX }}
    >
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id={titleId}>Next Ferry</CardTitle>
        {realtime === 'connected' && !stale ? (
          <Badge variant="success">
            <span
              aria-hidden="true"
              className="mr-1.5 inline-block size-2 rounded-full bg-white motion-safe:animate-pulse"
            />
            Live
          </Badge>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {fallback || stale ? (
          <p className="text-sm font-semibold" data-testid="next-ferry-feed-notice">
            {fallback ?? stale}{' '}
            <Link to="data-sources" className="font-normal underline underline-offset-2">
              Data sources
            </Link>
          </p>
        ) : null}
        <div style={{ minHeight: TERMINAL_PICKER_MIN_HEIGHT_PX }}>
          {state ? <RoutePicker database={database} terminal={state.terminal} route={state.route} /> : null}
        </div>
        {cancelledBefore.map((c) => (
          <p
            key={c.id}
            className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold text-destructive"
            data-testid="next-ferry-cancelled"
          >
            The {sailingTimeInText(c.scheduledDeparture, now)} sailing is cancelled
            {cancelledClause(c)}
            <FigureSource provenance={c.provenance} now={now} />
          </p>
        ))}
        {rider ? (
          <SailingDetails
            database={database}
            sailing={rider.sailing}
            boardingStart={rider.boardingStart}
            boardingStartProvenance={rider.boardingStartProvenance}
            now={now}
            boardingFerryId={boardingFerryId}
            timetable={state?.timetable ?? false}
            ahead={rider.ahead}
            lane={state ? lanePlace(state, now) : null}
          />
        ) : anyListed && state ? (
          <p>
            No sailing from {terminalById(state.terminal.terminalId)?.name ?? 'this terminal'}
            {state.route ? ` to ${terminalById(state.route.destinationId)?.name ?? state.route.destinationId}` : ''} is
            listed yet.
          </p>
        ) : (
          <p>Loading ferry information...</p>
        )}
        {/* Shown once the lines above it are final, so it does not appear and then move down. */}
        {local?.fetchedAt && terminal ? (
          <p className="text-xs text-muted-foreground" data-testid="next-ferry-data-age">
            Data from {formatClockLower(local.fetchedAt)} ({dataAgeText(now - local.fetchedAt)})
            {realtime === 'connected' ? ', live updates on' : ''}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The rider's place in the lane when their queue position sets their terminal and still holds. */
function lanePlace(state: RiderRouteState, now: number): LanePlace | null {
  const position = state.terminal.source === 'queue' ? currentPosition(state.terminal.queuePosition, now) : null;
  return position ? { carsAhead: carsAheadOf(position.positionInQueue), confidence: position.confidence } : null;
}

function dataAgeText(ageMs: number): string {
  const minutes = Math.max(0, Math.floor(ageMs / 60_000));
  return minutes < 1 ? 'just now' : `${minutes} min ago`;
}

function RoutePicker({
  database,
  terminal,
  route,
}: {
  database: DeckhandDB;
  terminal: RiderTerminal;
  route: RiderRoute | null;
}) {
  const selectId = useId();
  const destinationId = useId();
  const noteId = useId();
  const fromQueue = terminal.source === 'queue';
  // In the HTML the server renders, the pickers wait for the app: a pick made before would be lost.
  const appRunning = useAppRunning();
  const routes = routesServing(terminal.terminalId);
  return (
    <div className="grid grid-cols-2 gap-2">
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
      </div>
      {route ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={destinationId} className="text-sm font-medium">
            Going to
          </label>
          <select
            id={destinationId}
            value={route.routeId}
            disabled={routes.length < 2 || !appRunning}
            onChange={(event) => void chooseRoute(database, event.target.value)}
            className={fieldClass}
          >
            {routes.map((r) => (
              <option key={r.id} value={r.id}>
                {destinationName(r, terminal.terminalId)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {fromQueue ? (
        <p id={noteId} className="col-span-2 text-xs text-muted-foreground">
          Set by your place in the lane.
        </p>
      ) : null}
    </div>
  );
}

interface SailingDetailsProps {
  database: DeckhandDB;
  sailing: RouteSailing;
  /** When its cars start boarding (epoch ms): the time the queue card and away mode count to. */
  boardingStart: number;
  boardingStartProvenance: Provenance | null;
  now: number;
  boardingFerryId: string | undefined;
  /** The device holds a timetable (else the vessel list stands in for it). */
  timetable: boolean;
  /** The route's sailings ahead (cancelled ones included), for the chance of each. */
  ahead: readonly RouteSailing[];
  /** The rider's place in the lane, when they are in it. */
  lane: LanePlace | null;
}

function SailingDetails({
  database,
  sailing,
  boardingStart,
  boardingStartProvenance,
  now,
  boardingFerryId,
  timetable,
  ahead,
  lane,
}: SailingDetailsProps) {
  const stored = useSailingForecastOrPending(database, timetable ? sailing.id : null);
  const online = useConnectivityStore((state) => state.online);
  // Without a timetable the vessel list stands in, and forecasts are kept by timetabled sailing: the
  // forecast comes with the timetable. A route whose fill is never published gets no forecast number
  // to wait for (src/ui/forecast-note.tsx).
  const pending = stored === 'pending' || !timetable;
  const forecast = pending ? (ROUTES_WITHOUT_CAPACITY_DATA.has(sailing.routeId) ? undefined : 'pending') : stored;
  const minutes = minutesUntil(sailing.departureTime, now) ?? 0;
  const ferry = sailing.ferry;
  const carDeck = carDeckOf(sailing);
  const waits = ferry
    ? sailingWaitsAt({ departureTime: sailing.departureTime, sailingWaits: ferry.sailingWaits }, now)
    : undefined;
  const making = willMakeIt({
    ferryId: sailing.id,
    boardingFerryId,
    sailingWaits: waits,
    checkInClosed: checkInClosed(sailing.departureTime, now),
    carDeck,
  });
  // The vessel list's passenger figure for this departure is the simulator's (or the model's) own; for
  // a real source the sailing's own overall fill is shown (its row is the source's word for it).
  const listFill =
    ferry && (ferry.source === undefined || ferry.source === 'simulator' || ferry.source === 'model')
      ? announcedDepartureFill(ferry)
      : null;
  const listProvenance =
    ferry?.source === 'simulator' && ferry.observedAt
      ? { source: 'simulator' as const, observedAt: ferry.observedAt }
      : null;
  const delay = sailing.delayMinutes ?? 0;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="font-semibold" data-testid="next-ferry-route">
          {sailing.route}
        </p>
        {sailing.vesselName ? <p className="text-sm text-muted-foreground">{sailing.vesselName}</p> : null}
      </div>
      <p className="text-2xl font-bold text-primary" data-testid="next-ferry-countdown">
        {departsInText(minutes)}
      </p>
      <p
        className="flex flex-wrap items-baseline gap-x-2 text-sm text-muted-foreground"
        data-testid="next-ferry-boarding"
      >
        <span>
          Boarding starts <span data-testid="next-ferry-boarding-starts">{formatClock(boardingStart)}</span>
        </span>
        <FigureSource provenance={boardingStartProvenance} now={now} />
      </p>
      {delay > 0 ? (
        <p
          className="flex flex-wrap items-baseline gap-x-2 text-sm font-medium text-warning-strong"
          data-testid="next-ferry-delay"
        >
          Delayed {delay} min (timetabled {formatClock(sailing.scheduledDeparture)})
          <FigureSource provenance={sailing.delayProvenance ?? sailing.provenance} now={now} />
        </p>
      ) : null}
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Departure</dt>
          <dd className="font-medium" data-testid="next-ferry-departure">
            {sailingTimeText(sailing.departureTime, now)}
          </dd>
          <dd>
            <FigureSource provenance={sailing.provenance} now={now} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Car deck</dt>
          <dd className="font-medium" data-testid="next-ferry-car-deck">
            {carDeckText(carDeck)}
          </dd>
          <dd>
            <FigureSource provenance={sailing.fillProvenance ?? sailing.provenance} now={now} />
          </dd>
        </div>
        {listFill ? (
          <div>
            <dt className="text-muted-foreground">Passengers</dt>
            <dd className="font-medium">{listFill.passengers}%</dd>
            <dd>
              <FigureSource provenance={listProvenance} now={now} />
            </dd>
          </div>
        ) : sailing.fill !== undefined ? (
          <div>
            <dt className="text-muted-foreground">Overall</dt>
            <dd className="font-medium">{sailing.fill}% full</dd>
            <dd>
              <FigureSource provenance={sailing.fillProvenance ?? sailing.provenance} now={now} />
            </dd>
          </div>
        ) : null}
      </dl>
      {carDeck.kind === 'reported' ? (
        <Progress value={carDeck.percent} label="Car deck" valueText={`Car deck ${carDeck.percent}% full`} />
      ) : null}
      <ForecastNote forecast={forecast} />
      <WeatherRiskNote database={database} sailingId={timetable ? sailing.id : null} now={now} />
      <p className="text-sm font-semibold" data-testid="next-ferry-will-make-it" data-outcome={making}>
        {WILL_MAKE_IT_TEXT[making]}
      </p>
      <SailingChances
        database={database}
        sailings={takeableSailings(ahead)}
        arrival={arrivalAt(now)}
        lane={lane}
        now={now}
        online={online}
      />
      {waits !== undefined && ferry ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="next-ferry-sailing-waits">
          <span>
            {sailingWaitsText(waits)}
            {ferry.vehiclesWaiting !== undefined
              ? ` (${ferry.vehiclesWaiting} ${ferry.vehiclesWaiting === 1 ? 'vehicle' : 'vehicles'} waiting for this route)`
              : ''}
          </span>
          <Badge variant="outline">{FROM_LANE_COUNTS_LABEL}</Badge>
        </p>
      ) : null}
    </div>
  );
}
