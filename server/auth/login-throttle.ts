/**
 * Sign-in throttling for the back office: after LOGIN_FAILURES_ALLOWED failures for one username, or
 * from one client address, within LOGIN_FAILURE_WINDOW_MS, further attempts answer 429 with
 * Retry-After until enough failures have aged out of the window. Failures are rows in the database,
 * so the limit holds across server instances and restarts. A successful sign-in clears the
 * username's failures (not the address's: one good account must not unlock guessing at others).
 */
import { and, eq, gt, lt, or } from 'drizzle-orm';
import { LOGIN_FAILURES_ALLOWED, LOGIN_FAILURE_WINDOW_MS } from '@/domain/constants';
import type { Database } from '../db/client';
import { backOfficeLoginFailures } from '../db/schema';

/** Seconds until the caller may try again, or null when an attempt is allowed now. */
export async function loginRetryAfterSeconds(database: Database, key: string, address: string, now: number): Promise<number | null> {
  const since = new Date(now - LOGIN_FAILURE_WINDOW_MS);
  const rows = await database.db
    .select()
    .from(backOfficeLoginFailures)
    .where(and(gt(backOfficeLoginFailures.failedAt, since), or(eq(backOfficeLoginFailures.usernameKey, key), eq(backOfficeLoginFailures.address, address))))
    .orderBy(backOfficeLoginFailures.failedAt);
  let waitMs = 0;
  for (const group of [rows.filter((r) => r.usernameKey === key), rows.filter((r) => r.address === address)]) {
    if (group.length < LOGIN_FAILURES_ALLOWED) continue;
    // The attempt is allowed again once all but LOGIN_FAILURES_ALLOWED - 1 of these failures have aged out.
    const blocking = group[group.length - LOGIN_FAILURES_ALLOWED];
    if (blocking) waitMs = Math.max(waitMs, blocking.failedAt.getTime() + LOGIN_FAILURE_WINDOW_MS - now);
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : null;
}

export async function recordLoginFailure(database: Database, key: string, address: string, now: number): Promise<void> {
  await database.db.insert(backOfficeLoginFailures).values({ usernameKey: key, address, failedAt: new Date(now) });
  await database.db.delete(backOfficeLoginFailures).where(lt(backOfficeLoginFailures.failedAt, new Date(now - LOGIN_FAILURE_WINDOW_MS)));
}

export async function clearLoginFailures(database: Database, key: string): Promise<void> {
  await database.db.delete(backOfficeLoginFailures).where(eq(backOfficeLoginFailures.usernameKey, key));
}
