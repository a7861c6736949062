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

import * as contracts from '@/domain/contracts/rewards';

import { currentRider } from '../auth/session';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { claimReward, claimsOfRider, listRewards, rewardById } from '../rewards/reward-repository';

export function registerRewardRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  route(api, contracts.listRewards, {}, () => listRewards(db));

  route(api, contracts.listRewardClaims, {}, async (request, reply) => {
    const user = await currentRider(request, reply);
    return user ? claimsOfRider(db, user.id) : [];
  });

  route(api, contracts.claimReward, {}, async (request, reply, user) => {
    const reward = await rewardById(db, request.body.rewardId);
    if (!reward) throw httpError(404, 'not_found', 'No such reward');
    const now = new Date(clock());
    const result = await commitWrite(deps.database, request, reply, 201, (tx) => claimReward(tx, user.id, reward, now));
    return reply.send(result);
  });
}
