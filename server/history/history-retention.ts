/**
 * Keeps the recorded sailing history HISTORY_RETENTION_DAYS (default 365): deletes the sailings that
 * left before then and the observations made before then, once at start and then every
 * HISTORY_PRUNE_INTERVAL_MS. Any number of instances may run it: the deletes are idempotent. A failed
 * pass is reported and the next one tries again.
 */
import { lt } from 'drizzle-orm';

import type { Database } from '../db/client';
import { recordedSailings, sailingObservations } from '../db/schema';

export const HISTORY_PRUNE_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

export async function pruneSailingHistory(
  database: Database,
  retentionDays: number,
  now = Date.now(),
): Promise<{ sailings: number; observations: number }> {
  const before = new Date(now - retentionDays * DAY_MS);
  const sailings = await database.db
    .delete(recordedSailings)
    .where(lt(recordedSailings.scheduledDeparture, before))
    .returning({ id: recordedSailings.sailingId });
  const observations = await database.db
    .delete(sailingObservations)
    .where(lt(sailingObservations.observedAt, before))
    .returning({ id: sailingObservations.id });
  return { sailings: sailings.length, observations: observations.length };
}

/** Starts the hourly pruning; the returned function stops it. The timer never keeps the process alive. */
export function startHistoryRetention(
  database: Database,
  retentionDays: number,
  onError: (error: unknown) => void = (error) => console.error('sailing history pruning failed', error),
): () => void {
  const run = () => {
    pruneSailingHistory(database, retentionDays).catch(onError);
  };
  run();
  const timer = setInterval(run, HISTORY_PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
