/**
 * The community leaderboard (rider-core §2 Community tab).
 *
 * - GET /api/contributions/leaderboard?period=week|all → the top riders and the caller's own rank.
 * - PUT /api/contributions/display-name {displayName} → the name the rider shows under (idempotent).
 */
import type { FastifyInstance } from 'fastify';

import * as contracts from '@/domain/contracts/contributions';
import { terminalWeekStart } from '@/domain/contributions';

import { currentRider } from '../auth/session';
import { readLeaderboard, saveDisplayName } from '../contributions/leaderboard-repository';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { commitWrite } from '../http/idempotency';

export function registerLeaderboardRoutes(
  api: FastifyInstance,
  deps: { database: Database; now?: () => number },
): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  route(api, contracts.readLeaderboard, {}, async (request, reply) => {
    const user = await currentRider(request, reply);
    return readLeaderboard(db, request.query.period, new Date(terminalWeekStart(clock())), user?.id ?? null);
  });

  route(api, contracts.setDisplayName, {}, async (request, reply, user) => {
    const input = request.body;
    const result = await commitWrite(deps.database, request, reply, 200, async (tx) => {
      await saveDisplayName(tx, user.id, input.displayName);
      return { displayName: input.displayName };
    });
    return reply.send(result);
  });
}
