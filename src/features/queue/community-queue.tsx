/**
 * Community queue data (rider-core §3, §9), read live from the realtime node queue_history/{terminal}
 * through src/lib/firebase.ts: the median wait (a car joining behind the median of the last 10
 * counts, carried by the terminal's listed sailings: src/domain/community-queue.ts), the last 5 of
 * the last 10 counts, and when the newest came in. Firebase loads on demand, so it stays out of the first bundle.
 * Under a real source the counts are riders' reports alone: with none yet for the terminal it says
 * no lane count is available (not "waiting", which would promise a count that may never come).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';

import { META, type DeckhandDB } from '@/data/db';
import { useFeedStatus } from '@/data/feed-status';
import { useStoredFerries } from '@/data/ferries';
import { listedSailingsFrom } from '@/domain/capacity';
import {
  communityCountsSource,
  communityMedianWait,
  communityQueueData,
  medianWaitExplained,
  medianWaitSource,
  shownCounts,
  type CommunityQueueData,
} from '@/domain/community-queue';
import { COUNTDOWN_TICK_MS } from '@/domain/constants';
import { NO_LANE_COUNT_TEXT } from '@/domain/figure-label';
import type { ClientConfig } from '@/domain/realtime';
import { formatClock } from '@/domain/time';
import { useNow } from '@/ui/use-now';

export function CommunityQueue({
  database,
  terminalId,
  terminalName,
}: {
  database: DeckhandDB;
  terminalId: string;
  terminalName: string;
}) {
  const config = useLiveQuery(
    async () => (await database.meta.get(META.clientConfig))?.value as ClientConfig | undefined,
    [database],
  );
  const configKey = config ? JSON.stringify(config.realtime) : '';
  const [received, setReceived] = useState<{ key: string; data: CommunityQueueData } | null>(null);
  const key = `${configKey}|${terminalId}`;
  const stored = useStoredFerries(database);
  const now = useNow(COUNTDOWN_TICK_MS);
  const realSource = useFeedStatus(database)?.simulatedLaneCounts === false;

  useEffect(() => {
    if (!configKey) return;
    const subscriptionKey = `${configKey}|${terminalId}`;
    let cancelled = false;
    let stop: (() => void) | undefined;
    import('@/lib/firebase')
      .then(({ subscribeQueueHistory }) =>
        subscribeQueueHistory(JSON.parse(configKey), terminalId, (values) => {
          if (!cancelled) setReceived({ key: subscriptionKey, data: communityQueueData(values) });
        }),
      )
      .then((unsubscribe) => {
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      .catch((error: unknown) => console.warn('Community queue data unavailable', error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [configKey, terminalId]);

  const data = received?.key === key ? received.data : null;
  const wait = data
    ? communityMedianWait(data.medianCount, listedSailingsFrom(stored?.ferries ?? [], terminalId, now), now)
    : null;
  return (
    <section className="flex flex-col gap-1 text-sm" aria-label="Community queue data">
      <h3 className="font-semibold">Community queue data · {terminalName}</h3>
      {data && data.lastUpdate !== null ? (
        <>
          <p>
            Median wait: <span className="font-medium">{wait ? `about ${wait.minutes} min` : 'not known'}</span>{' '}
            <span className="text-xs text-muted-foreground">({medianWaitSource(data)})</span>
          </p>
          {data.medianCount !== null ? (
            <p className="text-xs text-muted-foreground">
              {medianWaitExplained(
                data.medianCount,
                data.recentCounts.length,
                wait?.departureTime ?? null,
                formatClock,
              )}
            </p>
          ) : null}
          <p>
            Recent counts: {shownCounts(data).join(', ')}{' '}
            <span className="text-xs text-muted-foreground">({communityCountsSource(data)})</span>
          </p>
          <p className="text-xs text-muted-foreground">Last update {formatClock(data.lastUpdate)}</p>
        </>
      ) : realSource ? (
        <p className="text-muted-foreground" data-testid="no-lane-count">
          {NO_LANE_COUNT_TEXT}: no rider has reported one yet.
        </p>
      ) : (
        <p className="text-muted-foreground">Waiting for community data...</p>
      )}
    </section>
  );
}
