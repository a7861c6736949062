/**
 * Away mode's alarm (src/domain/away-alarm.ts): POST /api/away-sessions/:id/acknowledge stops the
 * return alert repeating. Answers the session with its alarm's fields; a repeat answers the same. Only
 * the caller's sessions: another rider's id and an unknown one are 404 alike; a session without an
 * alarm is 409 `no_alarm`.
 */
import type { FastifyInstance } from 'fastify';

import { acknowledgeAwayAlarm } from '@/domain/contracts/away-sessions';

import { acknowledgeAwayAlarm as acknowledge, withAwayAlarm } from '../alerts/away-alarm-repository';
import { sessionOfRider } from '../away/away-session-repository';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { commitWrite } from '../http/idempotency';

export function registerAwayAlarmRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const clock = deps.now ?? Date.now;
  route(api, acknowledgeAwayAlarm, {}, async (request, reply, user) => {
    const { id } = request.params;
    const session = await commitWrite(deps.database, request, reply, 200, async (tx) => {
      await acknowledge(tx, user.id, id, new Date(clock()));
      return withAwayAlarm(tx, await sessionOfRider(tx, user.id, id));
    });
    return reply.send(session);
  });
}
