/**
 * The community leaderboard (rider-core §2 Community tab).
 *
 * - GET /api/contributions/leaderboard?period=week|all → the top riders and the caller's own rank.
 * - PUT /api/contributions/display-name {displayName} → the name the rider shows under (idempotent).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LEADERBOARD_PERIODS, displayNameInputSchema, terminalWeekStart, type Leaderboard } from '@/domain/contributions';
import { currentRider, requireRider } from '../auth/session';
import { readLeaderboard, saveDisplayName } from '../contributions/leaderboard-repository';
import type { Database } from '../db/client';
import { parseBody, parseQuery } from '../http/errors';
import { commitWrite } from '../http/idempotency';

const leaderboardQuerySchema = z.object({ period: z.enum(LEADERBOARD_PERIODS).default('week') });

export function registerLeaderboardRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  api.get('/contributions/leaderboard', async (request, reply): Promise<Leaderboard> => {
    const { period } = parseQuery(leaderboardQuerySchema, request.query);
    const user = await currentRider(request, reply);
    return readLeaderboard(db, period, new Date(terminalWeekStart(clock())), user?.id ?? null);
  });

  api.put('/contributions/display-name', async (request, reply) => {
    const input = parseBody(displayNameInputSchema, request.body);
    const user = await requireRider(request, reply);
    const result = await commitWrite(deps.database, request, reply, 200, async (tx) => {
      await saveDisplayName(tx, user.id, input.displayName);
      return { displayName: input.displayName };
    });
    return reply.send(result);
  });
}
