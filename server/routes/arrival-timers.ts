/**
 * Arrival timers (rider-core §2, §3, §7, §9).
 *
 * - GET /api/arrival-timers → the caller's active timers, newest first.
 * - POST /api/arrival-timers {id (client UUID), ferryId, departureLocation, targetDeparture (the chosen
 *   sailing's departure instant), bufferTime 5-60, travelTime? (45)} → 201 the timer. cutoffTime (the
 *   check-in cutoff, 30 min before departure) and alarmTime (leave by: cutoff − travel − buffer) are
 *   recomputed here with the client's function (any sent are ignored); a timer whose leave time has
 *   already passed on the server's clock is 422 `too_late`. A timer names its sailing by the sailing's id: a
 *   sailing the route does not have is 422 `unknown_sailing`, a target that is not its departure 422
 *   `sailing_mismatch` (src/domain/timer-sailing.ts). A rider has one active timer: creating one deletes
 *   their others, under the rider's row lock, and a partial unique index keeps it so in the database. Re-sending the same id (the outbox retrying without its key) answers the stored
 *   timer; an id owned by another rider is 409.
 * - DELETE /api/arrival-timers/:id → 204; 404 when the caller has no such timer (another rider's
 *   timer is indistinguishable from a missing one).
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ARRIVAL_TRAVEL_MINUTES, arrivalPlan, type ArrivalTimer } from '@/domain/arrival-timer';
import { arrivalTimerInputSchema } from '@/domain/arrival-timer-input';
import type { Sailing } from '@/domain/sailing';
import { checkTimerSailing } from '@/domain/timer-sailing';
import { currentRider, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import { arrivalTimers } from '../db/schema';
import { lockRider } from '../db/rider-lock';
import { httpError, parseBody, parseParams } from '../http/errors';
import { commitWrite } from '../http/idempotency';

const idParamsSchema = z.object({ id: z.uuid() });

const idTaken = () => httpError(409, 'conflict', 'This timer id is taken; create the timer with a new id');

export function toArrivalTimer(row: typeof arrivalTimers.$inferSelect): ArrivalTimer {
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

export function registerArrivalTimerRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number; feed?: { sailings(): readonly Sailing[] } }): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  api.get('/arrival-timers', async (request, reply) => {
    const user = await currentRider(request, reply);
    if (!user) return [];
    const rows = await db
      .select()
      .from(arrivalTimers)
      .where(and(eq(arrivalTimers.userId, user.id), eq(arrivalTimers.status, 'active')))
      .orderBy(desc(arrivalTimers.createdAt));
    return rows.map(toArrivalTimer);
  });

  api.post('/arrival-timers', async (request, reply) => {
    const input = parseBody(arrivalTimerInputSchema, request.body);
    const user = await requireRider(request, reply);
    const now = clock();
    const times = arrivalPlan(input.targetDeparture, input.bufferTime, now);
    const timer = await commitWrite(deps.database, request, reply, 201, async (tx) => {
      // One rider's timer writes queue here, so "one active timer" holds however many arrive at once;
      // the partial unique index arrival_timers_one_active_per_user is the database's guarantee.
      await lockRider(tx, user.id);
      const [existing] = await tx.select().from(arrivalTimers).where(eq(arrivalTimers.id, input.id)).limit(1);
      if (existing) {
        if (existing.userId !== user.id) throw idTaken();
        return toArrivalTimer(existing);
      }
      const sailing = checkTimerSailing(input.ferryId, input.targetDeparture, deps.feed?.sailings() ?? []);
      if (!sailing.ok) throw httpError(422, sailing.error, sailing.message);
      if (times.tooLate) {
        throw httpError(422, 'too_late', 'It is too late to leave for this sailing: its leave time has passed. Choose a later sailing.');
      }
      await tx.delete(arrivalTimers).where(and(eq(arrivalTimers.userId, user.id), ne(arrivalTimers.id, input.id)));
      const [inserted] = await tx
        .insert(arrivalTimers)
        .values({
          id: input.id,
          userId: user.id,
          ferryId: input.ferryId,
          departureLocation: input.departureLocation,
          targetDeparture: new Date(input.targetDeparture),
          bufferTime: input.bufferTime,
          travelTime: ARRIVAL_TRAVEL_MINUTES,
          cutoffTime: new Date(times.cutoffTime),
          alarmTime: new Date(times.alarmTime),
          createdAt: new Date(now),
        })
        .onConflictDoNothing({ target: arrivalTimers.id })
        .returning();
      // Only another rider can have taken the id meanwhile (this rider's writes hold the row lock).
      if (!inserted) throw idTaken();
      return toArrivalTimer(inserted);
    });
    return reply.send(timer);
  });

  api.delete('/arrival-timers/:id', async (request, reply) => {
    const { id } = parseParams(idParamsSchema, request.params);
    const user = await requireRider(request, reply);
    await commitWrite(deps.database, request, reply, 204, async (tx) => {
      const deleted = await tx
        .delete(arrivalTimers)
        .where(and(eq(arrivalTimers.id, id), eq(arrivalTimers.userId, user.id)))
        .returning({ id: arrivalTimers.id });
      if (deleted.length === 0) throw httpError(404, 'not_found', 'No such arrival timer');
    });
    return reply.send();
  });
}
