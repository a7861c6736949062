/**
 * Live Tracker card (rider-core §2 Widgets, §4): the vessel of the rider's next sailing (the same
 * sailing the Next Ferry card shows: src/domain/rider-route.ts) from the realtime-fed local store:
 * picture with an overlay (name, status), the status line with the speed in knots, the ETA and the
 * delay (src/domain/live-tracker.ts), tiles Passengers, Vehicles and "On Time" (the spec's tile
 * names; "Delay" when the sailing is late), and the vessel's position's source and age ("position
 * unknown since …" once it is over 10 minutes old). The passengers, vehicles, speed and ETA are
 * modelled by the vessel list and labelled "estimated"; the delay carries its source. docked and
 * en_route have their own styles; any other status is shown in the destructive style. "Loading ferry
 * tracking data..." until a ferry is stored. When the channel is not live or the data is older than
 * STALE_AFTER_MS, the card says how old the data is. The expanded variant adds Ferry Details.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { useStoredFerries } from '@/data/ferries';
import { riderSailingIn, useRiderRoute } from '@/data/rider-route';
import { COUNTDOWN_TICK_MS, STALE_AFTER_MS } from '@/domain/constants';
import { ferryStatusTone, type Ferry, type FerryStatusTone } from '@/domain/ferry';
import { positionUnknownText } from '@/domain/figure-label';
import { ferryStatusLabel, onTimeTile, trackerEtaText, trackerStatusLine } from '@/domain/live-tracker';
import type { RouteSailing } from '@/domain/rider-route';
import { terminalById } from '@/domain/terminals';
import { formatClockLower } from '@/domain/time';
import type { VesselPosition } from '@/domain/vessel-position';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { Badge, type BadgeVariant } from '@/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { cn } from '@/ui/cn';
import { FigureSource } from '@/ui/figure-source';
import { useNow } from '@/ui/use-now';

import { FerryIllustration } from './ferry-illustration';

const TONE_BADGE: Record<FerryStatusTone, BadgeVariant> = {
  docked: 'success',
  en_route: 'default',
  destructive: 'destructive',
};

const TONE_BORDER: Record<FerryStatusTone, string> = {
  docked: 'border-success',
  en_route: 'border-primary',
  destructive: 'border-destructive border-2',
};

interface LiveTrackerCardProps {
  database?: DeckhandDB;
  expanded?: boolean;
}

export function LiveTrackerCard({ database = defaultDatabase, expanded = false }: LiveTrackerCardProps) {
  const titleId = useId();
  const local = useStoredFerries(database);
  const state = useRiderRoute(database);
  const positions = useLiveQuery(() => database.vesselPositions.toArray(), [database]);
  const realtime = useConnectivityStore((state) => state.realtime);
  const online = useConnectivityStore((state) => state.online);
  const now = useNow(COUNTDOWN_TICK_MS);
  const terminal = state?.terminal;
  const sailing = state ? (riderSailingIn(state, now)?.sailing ?? null) : null;
  // The vessel list's entry for the vessel that sails it (its current crossing may be the other way).
  const ferry = sailing
    ? (sailing.ferry ??
      state?.ferries.find((f) => sailing.vesselName !== undefined && f.name === sailing.vesselName) ??
      null)
    : null;
  const position = ferry ? positions?.find((p) => p.vesselId === ferry.id || p.name === ferry.name) : undefined;
  const tone = ferry ? ferryStatusTone(ferry.status) : 'en_route';
  const stale =
    local?.fetchedAt != null && (!online || realtime !== 'connected' || now - local.fetchedAt > STALE_AFTER_MS);

  return (
    <Card aria-labelledby={titleId} className={cn(ferry && TONE_BORDER[tone])} data-tone={ferry ? tone : undefined}>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id={titleId}>Live Tracker</CardTitle>
        {stale && local?.fetchedAt ? (
          <span className="text-xs text-muted-foreground">
            {online ? '' : 'Offline · '}Data from {formatClockLower(local.fetchedAt)}
          </span>
        ) : null}
      </CardHeader>
      <CardContent>
        {ferry && sailing ? (
          <TrackerBody ferry={ferry} sailing={sailing} position={position} tone={tone} now={now} expanded={expanded} />
        ) : sailing ? (
          <p>
            {sailing.vesselName ?? 'The vessel'} of the {formatClockLower(sailing.departureTime)} sailing is not in the
            vessel list yet.
          </p>
        ) : local && local.ferries.length > 0 && terminal ? (
          <p>No sailing from {terminalById(terminal.terminalId)?.name ?? 'your terminal'} is listed yet.</p>
        ) : (
          <p>Loading ferry tracking data...</p>
        )}
      </CardContent>
    </Card>
  );
}

/** The ETA large; "· Departs in N min", when there, smaller after it so the line does not wrap mid-phrase. */
function EtaLine({ text }: { text: string }) {
  const [eta, ...rest] = text.split(' · ');
  return (
    <p className="font-bold text-primary" data-testid="tracker-eta">
      <span className="text-xl">{eta}</span>
      {rest.length > 0 ? <span className="text-base whitespace-nowrap">{` · ${rest.join(' · ')}`}</span> : null}
    </p>
  );
}

interface TrackerBodyProps {
  ferry: Ferry;
  sailing: RouteSailing;
  position: VesselPosition | undefined;
  tone: FerryStatusTone;
  now: number;
  expanded: boolean;
}

function TrackerBody({ ferry, sailing, position, tone, now, expanded }: TrackerBodyProps) {
  const status = ferryStatusLabel(ferry.status);
  // The delay of the rider's sailing, from its source; the vessel list's own when it is the same departure.
  const tile = onTimeTile(sailing.status === null ? ferry : sailing);
  const unknownSince = position ? positionUnknownText(position, now) : null;
  return (
    <div className="flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-md">
        <FerryIllustration tone={tone} />
        <div className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-black/80 to-black/0 p-3 pt-8 text-white">
          <p className="font-semibold">{ferry.name}</p>
          <Badge variant={TONE_BADGE[tone]}>{status}</Badge>
        </div>
      </div>
      <p
        className={cn('text-sm font-medium', tone === 'destructive' && 'text-destructive')}
        data-testid="tracker-status-line"
      >
        {trackerStatusLine(ferry)}
      </p>
      <p className="-mt-2 flex flex-wrap gap-x-2 text-xs text-muted-foreground" data-testid="tracker-position">
        <span>Speed and ETA</span>
        <FigureSource provenance={null} now={now} />
        {position ? (
          <>
            <span aria-hidden="true">·</span>
            {unknownSince ? <span>{unknownSince}</span> : <span>Position</span>}
            {unknownSince ? null : <FigureSource provenance={position} now={now} />}
          </>
        ) : null}
      </p>
      <EtaLine text={trackerEtaText(ferry, now)} />
      {sailing.ferry !== ferry ? (
        <p className="text-sm" data-testid="tracker-next-sailing">
          Your sailing: {sailing.route} at {formatClockLower(sailing.departureTime)}{' '}
          <FigureSource provenance={sailing.provenance} now={now} />
        </p>
      ) : null}
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div className="rounded-md bg-secondary p-2 text-secondary-foreground">
          <dt className="text-xs">Passengers</dt>
          <dd className="font-bold">{ferry.loadReported === false ? 'Not reported' : ferry.currentPassengers}</dd>
          <dd>
            <FigureSource provenance={null} now={now} className="text-secondary-foreground" />
          </dd>
        </div>
        <div className="rounded-md bg-secondary p-2 text-secondary-foreground">
          <dt className="text-xs">Vehicles</dt>
          <dd className="font-bold">{ferry.loadReported === false ? 'Not reported' : ferry.currentVehicles}</dd>
          <dd>
            <FigureSource provenance={null} now={now} className="text-secondary-foreground" />
          </dd>
        </div>
        <div
          className={cn(
            'rounded-md p-2',
            tile.delayed ? 'bg-warning text-warning-foreground' : 'bg-success text-success-foreground',
          )}
        >
          <dt className="text-xs">{tile.label}</dt>
          <dd className="font-bold">{tile.value}</dd>
          <dd>
            <FigureSource
              provenance={sailing.status === null ? null : (sailing.delayProvenance ?? sailing.provenance)}
              now={now}
              className={tile.delayed ? 'text-warning-foreground' : 'text-success-foreground'}
            />
          </dd>
        </div>
      </dl>
      {expanded ? (
        <section aria-labelledby="ferry-details-title" className="flex flex-col gap-2 border-t border-border pt-3">
          <h3 id="ferry-details-title" className="font-semibold">
            Ferry Details
          </h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Name</dt>
            <dd>{ferry.name}</dd>
            <dt className="text-muted-foreground">Route</dt>
            <dd>{ferry.route}</dd>
            <dt className="text-muted-foreground">Passenger capacity</dt>
            <dd>{ferry.capacity}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <Badge variant={TONE_BADGE[tone]}>{status}</Badge>
            </dd>
          </dl>
        </section>
      ) : null}
    </div>
  );
}
