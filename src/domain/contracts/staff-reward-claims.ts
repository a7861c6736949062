/** The staff dashboard's reward claims queue: physical rewards moved on one step at a time. */
import { z } from 'zod/mini';

import { staffClaimMoveInputSchema, staffRewardClaimSchema } from '../contributions';
import { staffPageQuerySchema, staffPageSchema } from '../staff-page';
import { defineContract } from './contract';
import { serialIdParam } from './params';

const tag = 'Staff: reward claims';

export const listStaffRewardClaims = defineContract({
  method: 'GET',
  path: '/api/staff/reward-claims',
  summary: 'A page of the reward claims not yet delivered, with the reward and the rider',
  tag,
  access: 'staff',
  query: staffPageQuerySchema,
  responses: { 200: staffPageSchema(staffRewardClaimSchema) },
});

export const moveStaffRewardClaim = defineContract({
  method: 'POST',
  path: '/api/staff/reward-claims/:id',
  summary:
    "Moves a claim one step on: pending → approved → shipped → delivered (409 when the status is not the claim's next)",
  tag,
  access: 'staff',
  params: z.object({ id: serialIdParam }),
  body: staffClaimMoveInputSchema,
  responses: { 200: staffRewardClaimSchema },
});
