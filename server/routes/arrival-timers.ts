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
import type { FastifyInstance } from 'fastify';

import { ARRIVAL_TRAVEL_MINUTES, arrivalPlan } from '@/domain/arrival-timer';
import { createArrivalTimer, deleteArrivalTimer, listArrivalTimers } from '@/domain/contracts/arrival-timers';
import type { Sailing } from '@/domain/sailing';
import { checkTimerSailing } from '@/domain/timer-sailing';

import { activeTimers, createTimer, deleteTimer } from '../arrival/arrival-timer-repository';
import { currentRider } from '../auth/session';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';
import { commitWrite } from '../http/idempotency';

export function registerArrivalTimerRoutes(
  api: FastifyInstance,
  deps: { database: Database; now?: () => number; feed?: { sailings(): readonly Sailing[] } },
): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  route(api, listArrivalTimers, {}, async (request, reply) => {
    const user = await currentRider(request, reply);
    return user ? activeTimers(db, user.id) : [];
  });

  route(api, createArrivalTimer, {}, async (request, reply, user) => {
    const input = request.body;
    const now = clock();
    const times = arrivalPlan(input.targetDeparture, input.bufferTime, now);
    const fields = {
      id: input.id,
      ferryId: input.ferryId,
      departureLocation: input.departureLocation,
      targetDeparture: new Date(input.targetDeparture),
      bufferTime: input.bufferTime,
      travelTime: ARRIVAL_TRAVEL_MINUTES,
      cutoffTime: new Date(times.cutoffTime),
      alarmTime: new Date(times.alarmTime),
    };
    // A new timer names a sailing of its route, at its departure, and can still be left for in time.
    const check = () => {
      const sailing = checkTimerSailing(input.ferryId, input.targetDeparture, deps.feed?.sailings() ?? []);
      if (!sailing.ok) throw httpError(422, sailing.error, sailing.message);
      if (times.tooLate) {
        throw httpError(
          422,
          'too_late',
          'It is too late to leave for this sailing: its leave time has passed. Choose a later sailing.',
        );
      }
    };
    const timer = await commitWrite(deps.database, request, reply, 201, (tx) =>
      createTimer(tx, user.id, fields, new Date(now), check),
    );
    return reply.send(timer);
  });

  route(api, deleteArrivalTimer, {}, async (request, reply, user) => {
    const { id } = request.params;
    await commitWrite(deps.database, request, reply, 204, (tx) => deleteTimer(tx, user.id, id));
    return reply.send();
  });
}
