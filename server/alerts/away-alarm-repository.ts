/**
 * Away mode's alarm as stored (src/domain/away-alarm.ts): which sessions have one, when the rider
 * acknowledged it, and how many repeats have been pushed. Only the rider's own sessions are touched.
 */
import { and, eq, gt, isNull, lt, lte } from 'drizzle-orm';

import type { AwaySession } from '@/domain/away';

import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { awayAlarms, awaySessions } from '../db/schema';
import { httpError } from '../http/errors';

/** Sets the alarm for the rider's new session (once; setting it again changes nothing). */
export async function setAwayAlarm(tx: Db, userId: number, sessionId: string): Promise<void> {
  await tx.insert(awayAlarms).values({ sessionId, userId }).onConflictDoNothing({ target: awayAlarms.sessionId });
}

/** The session with its alarm's fields (no alarm: repeatUntilAcknowledged false). */
export async function withAwayAlarm<S extends AwaySession | null>(handle: Db, session: S): Promise<S> {
  if (!session) return session;
  const [alarm] = await handle.select().from(awayAlarms).where(eq(awayAlarms.sessionId, session.id)).limit(1);
  return {
    ...session,
    repeatUntilAcknowledged: alarm !== undefined,
    acknowledgedAt: alarm?.acknowledgedAt ? alarm.acknowledgedAt.toISOString() : null,
  };
}

/**
 * Acknowledges the alarm of the rider's session `id` (the first acknowledgement's time stays): 404 for
 * a session that is not theirs, 409 `no_alarm` for one without an alarm.
 */
export async function acknowledgeAwayAlarm(tx: Db, userId: number, id: string, now: Date): Promise<void> {
  const [session] = await tx
    .select({ id: awaySessions.id })
    .from(awaySessions)
    .where(and(eq(awaySessions.id, id), eq(awaySessions.userId, userId)))
    .limit(1);
  if (!session) throw httpError(404, 'not_found', 'No away session with this id');
  const [alarm] = await tx.select().from(awayAlarms).where(eq(awayAlarms.sessionId, id)).limit(1);
  if (!alarm) throw httpError(409, 'no_alarm', 'This away session has no alarm to acknowledge');
  if (!alarm.acknowledgedAt)
    await tx.update(awayAlarms).set({ acknowledgedAt: now }).where(eq(awayAlarms.sessionId, id));
}

/** Active sessions whose alarm rings (alert time come, not acknowledged), boarding no more than `staleMs` ago. */
export function ringingAwayAlarms(database: Database, now: Date, staleMs: number) {
  return database.db
    .select({
      sessionId: awaySessions.id,
      userId: awaySessions.userId,
      alertAt: awaySessions.alertAt,
      estimatedBoardingTime: awaySessions.estimatedBoardingTime,
      currentLocation: awaySessions.currentLocation,
      repeatsSent: awayAlarms.repeatsSent,
    })
    .from(awayAlarms)
    .innerJoin(awaySessions, eq(awaySessions.id, awayAlarms.sessionId))
    .where(
      and(
        eq(awaySessions.status, 'active'),
        lte(awaySessions.alertAt, now),
        gt(awaySessions.estimatedBoardingTime, new Date(now.getTime() - staleMs)),
        isNull(awayAlarms.acknowledgedAt),
      ),
    )
    .limit(500);
}

/** Records repeat `n` as pushed; true only for the one caller that moved the count to `n`. */
export async function claimAwayAlarmRepeat(database: Database, sessionId: string, n: number): Promise<boolean> {
  const updated = await database.db
    .update(awayAlarms)
    .set({ repeatsSent: n })
    .where(and(eq(awayAlarms.sessionId, sessionId), lt(awayAlarms.repeatsSent, n)))
    .returning({ sessionId: awayAlarms.sessionId });
  return updated.length > 0;
}
