/**
 * Deletes Idempotency-Key rows older than IDEMPOTENCY_TTL_MS (DESIGN.md: answers are kept at least
 * 7 days), once at start and then every IDEMPOTENCY_CLEANUP_INTERVAL_MS. Any number of instances may
 * run it: the delete is idempotent. A failed pass is logged and the next one tries again.
 */
import { lt } from 'drizzle-orm';

import { IDEMPOTENCY_CLEANUP_INTERVAL_MS, IDEMPOTENCY_TTL_MS } from '@/domain/constants';

import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export async function deleteExpiredIdempotencyKeys(database: Database, now = Date.now()): Promise<number> {
  const rows = await database.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}

/** Starts the hourly job; the returned function stops it. The timer never keeps the process alive. */
export function startIdempotencyCleanup(
  database: Database,
  onError: (error: unknown) => void = (error) => console.error('idempotency cleanup failed', error),
): () => void {
  const run = () => {
    deleteExpiredIdempotencyKeys(database).catch(onError);
  };
  run();
  const timer = setInterval(run, IDEMPOTENCY_CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
