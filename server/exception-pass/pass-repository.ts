/**
 * The exception passes as stored (membership §2, §3): a rider's requests, the staff review queue,
 * and the conditional status changes a review makes. Answers are rows; ./pass-view.ts turns a row
 * into the pass a rider or staff member sees.
 */
import { and, desc, eq } from 'drizzle-orm';

import { PASS_LIST_LIMIT } from '@/domain/contracts/exception-passes';
import type { PassInput, PassStatus } from '@/domain/exception-pass';

import type { Db } from '../db/db-handle';
import { exceptionPasses, users } from '../db/schema';
import { pageOf, type StaffPageQuery } from '../http/staff-page';

export type PassRow = typeof exceptionPasses.$inferSelect;

/** A new pending pass for the rider, valid from `validFrom` to `validUntil`. */
export async function insertPass(
  tx: Db,
  userId: number,
  input: PassInput,
  window: { departureTime: Date; validFrom: Date; validUntil: Date },
): Promise<PassRow> {
  const [inserted] = await tx
    .insert(exceptionPasses)
    .values({ userId, passType: input.passType, description: input.description, route: input.route, ...window })
    .returning();
  if (!inserted) throw new Error('Inserting an exception pass returned no row');
  return inserted;
}

/** The rider's latest PASS_LIST_LIMIT passes, newest first. */
export function listRiderPasses(db: Db, userId: number): Promise<PassRow[]> {
  return db
    .select()
    .from(exceptionPasses)
    .where(eq(exceptionPasses.userId, userId))
    .orderBy(desc(exceptionPasses.createdAt), desc(exceptionPasses.id))
    .limit(PASS_LIST_LIMIT);
}

/** One page of the review queue (one more row than the page, see ../http/staff-page.ts), each pass with its rider's username. */
export function staffPassRows(
  db: Db,
  query: StaffPageQuery & { status: PassStatus | 'all' },
): Promise<{ pass: PassRow; username: string }[]> {
  const { where, orderBy, limit } = pageOf(
    exceptionPasses.id,
    query,
    query.status === 'all' ? undefined : eq(exceptionPasses.status, query.status),
  );
  return db
    .select({ pass: exceptionPasses, username: users.username })
    .from(exceptionPasses)
    .innerJoin(users, eq(users.id, exceptionPasses.userId))
    .where(where)
    .orderBy(orderBy)
    .limit(limit);
}

/** The pass a signed code names, when it still exists and is still the named rider's. */
export async function findPassOf(
  db: Db,
  passId: number,
  userId: number,
): Promise<{ pass: PassRow; username: string } | undefined> {
  const [found] = await db
    .select({ pass: exceptionPasses, username: users.username })
    .from(exceptionPasses)
    .innerJoin(users, eq(users.id, exceptionPasses.userId))
    .where(and(eq(exceptionPasses.id, passId), eq(exceptionPasses.userId, userId)));
  return found;
}

/**
 * Sets the pass's review only while it is still `from` (one conditional UPDATE, so two reviewers
 * cannot both decide it); undefined when it was not `from` or does not exist.
 */
export async function reviewPassFrom(
  tx: Db,
  id: number,
  from: PassStatus,
  review: { status: PassStatus; reason: string | null; reviewedBy: number; reviewedAt: Date },
): Promise<PassRow | undefined> {
  const [row] = await tx
    .update(exceptionPasses)
    .set(review)
    .where(and(eq(exceptionPasses.id, id), eq(exceptionPasses.status, from)))
    .returning();
  return row;
}

/** The pass's status, or undefined when there is no such pass. */
export async function passStatusOf(tx: Db, id: number): Promise<PassStatus | undefined> {
  const [existing] = await tx
    .select({ status: exceptionPasses.status })
    .from(exceptionPasses)
    .where(eq(exceptionPasses.id, id));
  return existing?.status;
}
