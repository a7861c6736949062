/**
 * The riders' away mode sessions as stored (rider-core §2, §9 "Explore Safely"): the active one, a
 * start that keeps "one active session a rider" and "one session an id" however many arrive at once,
 * and an end that answers the same session when repeated. Only the rider's own sessions are read.
 */
import { and, eq } from 'drizzle-orm';

import type { AwaySession } from '@/domain/away';

import type { Db } from '../db/db-handle';
import { lockRider } from '../db/rider-lock';
import { awaySessions } from '../db/schema';
import { httpError } from '../http/errors';

type AwayRow = typeof awaySessions.$inferSelect;
/** A new session's stored fields; the id, the rider and the times are given apart. */
export type AwaySessionFields = Pick<
  AwayRow,
  'ferryId' | 'queuePosition' | 'estimatedBoardingTime' | 'alertThresholdMinutes' | 'alertAt' | 'currentLocation'
>;

export function toAwaySession(row: AwayRow): AwaySession {
  return {
    id: row.id,
    ferryId: row.ferryId,
    queuePosition: row.queuePosition,
    estimatedBoardingTime: row.estimatedBoardingTime.toISOString(),
    alertThresholdMinutes: row.alertThresholdMinutes,
    currentLocation: row.currentLocation,
    alertAt: row.alertAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    status: row.status,
  };
}

const idTaken = () =>
  httpError(409, 'conflict', 'This away session id is already in use; start a new session with a new id');

export async function activeSession(db: Db, userId: number): Promise<AwaySession | null> {
  const [row] = await db
    .select()
    .from(awaySessions)
    .where(and(eq(awaySessions.userId, userId), eq(awaySessions.status, 'active')))
    .limit(1);
  return row ? toAwaySession(row) : null;
}

/**
 * Starts the rider's session `id`, ending their other active one (the newest session wins), or
 * answers the stored session when this id is theirs already (`created` false). An id another rider
 * holds is 409. The rider's row lock serialises their starts, so racing starts leave one active.
 */
export async function startSession(
  tx: Db,
  userId: number,
  id: string,
  fields: AwaySessionFields,
  now: Date,
): Promise<{ session: AwaySession; created: boolean }> {
  await lockRider(tx, userId);
  const [existing] = await tx.select().from(awaySessions).where(eq(awaySessions.id, id)).limit(1);
  if (existing) {
    if (existing.userId !== userId) throw idTaken();
    return { session: toAwaySession(existing), created: false };
  }
  await tx
    .update(awaySessions)
    .set({ status: 'ended', endedAt: now })
    .where(and(eq(awaySessions.userId, userId), eq(awaySessions.status, 'active')));
  const [inserted] = await tx
    .insert(awaySessions)
    .values({ id, userId, ...fields, createdAt: now })
    .onConflictDoNothing({ target: awaySessions.id })
    .returning();
  // Only another rider can have taken the id meanwhile (this rider's writes hold the row lock).
  if (!inserted) throw idTaken();
  return { session: toAwaySession(inserted), created: true };
}

/** The rider's session `id`; 404 for none of theirs. */
export async function sessionOfRider(tx: Db, userId: number, id: string): Promise<AwaySession> {
  const [row] = await tx
    .select()
    .from(awaySessions)
    .where(and(eq(awaySessions.id, id), eq(awaySessions.userId, userId)))
    .limit(1);
  if (!row) throw httpError(404, 'not_found', 'No away session with this id');
  return toAwaySession(row);
}

/** Ends the rider's session `id` and answers it; an ended one answers as it is; 404 for none of theirs. */
export async function endSession(tx: Db, userId: number, id: string): Promise<AwaySession> {
  const mine = and(eq(awaySessions.id, id), eq(awaySessions.userId, userId));
  const [ended] = await tx
    .update(awaySessions)
    .set({ status: 'ended', endedAt: new Date() })
    .where(and(mine, eq(awaySessions.status, 'active')))
    .returning();
  if (ended) return toAwaySession(ended);
  const [row] = await tx.select().from(awaySessions).where(mine).limit(1);
  if (!row) throw httpError(404, 'not_found', 'No away session with this id');
  return toAwaySession(row);
}
