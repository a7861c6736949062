/**
 * Rewards and claims (rider-core §2 Rewards tab, §3 Reward and Reward claim, §4, §5, §7, §8).
 *
 * - GET /api/rewards → Reward[] (cheapest first).
 * - GET /api/rewards/claims → the caller's RewardClaim[], newest first.
 * - POST /api/rewards/claim {rewardId} → 201 RewardClaim & {rewardPointsBalance}. 404 for an unknown
 *   reward; 409 `claim_failed` when the balance or the stock is short, however many claims race
 *   (server/rewards/reward-repository.ts). Physical items stay pending until staff move them on in
 *   the back office.
 */
import type { FastifyInstance } from 'fastify';
import { claimInputSchema } from '@/domain/contributions';
import { currentRider, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import { httpError, parseBody } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { claimReward, claimsOfRider, listRewards, rewardById } from '../rewards/reward-repository';

export function registerRewardRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  api.get('/rewards', () => listRewards(db));

  api.get('/rewards/claims', async (request, reply) => {
    const user = await currentRider(request, reply);
    return user ? claimsOfRider(db, user.id) : [];
  });

  api.post('/rewards/claim', async (request, reply) => {
    const input = parseBody(claimInputSchema, request.body);
    const reward = await rewardById(db, input.rewardId);
    if (!reward) throw httpError(404, 'not_found', 'No such reward');
    const user = await requireRider(request, reply);
    const now = new Date(clock());
    const result = await commitWrite(deps.database, request, reply, 201, (tx) => claimReward(tx, user.id, reward, now));
    return reply.send(result);
  });
}
