/**
 * The rider's profile as the server answers it (rider-core §3 User profile, membership §3): GET
 * /api/users/profile, POST /api/session and every write that changes it. A caller without an account
 * gets the guest profile (id null). The rider's screens read a part of it (./membership.ts
 * `riderProfileSchema`); the device stores all of it.
 */
import { z } from 'zod/mini';

import { MEMBERSHIP_TYPES } from './membership';
import { DEFAULT_ALERT_TIMING } from './quiet-hours';

export const USER_ROLES = ['rider', 'staff', 'admin'] as const;

export const profileStickerSchema = z.object({ rewardId: z.string(), name: z.string(), description: z.string() });
export type ProfileSticker = z.infer<typeof profileStickerSchema>;

export const userProfileSchema = z.object({
  /** null for a guest: a caller who has not written anything yet has no account. */
  id: z.nullable(z.int()),
  username: z.string(),
  role: z.enum(USER_ROLES),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  carNumber: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  contributionScore: z.number(),
  freeMonthsEarned: z.number(),
  premiumExpiresAt: z.nullable(z.string()),
  totalPhotoContributions: z.number(),
  totalDataPoints: z.number(),
  rewardPointsBalance: z.number(),
  travelingWithAnimals: z.boolean(),
  animalTypes: z.array(z.string()),
  animalCount: z.number(),
  prefersPetArea: z.boolean(),
  prefersStayInVehicle: z.boolean(),
  specialAnimalNeeds: z.string(),
  notifyQueueUpdates: z.boolean(),
  notifyBoardingAlerts: z.boolean(),
  notifyAnimalReminders: z.boolean(),
  /** Quiet hours and the daily digest (./quiet-hours.ts). */
  quietHoursEnabled: z.boolean(),
  quietHoursStart: z.string(),
  quietHoursEnd: z.string(),
  dailyDigest: z.boolean(),
  /** Tiers whose 7-day trial this rider has already had (each is offered once). */
  trialsUsed: z.array(z.string()),
  /** True once the rider has a passkey (they can then sign out and back in elsewhere). */
  hasPasskey: z.boolean(),
  /** Digital stickers the rider claimed with points (rewards), shown on their profile; oldest first. */
  stickers: z.array(profileStickerSchema),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** What a caller without an account sees: the defaults a new rider account would start with. */
export const GUEST_PROFILE: Readonly<UserProfile> = {
  id: null,
  username: 'Guest',
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
  ...DEFAULT_ALERT_TIMING,
  trialsUsed: [],
  hasPasskey: false,
  stickers: [],
};
