/**
 * The caller's profile (rider-core §3 User profile, membership §3 Profile and animal preferences),
 * the settings that change it (account fields, animal and notification preferences) and 7-day
 * trials (membership §9). Reading the profile never creates an account: a caller without one gets
 * the guest profile (id null, the defaults of a new rider). POST /api/session opens an account on
 * purpose (201, or 200 with the existing one); any other write opens one too. Nothing here exposes
 * another user.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TRIAL_TIERS } from '@/domain/membership';
import { accountInputSchema, animalPreferencesInputSchema, normaliseAccount } from '@/domain/settings';
import { currentRider, getSessionUser, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { passkeys, rewardClaims, rewards, users, type MembershipType, type Role } from '../db/schema';
import { httpError, parseBody } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { expireTrials, riderWithCurrentTier, startTrial, triedTiers } from '../membership/tiers';

const trialInputSchema = z.object({ tier: z.enum(TRIAL_TIERS) });

export interface UserProfile {
  /** null for a guest: a caller who has not written anything yet has no account. */
  id: number | null;
  username: string;
  role: Role;
  membershipType: MembershipType;
  carNumber: string | null;
  phoneNumber: string | null;
  contributionScore: number;
  freeMonthsEarned: number;
  premiumExpiresAt: string | null;
  totalPhotoContributions: number;
  totalDataPoints: number;
  rewardPointsBalance: number;
  travelingWithAnimals: boolean;
  animalTypes: string[];
  animalCount: number;
  prefersPetArea: boolean;
  prefersStayInVehicle: boolean;
  specialAnimalNeeds: string;
  notifyQueueUpdates: boolean;
  notifyBoardingAlerts: boolean;
  notifyAnimalReminders: boolean;
  /** Tiers whose 7-day trial this rider has already had (each is offered once). */
  trialsUsed: string[];
  /** True once the rider has a passkey (they can then sign out and back in elsewhere). */
  hasPasskey: boolean;
  /** Digital stickers the rider claimed with points (rewards), shown on their profile; oldest first. */
  stickers: ProfileSticker[];
}

export interface ProfileSticker {
  rewardId: string;
  name: string;
  description: string;
}

export function toUserProfile(row: typeof users.$inferSelect, extra: { trialsUsed: string[]; hasPasskey: boolean; stickers: ProfileSticker[] }): UserProfile {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    membershipType: row.membershipType,
    carNumber: row.carNumber,
    phoneNumber: row.phoneNumber,
    contributionScore: row.contributionScore,
    freeMonthsEarned: row.freeMonthsEarned,
    premiumExpiresAt: row.premiumExpiresAt ? row.premiumExpiresAt.toISOString() : null,
    totalPhotoContributions: row.totalPhotoContributions,
    totalDataPoints: row.totalDataPoints,
    rewardPointsBalance: row.rewardPointsBalance,
    travelingWithAnimals: row.travelingWithAnimals,
    animalTypes: row.animalTypes,
    animalCount: row.animalCount,
    prefersPetArea: row.prefersPetArea,
    prefersStayInVehicle: row.prefersStayInVehicle,
    specialAnimalNeeds: row.specialAnimalNeeds,
    notifyQueueUpdates: row.notifyQueueUpdates,
    notifyBoardingAlerts: row.notifyBoardingAlerts,
    notifyAnimalReminders: row.notifyAnimalReminders,
    trialsUsed: extra.trialsUsed,
    hasPasskey: extra.hasPasskey,
    stickers: extra.stickers,
  };
}

/** Each digital sticker the rider has claimed, once (claiming the same sticker twice shows it once). */
async function claimedStickers(handle: Db, userId: number): Promise<ProfileSticker[]> {
  const rows = await handle
    .selectDistinctOn([rewards.id], { rewardId: rewards.id, name: rewards.name, description: rewards.description, claimedAt: rewardClaims.claimedAt })
    .from(rewardClaims)
    .innerJoin(rewards, eq(rewards.id, rewardClaims.rewardId))
    .where(and(eq(rewardClaims.userId, userId), eq(rewards.rewardType, 'digital_sticker')))
    .orderBy(rewards.id, asc(rewardClaims.claimedAt));
  return rows.sort((a, b) => a.claimedAt.getTime() - b.claimedAt.getTime()).map(({ rewardId, name, description }) => ({ rewardId, name, description }));
}

export const GUEST_USERNAME = 'Guest';

/** What a caller without an account sees: the defaults a new rider account would start with. */
export function guestProfile(): UserProfile {
  return {
    id: null,
    username: GUEST_USERNAME,
    role: 'rider',
    membershipType: 'free',
    carNumber: null,
    phoneNumber: null,
    contributionScore: 0,
    freeMonthsEarned: 0,
    premiumExpiresAt: null,
    totalPhotoContributions: 0,
    totalDataPoints: 0,
    rewardPointsBalance: 0,
    travelingWithAnimals: false,
    animalTypes: [],
    animalCount: 0,
    prefersPetArea: false,
    prefersStayInVehicle: true,
    specialAnimalNeeds: '',
    notifyQueueUpdates: true,
    notifyBoardingAlerts: true,
    notifyAnimalReminders: true,
    trialsUsed: [],
    hasPasskey: false,
    stickers: [],
  };
}

export function registerUserRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { database } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;

  async function profileOf(userId: number, handle: Db = db): Promise<UserProfile> {
    const [row] = await handle.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!row) throw httpError(401, 'unauthorized', 'Your account no longer exists; reload to start a new one');
    const [trialsUsed, keys, stickers] = await Promise.all([
      triedTiers(handle, userId),
      handle.select({ id: passkeys.credentialId }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1),
      claimedStickers(handle, userId),
    ]);
    return toUserProfile(row, { trialsUsed, hasPasskey: keys.length > 0, stickers });
  }

  api.get('/users/profile', async (request, reply) => {
    const caller = await currentRider(request, reply);
    reply.header('Cache-Control', 'no-store');
    if (!caller) return guestProfile();
    await expireTrials(database, new Date(clock()), caller.id);
    return profileOf(caller.id);
  });

  api.post('/session', async (request, reply) => {
    const existing = await getSessionUser(request);
    const caller = await requireRider(request, reply);
    return reply.code(existing ? 200 : 201).header('Cache-Control', 'no-store').send(await profileOf(caller.id));
  });

  api.patch('/users/animal-preferences', async (request, reply) => {
    const input = parseBody(animalPreferencesInputSchema, request.body);
    const caller = await requireRider(request, reply);
    await db
      .update(users)
      .set({ ...input, animalTypes: [...new Set(input.animalTypes)], specialAnimalNeeds: input.specialAnimalNeeds.trim() })
      .where(eq(users.id, caller.id));
    return profileOf(caller.id);
  });

  api.patch('/users/profile', async (request, reply) => {
    const input = normaliseAccount(parseBody(accountInputSchema, request.body));
    const caller = await requireRider(request, reply);
    await db.update(users).set(input).where(eq(users.id, caller.id));
    return profileOf(caller.id);
  });

  api.post('/membership/trials', async (request, reply) => {
    const { tier } = parseBody(trialInputSchema, request.body);
    const caller = await riderWithCurrentTier(database, request, reply, new Date(clock()));
    const profile = await commitWrite(database, request, reply, 201, async (tx) => {
      await startTrial(tx, caller.id, tier, new Date(clock()));
      return profileOf(caller.id, tx);
    });
    return reply.code(201).send(profile);
  });
}
