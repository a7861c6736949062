/**
 * Rider membership on the server: the tier gates, 7-day trials and the Contributor tier.
 *
 * - `requireMembership(request, reply, gate)` answers 403 {error:'membership_required', message}
 *   unless the caller's tier passes the gate (src/domain/membership.ts, the same rule the client
 *   uses to show the feature or its upsell).
 * - Trials (membership §9): the server sets the tier and `premiumExpiresAt`; `expireTrials` puts an
 *   expired trial's rider back on the tier they had (`previousTier`). It runs from the job
 *   (server/jobs/trial-expiry.ts) and, for one rider, before every gate and profile read, so an
 *   expired trial never passes a gate between two job passes. A dated membership without a trial (a
 *   free month from the rewards, given only to free riders) ends the same way, back to free. No money changes hands: there is no
 *   payment provider, and nothing pretends to charge.
 * - `grantContributor` is what the community scoring calls when a rider earns Contributor.
 */
import { and, eq, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { MEMBERSHIP_TRIAL_MS } from '@/domain/constants';
import { canStartTrial, gateMessage, passesGate, type MembershipGate, type TrialTier } from '@/domain/membership';

import { currentRider, requireRider, type SessionUser } from '../auth/session';
import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { membershipTrials, notifications, users, type MembershipType } from '../db/schema';
import { httpError } from '../http/errors';

const TIER_NAMES: Record<string, string> = { premium: 'Premium', ninja: 'Ninja' };

/** Ends every open trial and dated membership that has run out by `now` (of one rider when `userId` is given); answers how many. */
export async function expireTrials(database: Database, now: Date, userId?: number): Promise<number> {
  return (await endTrials(database, now, userId)) + (await endFreeMonths(database, now, userId));
}

async function endTrials(database: Database, now: Date, userId?: number): Promise<number> {
  return database.db.transaction(async (tx) => {
    const ended = await tx
      .update(membershipTrials)
      .set({ endedAt: now })
      .where(
        and(
          isNull(membershipTrials.endedAt),
          lte(membershipTrials.expiresAt, now),
          userId === undefined ? undefined : eq(membershipTrials.userId, userId),
        ),
      )
      .returning();
    for (const trial of ended) {
      // Only a rider still on the trial's tier goes back (one who became Contributor meanwhile keeps it).
      const [reverted] = await tx
        .update(users)
        .set({ membershipType: trial.previousTier, premiumExpiresAt: null })
        .where(and(eq(users.id, trial.userId), eq(users.membershipType, trial.tier)))
        .returning({ id: users.id });
      if (!reverted) continue;
      await tx
        .insert(notifications)
        .values({
          userId: trial.userId,
          key: `membership:trial-ended:${trial.tier}`,
          kind: 'membership_update',
          title: `Your ${TIER_NAMES[trial.tier] ?? trial.tier} trial has ended`,
          body: 'Thanks for trying it. Your membership is back to what it was before the trial.',
          url: '/app/profile',
        })
        .onConflictDoNothing();
    }
    return ended.length;
  });
}

/**
 * Ends a free month of Premium (rewards: free_months makes a free rider Premium until
 * `premiumExpiresAt`) once it has run out. Only a free rider is ever upgraded that way, so the tier
 * before is free. A rider on an open trial is left to `endTrials` (a free month claimed during a
 * trial lengthens the trial instead, server/rewards/reward-repository.ts).
 */
async function endFreeMonths(database: Database, now: Date, userId?: number): Promise<number> {
  return database.db.transaction(async (tx) => {
    const openTrial = tx
      .select({ id: membershipTrials.id })
      .from(membershipTrials)
      .where(and(eq(membershipTrials.userId, users.id), isNull(membershipTrials.endedAt)));
    const ended = await tx
      .update(users)
      .set({ membershipType: 'free', premiumExpiresAt: null })
      .where(
        and(
          eq(users.membershipType, 'premium'),
          isNotNull(users.premiumExpiresAt),
          lte(users.premiumExpiresAt, now),
          notExists(openTrial),
          userId === undefined ? undefined : eq(users.id, userId),
        ),
      )
      .returning({ id: users.id });
    if (ended.length > 0) {
      await tx
        .insert(notifications)
        .values(
          ended.map((u) => ({
            userId: u.id,
            key: `membership:free-month-ended:${now.toISOString()}`,
            kind: 'membership_update' as const,
            title: 'Your free month of Premium has ended',
            body: 'Thanks for contributing. Your membership is back to Free; earn more points for another month.',
            url: '/app/profile',
          })),
        )
        .onConflictDoNothing();
    }
    return ended.length;
  });
}

/** The caller (a rider, created on demand) with an up-to-date tier. */
export async function riderWithCurrentTier(
  database: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  now: Date,
): Promise<SessionUser> {
  const rider = await requireRider(request, reply);
  if ((await expireTrials(database, now, rider.id)) === 0) return rider;
  const [row] = await database.db
    .select({ membershipType: users.membershipType })
    .from(users)
    .where(eq(users.id, rider.id));
  return { ...rider, membershipType: row?.membershipType ?? rider.membershipType };
}

export async function requireMembership(
  deps: { database: Database; now?: () => number },
  request: FastifyRequest,
  reply: FastifyReply,
  gate: MembershipGate,
): Promise<SessionUser> {
  // A read never opens an account: a caller without one is a free rider, whom the gate refuses.
  if (request.method === 'GET' && !(await currentRider(request, reply)))
    throw httpError(403, 'membership_required', gateMessage(gate));
  const rider = await riderWithCurrentTier(deps.database, request, reply, new Date((deps.now ?? Date.now)()));
  if (!passesGate(gate, rider.membershipType)) throw httpError(403, 'membership_required', gateMessage(gate));
  return rider;
}

export async function triedTiers(handle: Db, userId: number): Promise<MembershipType[]> {
  const rows = await handle
    .select({ tier: membershipTrials.tier })
    .from(membershipTrials)
    .where(eq(membershipTrials.userId, userId));
  return rows.map((r) => r.tier);
}

/**
 * Starts a 7-day trial of `tier` inside the caller's transaction (the route's `commitWrite`, so the
 * trial and the stored answer commit together): 409 when the rider has tried it or their tier does not allow it.
 */
export async function startTrial(
  tx: Db,
  userId: number,
  tier: TrialTier,
  now: Date,
): Promise<{ membershipType: MembershipType; premiumExpiresAt: string }> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw httpError(401, 'unauthorized', 'Your account no longer exists; reload to start a new one');
  const trials = await tx.select().from(membershipTrials).where(eq(membershipTrials.userId, userId));
  const tried = trials.map((t) => t.tier);
  if (tried.includes(tier))
    throw httpError(409, 'trial_used', `You have already tried ${TIER_NAMES[tier]}; each trial is offered once.`);
  if (!canStartTrial(tier, user.membershipType, tried)) {
    throw httpError(
      409,
      'trial_not_available',
      `A ${TIER_NAMES[tier]} trial is not available on your ${user.membershipType} membership.`,
    );
  }
  // Upgrading from a Premium trial to a Ninja trial: the Premium trial ends, and the rider later
  // returns to the tier they had before either.
  const open = trials.find((t) => t.endedAt === null);
  const previousTier = open ? open.previousTier : user.membershipType;
  if (open) await tx.update(membershipTrials).set({ endedAt: now }).where(eq(membershipTrials.id, open.id));
  const expiresAt = new Date(now.getTime() + MEMBERSHIP_TRIAL_MS);
  await tx.insert(membershipTrials).values({ userId, tier, previousTier, startedAt: now, expiresAt });
  await tx.update(users).set({ membershipType: tier, premiumExpiresAt: expiresAt }).where(eq(users.id, userId));
  return { membershipType: tier, premiumExpiresAt: expiresAt.toISOString() };
}

/**
 * Makes a rider a Contributor (earned: src/domain/membership.ts earnsContributor). An open trial
 * ends without reverting anything; the rider gets one inbox notification. Answers false when the
 * rider already was one.
 */
export async function grantContributor(database: Database, userId: number, now: Date): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ membershipType: 'contributor', premiumExpiresAt: null })
      .where(and(eq(users.id, userId), sql`${users.membershipType} <> 'contributor'`))
      .returning({ id: users.id });
    if (!changed) return false;
    await tx
      .update(membershipTrials)
      .set({ endedAt: now })
      .where(and(eq(membershipTrials.userId, userId), isNull(membershipTrials.endedAt)));
    await tx
      .insert(notifications)
      .values({
        userId,
        key: 'membership:contributor',
        kind: 'membership_update',
        title: 'You are a Community Contributor',
        body: 'Your photos and checks earned you Premium and Ninja features free. Thank you!',
        url: '/app/profile',
      })
      .onConflictDoNothing();
    return true;
  });
}
