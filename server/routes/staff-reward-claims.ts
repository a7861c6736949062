/**
 * The staff dashboard's reward claims queue (staff or admin). Physical rewards wait for staff; digital
 * ones are redeemed by the server at once (./rewards.ts) and never show here.
 * - GET /api/staff/reward-claims → a page of the claims not yet delivered, with the reward and rider
 *   (newest first by default: `limit`, `order`, `cursor`, ../http/staff-page.ts).
 * - POST /api/staff/reward-claims/:id {status} → the claim moved one step (pending → approved →
 *   shipped → delivered). 404 for an unknown claim, 409 when `status` is not the claim's next step
 *   (a second click on a stale screen changes nothing). The move, the rider's inbox notification and
 *   the audit entry are one transaction (server/rewards/staff-claim-repository.ts).
 */
import type { FastifyInstance } from 'fastify';

import * as contracts from '@/domain/contracts/staff-reward-claims';

import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { commitWrite } from '../http/idempotency';
import { moveClaim, openClaimsPage } from '../rewards/staff-claim-repository';

export function registerStaffRewardClaimRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;

  route(api, contracts.listStaffRewardClaims, {}, (request) => openClaimsPage(database.db, request.query));

  route(api, contracts.moveStaffRewardClaim, {}, async (request, reply, account) => {
    const moved = await commitWrite(database, request, reply, 200, (tx) =>
      moveClaim(tx, account, request.params.id, request.body.status),
    );
    return reply.send(moved);
  });
}
