/**
 * Rewards and claims (rider-core §2 Rewards tab, §3 Reward and Reward claim, §4, §5, §7, §8).
 *
 * - GET /api/rewards → Reward[] (cheapest first).
 * - GET /api/rewards/claims → the caller's RewardClaim[], newest first.
 * - POST /api/rewards/claim {rewardId} → 201 RewardClaim & {rewardPointsBalance}. The balance and the
 *   stock are each taken with one conditional UPDATE (`balance >= cost`, `stock > 0`) in the same
 *   transaction as the claim row, so concurrent claims can never overdraw either: a claim that loses
 *   the race gets 409 `claim_failed` and nothing changes. 404 for an unknown reward.
 *   Digital rewards are fulfilled at once (status redeemed): free_months adds a month of Premium,
 *   discount issues a store code, stickers and exclusive access are the rider's from then on.
 *   Physical items stay pending until staff move them on in the back office.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { claimInputSchema, type Reward, type RewardClaim } from '@/domain/contributions';
import { currentRider, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { membershipTrials, rewardClaims, rewards, users } from '../db/schema';
import { httpError, parseBody } from '../http/errors';
import { commitWrite } from '../http/idempotency';

/** A free month of Premium from the free_months reward. */
const FREE_MONTH_MS = 30 * 24 * 60 * 60_000;
export const CLAIM_FAILED_MESSAGE = 'Not enough points or reward unavailable.';

function toReward(row: typeof rewards.$inferSelect): Reward {
  return { ...row };
}

function toClaim(row: typeof rewardClaims.$inferSelect, reward: typeof rewards.$inferSelect): RewardClaim {
  return { id: row.id, reward: toReward(reward), claimedAt: row.claimedAt.toISOString(), status: row.status, code: row.code };
}

/** What a digital reward does at once; answers the claim's status and code. */
async function fulfil(tx: Db, userId: number, reward: typeof rewards.$inferSelect, now: Date): Promise<{ status: RewardClaim['status']; code: string | null }> {
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
      if (extends_) await tx.update(membershipTrials).set({ expiresAt: until }).where(and(eq(membershipTrials.userId, userId), isNull(membershipTrials.endedAt)));
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

export function registerRewardRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  api.get('/rewards', async () => {
    const rows = await db.select().from(rewards).orderBy(asc(rewards.pointsCost), asc(rewards.id));
    return rows.map(toReward);
  });

  api.get('/rewards/claims', async (request, reply) => {
    const user = await currentRider(request, reply);
    if (!user) return [];
    const rows = await db
      .select({ claim: rewardClaims, reward: rewards })
      .from(rewardClaims)
      .innerJoin(rewards, eq(rewards.id, rewardClaims.rewardId))
      .where(eq(rewardClaims.userId, user.id))
      .orderBy(desc(rewardClaims.claimedAt), desc(rewardClaims.id));
    return rows.map((r) => toClaim(r.claim, r.reward));
  });

  api.post('/rewards/claim', async (request, reply) => {
    const input = parseBody(claimInputSchema, request.body);
    const [reward] = await db.select().from(rewards).where(eq(rewards.id, input.rewardId)).limit(1);
    if (!reward) throw httpError(404, 'not_found', 'No such reward');
    const user = await requireRider(request, reply);
    const now = new Date(clock());
    const result = await commitWrite(deps.database, request, reply, 201, async (tx) => {
      const [paid] = await tx
        .update(users)
        .set({ rewardPointsBalance: sql`${users.rewardPointsBalance} - ${reward.pointsCost}` })
        .where(and(eq(users.id, user.id), gte(users.rewardPointsBalance, reward.pointsCost)))
        .returning({ balance: users.rewardPointsBalance });
      if (!paid) throw httpError(409, 'claim_failed', CLAIM_FAILED_MESSAGE);
      const [inStock] = await tx
        .update(rewards)
        .set({ stockQuantity: sql`${rewards.stockQuantity} - 1` })
        .where(and(eq(rewards.id, reward.id), or(isNull(rewards.stockQuantity), gt(rewards.stockQuantity, 0))))
        .returning({ stock: rewards.stockQuantity });
      // Throwing rolls the balance deduction back with it.
      if (!inStock) throw httpError(409, 'claim_failed', CLAIM_FAILED_MESSAGE);
      const { status, code } = await fulfil(tx, user.id, reward, now);
      const [claim] = await tx
        .insert(rewardClaims)
        .values({ userId: user.id, rewardId: reward.id, status, pointsSpent: reward.pointsCost, code, claimedAt: now })
        .returning();
      if (!claim) throw new Error('Inserting a reward claim returned no row');
      return { ...toClaim(claim, { ...reward, stockQuantity: inStock.stock }), rewardPointsBalance: paid.balance };
    });
    return reply.send(result);
  });
}
