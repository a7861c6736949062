/**
 * Next Ferry card (rider-core §2 "Widgets"): route, minutes until departure ("Now boarding" at zero
 * or less), departure time, capacity percentage, and "Live" while the realtime channel is connected
 * — otherwise the age of the local data. Reads the local store only (useLiveQuery); it never waits
 * for the network. "Loading ferry information..." until a ferry is stored.
 *
 * Also one live value from the realtime database: vehicles waiting in the lanes at that ferry's
 * departure terminal, labelled "estimated" (simulated; DESIGN.md "Honest data") and hidden until a
 * value arrives.
 */
import { useId, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db as defaultDatabase, META, type DeckhandDB } from '@/data/db';
import { COUNTDOWN_TICK_MS } from '@/domain/constants';
import { capacityPercent, minutesUntilDeparture, type Ferry } from '@/domain/ferry';
import { terminalById } from '@/domain/terminals';
import { formatClock, formatClockLower } from '@/domain/time';
import { useConnectivityStore } from '@/sync/connectivity-store';
import type { ClientConfig } from '@/domain/realtime';
import { Badge } from '@/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { Progress } from '@/ui/progress';
import { useAfterStartup, useInView } from '@/ui/use-in-view';
import { useNow } from '@/ui/use-now';
import { useQueueEstimate } from './use-queue-estimate';

/** Off screen, the live lane count starts this long after the page has loaded, once the phone is idle. */
const FIGURE_LOAD_DELAY_MS = 4_000;

interface NextFerryCardProps {
  /** The local store; tests pass their own. */
  database?: DeckhandDB;
}

function byDeparture(a: Ferry, b: Ferry): number {
  return Date.parse(a.departureTime) - Date.parse(b.departureTime);
}

export function NextFerryCard({ database = defaultDatabase }: NextFerryCardProps) {
  const titleId = useId();
  const local = useLiveQuery(async () => {
    const [ferries, fetchedAt, config] = await Promise.all([
      database.ferries.toArray(),
      database.meta.get(META.ferriesFetchedAt),
      database.meta.get(META.clientConfig),
    ]);
    return {
      ferry: ferries.sort(byDeparture)[0] ?? null,
      fetchedAt: typeof fetchedAt?.value === 'number' ? fetchedAt.value : null,
      config: (config?.value as ClientConfig | undefined) ?? undefined,
    };
  }, [database]);
  const realtime = useConnectivityStore((state) => state.realtime);
  const now = useNow(COUNTDOWN_TICK_MS);
  const ferry = local?.ferry ?? null;
  // Firebase (the lane-count figure's only source) loads once the card is on screen, or when the
  // phone is idle after start-up, never while the first screen is loading.
  const cardRef = useRef<HTMLElement>(null);
  const inView = useInView(cardRef);
  const startedUp = useAfterStartup(FIGURE_LOAD_DELAY_MS);
  const queue = useQueueEstimate(inView || startedUp ? local?.config?.realtime : undefined, ferry?.terminalId);

  return (
    <Card ref={cardRef} aria-labelledby={titleId}>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id={titleId}>Next Ferry</CardTitle>
        {realtime === 'connected' ? (
          <Badge variant="success">
            <span aria-hidden="true" className="mr-1.5 inline-block size-2 rounded-full bg-white motion-safe:animate-pulse" />
            Live
          </Badge>
        ) : local?.fetchedAt ? (
          <span className="text-xs text-muted-foreground">Updated {formatClockLower(local.fetchedAt)}</span>
        ) : null}
      </CardHeader>
      <CardContent>
        {ferry ? <FerryDetails ferry={ferry} now={now} queue={queue?.vehicleCount ?? null} /> : <p>Loading ferry information...</p>}
      </CardContent>
    </Card>
  );
}

function FerryDetails({ ferry, now, queue }: { ferry: Ferry; now: number; queue: number | null }) {
  const minutes = minutesUntilDeparture(ferry, now);
  const capacity = capacityPercent(ferry);
  const terminal = ferry.terminalId ? terminalById(ferry.terminalId) : undefined;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="font-semibold" data-testid="next-ferry-route">
          {ferry.route}
        </p>
        <p className="text-sm text-muted-foreground">{ferry.name}</p>
      </div>
      <p className="text-2xl font-bold text-primary">{minutes <= 0 ? 'Now boarding' : `Departs in ${minutes} min`}</p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Departure</dt>
          <dd className="font-medium">{formatClock(ferry.departureTime)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Capacity</dt>
          <dd className="font-medium">{capacity}%</dd>
        </div>
      </dl>
      <Progress value={capacity} label="Capacity" valueText={`${capacity}% full`} />
      {/* The line's room is kept while the live figure loads, so the card does not grow under the reader. */}
      <p className="flex min-h-6 flex-wrap items-center gap-2 text-sm">
        {queue !== null ? (
          <>
            <span>
              {queue} {queue === 1 ? 'vehicle' : 'vehicles'} waiting in the lanes{terminal ? ` at ${terminal.name}` : ''}
            </span>
            <Badge variant="outline">estimated</Badge>
          </>
        ) : null}
      </p>
    </div>
  );
}
