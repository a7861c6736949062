/**
 * Rules that read and then write ("one report per 10 minutes", the daily points cap, "one active
 * timer") are only true under concurrency if the reads and the write cannot interleave with another
 * transaction's. Under PostgreSQL's READ COMMITTED they can, so such a transaction first takes:
 * - `lockRider`: the rider's `users` row FOR UPDATE. A second write by the same rider waits at this
 *   line until the first commits, then reads what it wrote (each later statement sees the commit).
 * - `lockKey`: a transaction-scoped advisory lock on a string, for a rule that spans riders (the
 *   same photo sent by ten riders pays once). Taken after `lockRider`, always in that order, so two
 *   transactions never wait on each other in a cycle.
 * Both locks end with the transaction (commit or rollback).
 */
import { eq, sql } from 'drizzle-orm';

import type { Db } from './db-handle';
import { users } from './schema';

export async function lockRider(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
