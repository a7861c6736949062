/**
 * The riders' stored queue fixes (one row a rider: the last point they were placed from, its lane
 * and the sailing it was expected to board), read and written for the queue routes.
 */
import { eq } from 'drizzle-orm';

import type { Db } from '../db/db-handle';
import { queuePositions } from '../db/schema';

export type StoredFix = typeof queuePositions.$inferSelect;

export async function readFix(db: Db, userId: number): Promise<StoredFix | undefined> {
  const [row] = await db.select().from(queuePositions).where(eq(queuePositions.userId, userId)).limit(1);
  return row;
}

/** Forgets the rider's fix; true when there was one. */
export async function deleteFix(db: Db, userId: number): Promise<boolean> {
  const removed = await db
    .delete(queuePositions)
    .where(eq(queuePositions.userId, userId))
    .returning({ userId: queuePositions.userId });
  return removed.length > 0;
}

/** Stores the rider's new fix in place of the last one. */
export async function saveFix(tx: Db, row: typeof queuePositions.$inferInsert): Promise<void> {
  await tx.insert(queuePositions).values(row).onConflictDoUpdate({ target: queuePositions.userId, set: row });
}

export async function markFixVerified(tx: Db, userId: number, verified: boolean): Promise<void> {
  await tx.update(queuePositions).set({ verified }).where(eq(queuePositions.userId, userId));
}
