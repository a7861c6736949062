/**
 * The staff dashboard's reward claims queue (staff or admin). Physical rewards wait for staff; digital
 * ones are redeemed by the server at once (./rewards.ts) and never show here.
 * - GET /api/staff/reward-claims → a page of the claims not yet delivered, with the reward and rider
 *   (newest first by default: `limit`, `order`, `cursor`, ../http/staff-page.ts).
 * - POST /api/staff/reward-claims/:id {status} → the claim moved one step (pending → approved →
 *   shipped → delivered). 404 for an unknown claim, 409 when `status` is not the claim's next step
 *   (a second click on a stale screen changes nothing). The move, the rider's inbox notification and
 *   the audit entry are one transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CLAIM_STATUS_LABELS, nextClaimStatus, STAFF_CLAIM_MOVES } from '@/domain/contributions';
import { backOfficeAccount } from '../auth/back-office-session';
import { recordAudit } from '../back-office/audit';
import type { Database } from '../db/client';
import { notifications, rewardClaims, rewards, users } from '../db/schema';
import { httpError, parseBody, parseParams, parseQuery } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { serialId } from '../http/params';
import { pageOf, staffPageQuery, toStaffPage } from '../http/staff-page';

const idParams = z.object({ id: serialId });
const moveSchema = z.object({ status: z.enum(STAFF_CLAIM_MOVES) });

/** What the rider reads in the inbox for each move. */
const RIDER_MESSAGE: Record<(typeof STAFF_CLAIM_MOVES)[number], (reward: string) => string> = {
  approved: (reward) => `Your ${reward} claim is approved and being prepared.`,
  shipped: (reward) => `Your ${reward} is on its way.`,
  delivered: (reward) => `Your ${reward} has been delivered. Enjoy!`,
};

function toStaffClaim(claim: typeof rewardClaims.$inferSelect, reward: string, rider: string) {
  return { id: claim.id, rider, reward, status: claim.status, pointsSpent: claim.pointsSpent, claimedAt: claim.claimedAt.toISOString() };
}

export function registerStaffRewardClaimRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;
  const { db } = database;

  api.get('/staff/reward-claims', { config: { role: 'staff' } }, async (request) => {
    const page = parseQuery(staffPageQuery, request.query);
    const { where, orderBy, limit } = pageOf(rewardClaims.id, page, inArray(rewardClaims.status, ['pending', 'approved', 'shipped']));
    const rows = await db
      .select({ claim: rewardClaims, reward: rewards.name, rider: users.username })
      .from(rewardClaims)
      .innerJoin(rewards, eq(rewards.id, rewardClaims.rewardId))
      .innerJoin(users, eq(users.id, rewardClaims.userId))
      .where(where)
      .orderBy(orderBy)
      .limit(limit);
    return toStaffPage(rows.map((r) => toStaffClaim(r.claim, r.reward, r.rider)), page);
  });

  api.post('/staff/reward-claims/:id', { config: { role: 'staff' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const { status } = parseBody(moveSchema, request.body);
    const account = backOfficeAccount(request);
    const moved = await commitWrite(database, request, reply, 200, async (tx) => {
      const [existing] = await tx
        .select({ claim: rewardClaims, reward: rewards.name, rider: users.username })
        .from(rewardClaims)
        .innerJoin(rewards, eq(rewards.id, rewardClaims.rewardId))
        .innerJoin(users, eq(users.id, rewardClaims.userId))
        .where(eq(rewardClaims.id, id));
      if (!existing) throw httpError(404, 'not_found', `No reward claim ${id}`);
      const from = existing.claim.status;
      if (nextClaimStatus(from) !== status) throw httpError(409, 'not_next_status', `Reward claim ${id} is ${from}; it cannot move to ${status}`);
      // Conditional on the status read above, so two staff clicking at once move it only once.
      const [row] = await tx
        .update(rewardClaims)
        .set({ status })
        .where(and(eq(rewardClaims.id, id), eq(rewardClaims.status, from)))
        .returning();
      if (!row) throw httpError(409, 'not_next_status', `Reward claim ${id} was just moved by someone else`);
      await tx
        .insert(notifications)
        .values({
          userId: row.userId,
          key: `reward-claim:${row.id}:${status}`,
          kind: 'order_update',
          title: `Reward ${CLAIM_STATUS_LABELS[status].toLowerCase()}`,
          body: RIDER_MESSAGE[status](existing.reward),
          url: '/app/contributions',
        })
        .onConflictDoNothing();
      await recordAudit(tx, account, `reward_claim.${status}`, `reward claim ${id}`, `${existing.reward} for ${existing.rider}: ${from} → ${status}`);
      return toStaffClaim(row, existing.reward, existing.rider);
    });
    return reply.send(moved);
  });
}
