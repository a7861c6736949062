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
import { z } from 'zod';
import { STAFF_CLAIM_MOVES } from '@/domain/contributions';
import { backOfficeAccount } from '../auth/back-office-session';
import type { Database } from '../db/client';
import { parseBody, parseParams, parseQuery } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { serialId } from '../http/params';
import { staffPageQuery } from '../http/staff-page';
import { moveClaim, openClaimsPage } from '../rewards/staff-claim-repository';

const idParams = z.object({ id: serialId });
const moveSchema = z.object({ status: z.enum(STAFF_CLAIM_MOVES) });

export function registerStaffRewardClaimRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;

  api.get('/staff/reward-claims', { config: { role: 'staff' } }, (request) => openClaimsPage(database.db, parseQuery(staffPageQuery, request.query)));

  api.post('/staff/reward-claims/:id', { config: { role: 'staff' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const { status } = parseBody(moveSchema, request.body);
    const account = backOfficeAccount(request);
    const moved = await commitWrite(database, request, reply, 200, (tx) => moveClaim(tx, account, id, status));
    return reply.send(moved);
  });
}
