/**
 * The riders' arrival timers as stored (rider-core §2, §3, §9). A rider has one active timer:
 * creating one deletes their others under the rider's row lock, and the partial unique index
 * arrival_timers_one_active_per_user is the database's own guarantee. One id is one timer:
 * re-sending it answers the stored timer, and an id another rider holds is 409.
 */
import { and, desc, eq, ne } from 'drizzle-orm';

import type { ArrivalTimer } from '@/domain/arrival-timer';

import type { Db } from '../db/db-handle';
import { lockRider } from '../db/rider-lock';
import { arrivalTimers } from '../db/schema';
import { httpError } from '../http/errors';

type TimerRow = typeof arrivalTimers.$inferSelect;
/** A new timer's stored fields; the rider and the creation time are given apart. */
export type ArrivalTimerFields = Pick<
  TimerRow,
  'id' | 'ferryId' | 'departureLocation' | 'targetDeparture' | 'bufferTime' | 'travelTime' | 'cutoffTime' | 'alarmTime'
>;

export function toArrivalTimer(row: TimerRow): ArrivalTimer {
  return {
    id: row.id,
    ferryId: row.ferryId,
    departureLocation: row.departureLocation,
    targetDeparture: row.targetDeparture ? row.targetDeparture.toISOString() : null,
    bufferTime: row.bufferTime,
    travelTime: row.travelTime,
    cutoffTime: row.cutoffTime.toISOString(),
    alarmTime: row.alarmTime.toISOString(),
    status: 'active',
    createdAt: row.createdAt.toISOString(),
  };
}

const idTaken = () => httpError(409, 'conflict', 'This timer id is taken; create the timer with a new id');

/** The rider's active timers, newest first. */
export async function activeTimers(db: Db, userId: number): Promise<ArrivalTimer[]> {
  const rows = await db
    .select()
    .from(arrivalTimers)
    .where(and(eq(arrivalTimers.userId, userId), eq(arrivalTimers.status, 'active')))
    .orderBy(desc(arrivalTimers.createdAt));
  return rows.map(toArrivalTimer);
}

/**
 * Makes `fields` the rider's one active timer, or answers the stored timer when its id is theirs
 * already. `check` runs for a new timer only, before anything changes: it throws what refuses it.
 */
export async function createTimer(
  tx: Db,
  userId: number,
  fields: ArrivalTimerFields,
  now: Date,
  check: () => void,
): Promise<ArrivalTimer> {
  // One rider's timer writes queue here, so "one active timer" holds however many arrive at once;
  // the partial unique index arrival_timers_one_active_per_user is the database's guarantee.
  await lockRider(tx, userId);
  const [existing] = await tx.select().from(arrivalTimers).where(eq(arrivalTimers.id, fields.id)).limit(1);
  if (existing) {
    if (existing.userId !== userId) throw idTaken();
    return toArrivalTimer(existing);
  }
  check();
  await tx.delete(arrivalTimers).where(and(eq(arrivalTimers.userId, userId), ne(arrivalTimers.id, fields.id)));
  const [inserted] = await tx
    .insert(arrivalTimers)
    .values({ ...fields, userId, createdAt: now })
    .onConflictDoNothing({ target: arrivalTimers.id })
    .returning();
  // Only another rider can have taken the id meanwhile (this rider's writes hold the row lock).
  if (!inserted) throw idTaken();
  return toArrivalTimer(inserted);
}

/** Deletes the rider's timer `id`; 404 when they have none by that id (another rider's included). */
export async function deleteTimer(tx: Db, userId: number, id: string): Promise<void> {
  const deleted = await tx
    .delete(arrivalTimers)
    .where(and(eq(arrivalTimers.id, id), eq(arrivalTimers.userId, userId)))
    .returning({ id: arrivalTimers.id });
  if (deleted.length === 0) throw httpError(404, 'not_found', 'No such arrival timer');
}
