/**
 * The rider's profile as stored (rider-core §3 User profile, membership §3 Profile and animal
 * preferences): reading it with what comes with the account (trials had, a passkey, claimed
 * stickers), the guest profile a caller without an account sees, and the settings that change it.
 * The profile's shape is src/domain/user-profile.ts.
 */
import { and, asc, eq } from 'drizzle-orm';

import type { AlertTiming } from '@/domain/quiet-hours';
import type { AccountInput, AnimalPreferencesInput } from '@/domain/settings';
import { GUEST_PROFILE, type ProfileSticker, type UserProfile } from '@/domain/user-profile';

import { readAlertTiming, saveAlertTiming } from '../alerts/alert-settings-repository';
import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { passkeys, rewardClaims, rewards, users } from '../db/schema';
import { httpError } from '../http/errors';
import { triedTiers } from '../membership/tiers';

function toUserProfile(
  row: typeof users.$inferSelect,
  extra: { trialsUsed: string[]; hasPasskey: boolean; stickers: ProfileSticker[]; timing: AlertTiming },
): UserProfile {
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
    ...extra.timing,
    trialsUsed: extra.trialsUsed,
    hasPasskey: extra.hasPasskey,
    stickers: extra.stickers,
  };
}

/** Each digital sticker the rider has claimed, once (claiming the same sticker twice shows it once). */
async function claimedStickers(handle: Db, userId: number): Promise<ProfileSticker[]> {
  const rows = await handle
    .selectDistinctOn([rewards.id], {
      rewardId: rewards.id,
      name: rewards.name,
      description: rewards.description,
      claimedAt: rewardClaims.claimedAt,
    })
    .from(rewardClaims)
    .innerJoin(rewards, eq(rewards.id, rewardClaims.rewardId))
    .where(and(eq(rewardClaims.userId, userId), eq(rewards.rewardType, 'digital_sticker')))
    .orderBy(rewards.id, asc(rewardClaims.claimedAt));
  return rows
    .sort((a, b) => a.claimedAt.getTime() - b.claimedAt.getTime())
    .map(({ rewardId, name, description }) => ({ rewardId, name, description }));
}

/**
 * The rider's profile, read through `handle` (a transaction's, to answer what it wrote). An account
 * deleted under a live session is a 401: the client starts a new one.
 */
export async function readProfile(handle: Db, userId: number): Promise<UserProfile> {
  const [row] = await handle.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw httpError(401, 'unauthorized', 'Your account no longer exists; reload to start a new one');
  const [trialsUsed, keys, stickers, timing] = await Promise.all([
    triedTiers(handle, userId),
    handle.select({ id: passkeys.credentialId }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1),
    claimedStickers(handle, userId),
    readAlertTiming(handle, userId),
  ]);
  return toUserProfile(row, { trialsUsed, hasPasskey: keys.length > 0, stickers, timing });
}

/** What a caller without an account sees: the defaults a new rider account would start with. */
export function guestProfile(): UserProfile {
  return { ...GUEST_PROFILE, animalTypes: [], trialsUsed: [], stickers: [] };
}

/** Saves the animal preferences (each animal type once, the needs trimmed). */
export async function saveAnimalPreferences(
  database: Database,
  userId: number,
  input: AnimalPreferencesInput,
): Promise<void> {
  const { quietHoursEnabled, quietHoursStart, quietHoursEnd, dailyDigest, ...preferences } = input;
  const timing = Object.fromEntries(
    Object.entries({ quietHoursEnabled, quietHoursStart, quietHoursEnd, dailyDigest }).filter(
      ([, v]) => v !== undefined,
    ),
  ) as Partial<AlertTiming>;
  await saveAlertTiming(database.db, userId, timing);
  await database.db
    .update(users)
    .set({
      ...preferences,
      animalTypes: [...new Set(preferences.animalTypes)],
      specialAnimalNeeds: preferences.specialAnimalNeeds.trim(),
    })
    .where(eq(users.id, userId));
}

/** Saves the account fields, already normalised (`normaliseAccount`). */
export async function saveAccount(database: Database, userId: number, input: AccountInput): Promise<void> {
  await database.db.update(users).set(input).where(eq(users.id, userId));
}

/** The name a rider's passkey is registered under (their username). */
export async function riderUsername(database: Database, userId: number): Promise<string | null> {
  const [row] = await database.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? null;
}
