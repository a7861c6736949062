/**
 * The staff dashboard's reward claims queue: the physical rewards not yet delivered, and their
 * moves one step on (pending → approved → shipped → delivered). A move is conditional on the status
 * it was read with, so two staff clicking at once move a claim only once; the move, the rider's
 * inbox notification and the audit entry are written in the caller's one transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';

import { CLAIM_STATUS_LABELS, nextClaimStatus, type StaffClaimMove } from '@/domain/contributions';
import type { StaffPage } from '@/domain/staff-page';

import { recordAudit } from '../audit/audit-log';
import type { BackOfficeAccount } from '../auth/back-office-session';
import type { Db } from '../db/db-handle';
import { notifications, rewardClaims, rewards, users } from '../db/schema';
import { httpError } from '../http/errors';
import { pageOf, toStaffPage, type StaffPageQuery } from '../http/staff-page';

/** What the rider reads in the inbox for each move. */
const RIDER_MESSAGE: Record<StaffClaimMove, (reward: string) => string> = {
  approved: (reward) => `Your ${reward} claim is approved and being prepared.`,
  shipped: (reward) => `Your ${reward} is on its way.`,
  delivered: (reward) => `Your ${reward} has been delivered. Enjoy!`,
};

export interface StaffClaim {
  id: number;
  rider: string;
  reward: string;
  status: (typeof rewardClaims.$inferSelect)['status'];
  pointsSpent: number;
  claimedAt: string;
}

function toStaffClaim(claim: typeof rewardClaims.$inferSelect, reward: string, rider: string): StaffClaim {
  return {
    id: claim.id,
    rider,
    reward,
    status: claim.status,
    pointsSpent: claim.pointsSpent,
    claimedAt: claim.claimedAt.toISOString(),
  };
}

/** One page of the claims not yet delivered, with the reward's name and the rider's. */
export async function openClaimsPage(db: Db, page: StaffPageQuery): Promise<StaffPage<StaffClaim>> {
  const { where, orderBy, limit } = pageOf(
    rewardClaims.id,
    page,
    inArray(rewardClaims.status, ['pending', 'approved', 'shipped']),
  );
  const rows = await db
    .select({ claim: rewardClaims, reward: rewards.name, rider: users.username })
    .from(rewardClaims)
    .innerJoin(rewards, eq(rewards.id, rewardClaims.rewardId))
    .innerJoin(users, eq(users.id, rewardClaims.userId))
    .where(where)
    .orderBy(orderBy)
    .limit(limit);
  return toStaffPage(
    rows.map((r) => toStaffClaim(r.claim, r.reward, r.rider)),
    page,
  );
}

/** Moves claim `id` to `status`: 404 for an unknown claim, 409 `not_next_status` unless `status` is its next step. */
export async function moveClaim(
  tx: Db,
  account: BackOfficeAccount,
  id: number,
  status: StaffClaimMove,
): Promise<StaffClaim> {
  const [existing] = await tx
    .select({ claim: rewardClaims, reward: rewards.name, rider: users.username })
    .from(rewardClaims)
    .innerJoin(rewards, eq(rewards.id, rewardClaims.rewardId))
    .innerJoin(users, eq(users.id, rewardClaims.userId))
    .where(eq(rewardClaims.id, id));
  if (!existing) throw httpError(404, 'not_found', `No reward claim ${id}`);
  const from = existing.claim.status;
  if (nextClaimStatus(from) !== status)
    throw httpError(409, 'not_next_status', `Reward claim ${id} is ${from}; it cannot move to ${status}`);
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
  await recordAudit(
    tx,
    account,
    `reward_claim.${status}`,
    `reward claim ${id}`,
    `${existing.reward} for ${existing.rider}: ${from} → ${status}`,
  );
  return toStaffClaim(row, existing.reward, existing.rider);
}
