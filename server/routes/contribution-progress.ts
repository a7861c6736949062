/**
 * The rider's own progress (rider-core §2 Community Contributions page, Challenges tab).
 *
 * - GET /api/contributions/recent → the rider's 20 newest contributions ([] without a session).
 * - GET /api/contributions/challenges → this week's challenges with the rider's progress.
 */
import type { FastifyInstance } from 'fastify';

import * as contracts from '@/domain/contracts/contributions';

import { currentRider } from '../auth/session';
import { challengeProgress } from '../contributions/ledger';
import { recentContributions } from '../contributions/recent-contributions';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';

const RECENT_LIMIT = 20;

export function registerContributionProgressRoutes(
  api: FastifyInstance,
  deps: { database: Database; now?: () => number },
): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  route(api, contracts.listRecentContributions, {}, async (request, reply) => {
    const user = await currentRider(request, reply);
    return user ? recentContributions(db, user.id, RECENT_LIMIT) : [];
  });

  route(api, contracts.listChallenges, {}, async (request, reply) => {
    const user = await currentRider(request, reply);
    return challengeProgress(db, user?.id ?? 0, new Date(clock()));
  });
}
