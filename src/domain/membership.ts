/**
 * Membership on the rider's screens (rider-core §2 Home, §3 User profile, §4 contributor badge, §6):
 * which promo cards the home page shows for a membership type, and the contributor badge earned by
 * contributionScore. Pure: the home page and the profile page read the cached profile and ask here.
 */
import { z } from 'zod/mini';

export const MEMBERSHIP_TYPES = ['free', 'premium', 'ninja', 'contributor', 'premium_plus'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

/** The fields of GET /api/users/profile the rider's screens read (the server sends more). */
export const riderProfileSchema = z.object({
  username: z.string(),
  membershipType: z.string(),
  carNumber: z.optional(z.nullable(z.string())),
  phoneNumber: z.optional(z.nullable(z.string())),
  contributionScore: z.optional(z.number()),
  premiumExpiresAt: z.optional(z.nullable(z.string())),
  travelingWithAnimals: z.optional(z.boolean()),
  animalTypes: z.optional(z.array(z.string())),
  animalCount: z.optional(z.number()),
  prefersPetArea: z.optional(z.boolean()),
  prefersStayInVehicle: z.optional(z.boolean()),
  specialAnimalNeeds: z.optional(z.string()),
  notifyQueueUpdates: z.optional(z.boolean()),
  notifyBoardingAlerts: z.optional(z.boolean()),
  notifyAnimalReminders: z.optional(z.boolean()),
  quietHoursEnabled: z.optional(z.boolean()),
  quietHoursStart: z.optional(z.string()),
  quietHoursEnd: z.optional(z.string()),
  dailyDigest: z.optional(z.boolean()),
  trialsUsed: z.optional(z.array(z.string())),
  hasPasskey: z.optional(z.boolean()),
  rewardPointsBalance: z.optional(z.number()),
  /** Digital stickers claimed with points (rewards), shown on the profile. */
  stickers: z.optional(z.array(z.object({ rewardId: z.string(), name: z.string(), description: z.string() }))),
});
export type RiderProfile = z.infer<typeof riderProfileSchema>;

export type MembershipCardId = 'ninja-active' | 'ninja-upgrade' | 'exception-pass';

export interface MembershipCard {
  id: MembershipCardId;
  title: string;
  actionText: string;
  /** Path relative to the rider area (/app or the root). */
  to: 'ninja' | 'exception-pass';
}

/** rider-core §2: the three cards, texts and targets. */
export const MEMBERSHIP_CARDS: Record<MembershipCardId, MembershipCard> = {
  'ninja-active': { id: 'ninja-active', title: 'Ninja Booking Active', actionText: 'Manage', to: 'ninja' },
  'ninja-upgrade': { id: 'ninja-upgrade', title: 'Upgrade to Ninja Booking', actionText: 'Learn More', to: 'ninja' },
  'exception-pass': {
    id: 'exception-pass',
    title: 'Emergency Exception Pass',
    actionText: 'Request Pass',
    to: 'exception-pass',
  },
};

/**
 * rider-core §2: ninja or contributor → "Ninja Booking Active"; free or premium → "Upgrade to Ninja
 * Booking"; premium, ninja, contributor, premium_plus → "Emergency Exception Pass". premium_plus is
 * the Ninja tier under its marketed name and may use Ninja Booking, so it gets the Ninja card too
 * (the spec's list left it out). An unknown type gets no card.
 */
export function membershipCardsFor(membershipType: string | undefined): MembershipCard[] {
  const cards: MembershipCard[] = [];
  if (canUseNinjaBooking(membershipType)) cards.push(MEMBERSHIP_CARDS['ninja-active']);
  if (membershipType === 'free' || membershipType === 'premium') cards.push(MEMBERSHIP_CARDS['ninja-upgrade']);
  if (
    membershipType === 'premium' ||
    membershipType === 'ninja' ||
    membershipType === 'contributor' ||
    membershipType === 'premium_plus'
  ) {
    cards.push(MEMBERSHIP_CARDS['exception-pass']);
  }
  return cards;
}

/** "premium_plus" → "Premium Plus". */
export function membershipLabel(membershipType: string): string {
  return membershipType
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export type ContributorBadge = 'New Contributor' | 'Ferry Helper' | 'Queue Expert' | 'Data Legend';
/** rider-core §4: below 100 "New Contributor"; 100+ "Ferry Helper"; 500+ "Queue Expert"; 1000+ "Data Legend". */
export const CONTRIBUTOR_BADGE_THRESHOLDS = { ferryHelper: 100, queueExpert: 500, dataLegend: 1000 } as const;

export function contributorBadge(contributionScore: number | undefined): ContributorBadge {
  const score = contributionScore ?? 0;
  if (score >= CONTRIBUTOR_BADGE_THRESHOLDS.dataLegend) return 'Data Legend';
  if (score >= CONTRIBUTOR_BADGE_THRESHOLDS.queueExpert) return 'Queue Expert';
  if (score >= CONTRIBUTOR_BADGE_THRESHOLDS.ferryHelper) return 'Ferry Helper';
  return 'New Contributor';
}

// ---- Tier gates (membership §6; DESIGN.md "Roles are enforced by the server") -----------------
// The server answers 403 membership_required when a gate says no; the client uses the same
// functions to choose between the feature and its upsell.

/** membership §6: Ninja Booking setup and request list — ninja (Premium Plus) and contributor. */
export const NINJA_BOOKING_TIERS: readonly MembershipType[] = ['ninja', 'premium_plus', 'contributor'];
/** membership §6: Games and Exception Pass — premium, ninja (Premium Plus) and contributor. */
export const MEMBER_PERK_TIERS: readonly MembershipType[] = ['premium', 'ninja', 'premium_plus', 'contributor'];

export type MembershipGate = 'ninjaBooking' | 'memberPerks';

const GATES: Record<MembershipGate, { tiers: readonly MembershipType[]; message: string }> = {
  ninjaBooking: {
    tiers: NINJA_BOOKING_TIERS,
    message: 'Ninja Booking needs a Ninja (Premium Plus) or Contributor membership.',
  },
  memberPerks: { tiers: MEMBER_PERK_TIERS, message: 'This needs a Premium, Ninja or Contributor membership.' },
};

export function passesGate(gate: MembershipGate, membershipType: string | null | undefined): boolean {
  return GATES[gate].tiers.some((tier) => tier === membershipType);
}

export function canUseNinjaBooking(membershipType: string | null | undefined): boolean {
  return passesGate('ninjaBooking', membershipType);
}

/** Games and exception passes. */
export function canUseMemberPerks(membershipType: string | null | undefined): boolean {
  return passesGate('memberPerks', membershipType);
}

export function gateMessage(gate: MembershipGate): string {
  return GATES[gate].message;
}

// ---- Trials (membership §9: Premium and Ninja each come with a 7-day free trial) ---------------

export const TRIAL_TIERS = ['premium', 'ninja'] as const;
export type TrialTier = (typeof TRIAL_TIERS)[number];

/** Each trial tier's name as the offer and the membership page write it. */
export const TRIAL_TIER_NAMES: Record<TrialTier, string> = { premium: 'Premium', ninja: 'Ninja' };

/**
 * Whether a rider now on `current` may start a trial of `tier`, given the tiers already tried.
 * Premium is offered to free riders; Ninja to free and premium riders (a Premium trial in progress
 * included). Each tier is tried once per rider.
 */
export function canStartTrial(tier: TrialTier, current: string, tried: readonly string[]): boolean {
  if (tried.includes(tier)) return false;
  return tier === 'premium' ? current === 'free' : current === 'free' || current === 'premium';
}

/**
 * Days left before `expiresAt`, to the nearest day but at least 1 while any time is left (0 once
 * passed): a trial just started reads "7 days left" even when `now` is a minute old.
 */
export function trialDaysLeft(expiresAt: string | null | undefined, now: number): number {
  if (!expiresAt) return 0;
  const left = Date.parse(expiresAt) - now;
  return left > 0 ? Math.max(1, Math.round(left / (24 * 60 * 60_000))) : 0;
}

// ---- Contributor (rider-core §6: earned by 50+ accurate photos or 95 % validation accuracy) ----

export const CONTRIBUTOR_MIN_ACCURATE_PHOTOS = 50;
export const CONTRIBUTOR_MIN_VALIDATION_ACCURACY = 0.95;

export function earnsContributor(stats: { accuratePhotos: number; validationAccuracy: number | null }): boolean {
  return (
    stats.accuratePhotos >= CONTRIBUTOR_MIN_ACCURATE_PHOTOS ||
    (stats.validationAccuracy ?? 0) >= CONTRIBUTOR_MIN_VALIDATION_ACCURACY
  );
}
