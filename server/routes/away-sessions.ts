/**
 * Away mode sessions (rider-core §2, §7, §9 "Explore Safely"). Every answer is the AwaySession shape of
 * src/domain/away.ts; only the caller's sessions are ever read or changed.
 *
 * - GET /active answers the caller's active session or `null` (200, never cached: it is polled).
 * - POST starts a session. The body's `id` (a client UUID, so a session started offline can be ended
 *   offline by the same id) is kept; without one the server makes one. The server sets `alertAt`
 *   (boarding minus threshold, threshold 5 when missing).
 *   - The same id again from the same rider answers the stored session (200), unchanged, even without
 *     an Idempotency-Key: an outbox retry never starts a second session or revives an ended one.
 *   - An id that belongs to another rider is a 409; nothing changes.
 *   - If the caller already has another active session, that one is ended and the new one starts: the
 *     newest session wins. A rider who started away mode offline on the phone while an older session
 *     was still active is where they say they are now; refusing would strand the offline session in
 *     the outbox with a final error. Per-rider writes are serialised by locking the user's row, so two
 *     racing starts end with exactly one active session.
 *   - estimatedBoardingTime more than AWAY_MAX_BOARDING_AHEAD_MS ahead or AWAY_MAX_BOARDING_PAST_MS in
 *     the past is a 400; ferryId must be a vessel of the fleet (400 otherwise).
 * - `repeatUntilAcknowledged` sets the session's alarm (server/alerts/away-alarm-repository.ts); every
 *   answer says whether it has one and when it was acknowledged.
 * - DELETE /:id ends the session and answers it (status "ended"); a repeat answers the same session.
 *   Unknown ids and other riders' sessions are 404 alike, so ids of others cannot be probed.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

import { alertThresholdOf, AWAY_MAX_BOARDING_AHEAD_MS, AWAY_MAX_BOARDING_PAST_MS, awayAlertAt } from '@/domain/away';
import { activeAwaySession, endAwaySession, startAwaySession } from '@/domain/contracts/away-sessions';

import { setAwayAlarm, withAwayAlarm } from '../alerts/away-alarm-repository';
import { currentRider } from '../auth/session';
import { activeSession, endSession, startSession } from '../away/away-session-repository';
import type { Database } from '../db/client';
import { FLEET } from '../db/fleet';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';
import { commitWrite } from '../http/idempotency';

function checkBoardingTime(boardingMs: number, now: number): void {
  if (boardingMs > now + AWAY_MAX_BOARDING_AHEAD_MS) {
    throw httpError(
      400,
      'invalid_request',
      'Invalid request body: estimatedBoardingTime must be within 24 hours from now',
    );
  }
  if (boardingMs < now - AWAY_MAX_BOARDING_PAST_MS) {
    throw httpError(
      400,
      'invalid_request',
      'Invalid request body: estimatedBoardingTime must not be more than 6 hours ago',
    );
  }
}

export function registerAwaySessionRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { db } = deps.database;

  route(api, activeAwaySession, {}, async (request, reply) => {
    const user = await currentRider(request, reply);
    const session = user ? await withAwayAlarm(db, await activeSession(db, user.id)) : null;
    reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8');
    return reply.send(JSON.stringify(session));
  });

  route(api, startAwaySession, {}, async (request, reply, user) => {
    const input = request.body;
    const now = Date.now();
    checkBoardingTime(Date.parse(input.estimatedBoardingTime), now);
    if (!FLEET.some((vessel) => vessel.id === input.ferryId)) {
      throw httpError(400, 'invalid_request', `Invalid request body: ferryId: no ferry has the id "${input.ferryId}"`);
    }
    const id = input.id ?? randomUUID();
    const alertThresholdMinutes = alertThresholdOf(input);
    const fields = {
      ferryId: input.ferryId,
      queuePosition: input.queuePosition,
      estimatedBoardingTime: new Date(input.estimatedBoardingTime),
      alertThresholdMinutes,
      alertAt: new Date(awayAlertAt({ estimatedBoardingTime: input.estimatedBoardingTime, alertThresholdMinutes })),
      currentLocation: input.currentLocation,
    };
    // A repeat of this id answers 200 with the stored session; only a new session is a 201.
    let created = false;
    const session = await commitWrite(
      deps.database,
      request,
      reply,
      () => (created ? 201 : 200),
      async (tx) => {
        const started = await startSession(tx, user.id, id, fields, new Date(now));
        created = started.created;
        // Away mode's alarm (src/domain/away-alarm.ts), set with the session it rings for.
        if (created && input.repeatUntilAcknowledged) await setAwayAlarm(tx, user.id, id);
        return withAwayAlarm(tx, started.session);
      },
    );
    return reply.send(session);
  });

  route(api, endAwaySession, {}, async (request, reply, user) => {
    const { id } = request.params;
    const session = await commitWrite(deps.database, request, reply, 200, async (tx) =>
      withAwayAlarm(tx, await endSession(tx, user.id, id)),
    );
    return reply.send(session);
  });
}
