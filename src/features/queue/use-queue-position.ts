/**
 * The rider's stored queue position (Dexie META.queuePosition), fetched from the server at once on
 * mount, then every QUEUE_REFRESH_MS while the page is visible (rider-core §4, §9) and when it becomes
 * visible again. The first fetch does not wait for a cached position: a rider whose position lives
 * only on the server (found on another device, or the local store was cleared) sees it on first visit.
 * Failures (offline) only log: the stored position keeps showing with its time.
 */
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { META, type DeckhandDB } from '@/data/db';
import { QUEUE_REFRESH_MS } from '@/domain/queue-estimate';
import { queuePositionSchema, type QueuePosition } from '@/domain/queue-position';
import { refreshPosition } from './queue-sync';

export function useQueuePosition(database: DeckhandDB, refresh = true): QueuePosition | null | undefined {
  const position = useLiveQuery(async () => {
    const row = await database.meta.get(META.queuePosition);
    const parsed = queuePositionSchema.safeParse(row?.value);
    return parsed.success ? parsed.data : null;
  }, [database]);

  useEffect(() => {
    if (!refresh) return;
    const tick = () => {
      if (document.visibilityState !== 'visible') return;
      refreshPosition(database).catch((error: unknown) => console.warn('Queue position refresh failed', error));
    };
    tick();
    const timer = setInterval(tick, QUEUE_REFRESH_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [database, refresh]);

  return position;
}
