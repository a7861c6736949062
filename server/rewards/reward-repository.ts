/**
 * Rewards and their claims (rider-core §2 Rewards tab, §3 Reward and Reward claim, §4, §5).
 * `claimReward` takes the balance and the stock each with one conditional UPDATE
 * (`balance >= cost`, `stock > 0`) in the caller's transaction, before the claim row, so concurrent
 * claims can never overdraw either: a claim that loses the race throws 409 `claim_failed` and the
 * transaction rolls back whatever it had changed. Digital rewards are fulfilled at once (status
 * redeemed): free_months adds a month of Premium, discount issues a store code, stickers and
 * exclusive access are the rider's from then on. Physical items stay pending for staff
 * (./staff-claim-repository.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';

import type { Reward, RewardClaim } from '@/domain/contributions';

import type { Db } from '../db/db-handle';
import { membershipTrials, rewardClaims, rewards, users } from '../db/schema';
import { httpError } from '../http/errors';

/** A free month of Premium from the free_months reward. */
const FREE_MONTH_MS = 30 * 24 * 60 * 60_000;
export const CLAIM_FAILED_MESSAGE = 'Not enough points or reward unavailable.';

type RewardRow = typeof rewards.$inferSelect;

function toReward(row: RewardRow): Reward {
  return { ...row };
}

function toClaim(row: typeof rewardClaims.$inferSelect, reward: RewardRow): RewardClaim {
  return {
    id: row.id,
    reward: toReward(reward),
    claimedAt: row.claimedAt.toISOString(),
    status: row.status,
    code: row.code,
  };
}

/** Every reward, cheapest first. */
export async function listRewards(db: Db): Promise<Reward[]> {
  const rows = await db.select().from(rewards).orderBy(asc(rewards.pointsCost), asc(rewards.id));
  return rows.map(toReward);
}

export async function rewardById(db: Db, id: string): Promise<Reward | null> {
  const [reward] = await db.select().from(rewards).where(eq(rewards.id, id)).limit(1);
  return reward ? toReward(reward) : null;
}

/** The rider's claims, newest first. */
export async function claimsOfRider(db: Db, userId: number): Promise<RewardClaim[]> {
  const rows = await db
    .select({ claim: rewardClaims, reward: rewards })
    .from(rewardClaims)
    .innerJoin(rewards, eq(rewards.id, rewardClaims.rewardId))
    .where(eq(rewardClaims.userId, userId))
    .orderBy(desc(rewardClaims.claimedAt), desc(rewardClaims.id));
  return rows.map((r) => toClaim(r.claim, r.reward));
}

/** What a digital reward does at once; answers the claim's status and code. */
async function fulfil(
  tx: Db,
  userId: number,
  reward: Reward,
  now: Date,
): Promise<{ status: RewardClaim['status']; code: string | null }> {
  switch (reward.rewardType) {
    case 'physical_item':
      return { status: 'pending', code: null };
    case 'discount':
      return { status: 'redeemed', code: `DH-${randomBytes(4).toString('hex').toUpperCase()}` };
    case 'free_months': {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user) throw httpError(401, 'unauthorized', 'Your account no longer exists; reload to start a new one');
      // A free rider becomes Premium for a month; a member with an end date gets a month more.
      const from = user.premiumExpiresAt && user.premiumExpiresAt > now ? user.premiumExpiresAt : now;
      const upgrade = user.membershipType === 'free';
      const extends_ = upgrade || user.premiumExpiresAt !== null;
      const until = new Date(from.getTime() + FREE_MONTH_MS);
      // On a trial the trial's end is the membership's end (membership expiry reverts at it), so it moves too.
      if (extends_)
        await tx
          .update(membershipTrials)
          .set({ expiresAt: until })
          .where(and(eq(membershipTrials.userId, userId), isNull(membershipTrials.endedAt)));
      await tx
        .update(users)
        .set({
          freeMonthsEarned: sql`${users.freeMonthsEarned} + 1`,
          ...(upgrade ? { membershipType: 'premium' as const } : {}),
          ...(extends_ ? { premiumExpiresAt: until } : {}),
        })
        .where(eq(users.id, userId));
      return { status: 'redeemed', code: null };
    }
    default:
      return { status: 'redeemed', code: null };
  }
}

/** Pays for `reward`, takes one from its stock, fulfils it and records the claim; run inside the write's transaction. */
export async function claimReward(
  tx: Db,
  userId: number,
  reward: Reward,
  now: Date,
): Promise<RewardClaim & { rewardPointsBalance: number }> {
  const [paid] = await tx
    .update(users)
    .set({ rewardPointsBalance: sql`${users.rewardPointsBalance} - ${reward.pointsCost}` })
    .where(and(eq(users.id, userId), gte(users.rewardPointsBalance, reward.pointsCost)))
    .returning({ balance: users.rewardPointsBalance });
  if (!paid) throw httpError(409, 'claim_failed', CLAIM_FAILED_MESSAGE);
  const [inStock] = await tx
    .update(rewards)
    .set({ stockQuantity: sql`${rewards.stockQuantity} - 1` })
    .where(and(eq(rewards.id, reward.id), or(isNull(rewards.stockQuantity), gt(rewards.stockQuantity, 0))))
    .returning({ stock: rewards.stockQuantity });
  // Throwing rolls the balance deduction back with it.
  if (!inStock) throw httpError(409, 'claim_failed', CLAIM_FAILED_MESSAGE);
  const { status, code } = await fulfil(tx, userId, reward, now);
  const [claim] = await tx
    .insert(rewardClaims)
    .values({ userId, rewardId: reward.id, status, pointsSpent: reward.pointsCost, code, claimedAt: now })
    .returning();
  if (!claim) throw new Error('Inserting a reward claim returned no row');
  return { ...toClaim(claim, { ...reward, stockQuantity: inStock.stock }), rewardPointsBalance: paid.balance };
}
