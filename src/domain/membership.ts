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
  'exception-pass': { id: 'exception-pass', title: 'Emergency Exception Pass', actionText: 'Request Pass', to: 'exception-pass' },
};

/**
 * rider-core §2: ninja or contributor → "Ninja Booking Active"; free or premium → "Upgrade to Ninja
 * Booking"; premium, ninja, contributor, premium_plus → "Emergency Exception Pass". An unknown type
 * gets no card (premium_plus gets only the pass, exactly as the spec lists).
 */
export function membershipCardsFor(membershipType: string | undefined): MembershipCard[] {
  const cards: MembershipCard[] = [];
  if (membershipType === 'ninja' || membershipType === 'contributor') cards.push(MEMBERSHIP_CARDS['ninja-active']);
  if (membershipType === 'free' || membershipType === 'premium') cards.push(MEMBERSHIP_CARDS['ninja-upgrade']);
  if (membershipType === 'premium' || membershipType === 'ninja' || membershipType === 'contributor' || membershipType === 'premium_plus') {
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
