/**
 * The rider's stored queue position (Dexie META.queuePosition), fetched from the server at once on
 * mount, then every QUEUE_REFRESH_MS while the page is visible (rider-core §4, §9) and when it becomes
 * visible again. The first fetch does not wait for a cached position: a rider whose position lives
 * only on the server (found on another device, or the local store was cleared) sees it on first visit.
 * Failures (offline) only log: the stored position keeps showing with its time while it holds (it
 * ends with its sailing's departure or 3 hours after its fix: src/domain/queue-position.ts), checked
 * again every minute so an ended position leaves the screen offline too.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';

import type { DeckhandDB } from '@/data/db';
import { readQueuePosition } from '@/data/queue-position';
import { QUEUE_REFRESH_MS } from '@/domain/queue-estimate';
import { currentPosition, type QueuePosition } from '@/domain/queue-position';
import { useNow } from '@/ui/use-now';

import { refreshPosition } from './queue-sync';

/** How often a shown position is checked for having ended (its sailing left, or 3 hours passed). */
const POSITION_END_CHECK_MS = 60_000;

export function useQueuePosition(database: DeckhandDB, refresh = true): QueuePosition | null | undefined {
  const stored = useLiveQuery(() => readQueuePosition(database), [database]);
  const now = useNow(POSITION_END_CHECK_MS);

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

  return stored === undefined ? undefined : currentPosition(stored, now);
}
