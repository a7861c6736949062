/** Rewards' endpoints (rider-core §2 Rewards tab, §3 Reward and Reward claim, §4, §5, §7). */
import { z } from 'zod/mini';

import { claimInputSchema, rewardClaimAnswerSchema, rewardClaimSchema, rewardSchema } from '../contributions';
import { defineContract } from './contract';

const tag = 'Rewards';

export const listRewards = defineContract({
  method: 'GET',
  path: '/api/rewards',
  summary: 'Every reward, cheapest first',
  tag,
  access: 'anyone',
  responses: { 200: z.array(rewardSchema) },
});

export const listRewardClaims = defineContract({
  method: 'GET',
  path: '/api/rewards/claims',
  summary: "The caller's reward claims, newest first (empty without a session)",
  tag,
  access: 'anyone',
  responses: { 200: z.array(rewardClaimSchema) },
});

export const claimReward = defineContract({
  method: 'POST',
  path: '/api/rewards/claim',
  summary: "Claims a reward with the rider's points (409 claim_failed when the points or the stock are short)",
  tag,
  access: 'rider',
  body: claimInputSchema,
  responses: { 201: rewardClaimAnswerSchema },
});
