/**
 * The membership plans as Deckhand really offers them (membership §2 "Landing page", §6, §9;
 * rider-core §6), read by the landing page's pricing and the app's membership page (/app/membership).
 * Prices and trials are the spec's. Each plan lists only what the tier really unlocks in Deckhand:
 * the spec's Premium extras that Deckhand does not make (priority boarding alerts, exclusive
 * insights, advanced queue tracking, premium support, "no ads" — nobody sees ads) and Premium's
 * à la carte Ninja (no payment or booking provider to sell it through) are not listed.
 */

export type Plan = {
  id: 'free' | 'premium' | 'ninja' | 'contributor';
  name: string;
  price: string;
  cadence?: string;
  notes: string[];
  highlighted?: boolean;
};

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    notes: [
      'Next sailing and capacity',
      'Live ferry tracking',
      'Queue position',
      'Explore Safely alerts',
      'Help and fare calculator',
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    price: '$4.99',
    cadence: '/month',
    notes: [
      '7-day free trial',
      'Everything in Free',
      'Games: a jigsaw from your own photo',
      'Emergency Exception Pass requests',
    ],
  },
  {
    id: 'ninja',
    name: 'Ninja / Premium Plus',
    price: '$11.99',
    cadence: '/month',
    highlighted: true,
    notes: [
      '7-day free trial',
      'Everything in Premium',
      'Ninja Booking: we watch sold-out sailings for cancelled reservations and alert you the moment a space opens',
      '$25 per successful booking, only once Deckhand can book for you; no booking fee',
    ],
  },
  {
    id: 'contributor',
    name: 'Contributor',
    price: 'Free',
    notes: ['Earned by 50+ accurate photos or 95% validation accuracy', 'Gives Premium and Ninja features'],
  },
];

/** Feature comparison rows: which plans (by id) include each feature. */
export const COMPARISON: readonly { feature: string; plans: readonly string[] }[] = [
  { feature: 'Next sailing and live tracking', plans: ['free', 'premium', 'ninja', 'contributor'] },
  { feature: 'Queue position', plans: ['free', 'premium', 'ninja', 'contributor'] },
  { feature: 'Games', plans: ['premium', 'ninja', 'contributor'] },
  { feature: 'Emergency Exception Pass', plans: ['premium', 'ninja', 'contributor'] },
  { feature: 'Ninja Booking', plans: ['ninja', 'contributor'] },
];

/** How paid membership is offered while no payment provider is configured (DESIGN.md "No fake money"). */
export const NO_PAYMENT_NOTE =
  'Deckhand takes no payments yet. Paid plans open once a payment provider is connected; until then each of Premium and Ninja can be tried once, free for 7 days, and Contributor status is earned by counting cars.';

/** The plan a membership type belongs to (premium_plus is Ninja under its marketed name). */
export function planIdFor(membershipType: string | null | undefined): Plan['id'] {
  if (membershipType === 'premium_plus' || membershipType === 'ninja') return 'ninja';
  if (membershipType === 'premium' || membershipType === 'contributor') return membershipType;
  return 'free';
}
