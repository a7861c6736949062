/**
 * What the landing page says (membership §2 "Landing page", §6, §9). The plans are
 * src/domain/membership-plans.ts (shared with the app's membership page): each lists only what the
 * tier really unlocks. The "98% queue accuracy" claim is stated as what
 * it is (a target for photo-verified positions) beside how each position's accuracy is computed.
 */
import { PRODUCT_NAME } from '../../domain/constants';

/** The page's title: it stands alone, without the "· Deckhand" of the app's pages. */
export const LANDING_TITLE = `${PRODUCT_NAME}: your place in the ferry line`;

export type LandingFeature = { name: string; summary: string };

export const FEATURES: readonly LandingFeature[] = [
  {
    name: 'Next sailing at a glance',
    summary: 'Minutes to departure and how full the ferry is, the moment you open the app.',
  },
  { name: 'Live ferry tracking', summary: 'Status, speed, passengers and vehicles for every vessel on your route.' },
  {
    name: 'Your place in the lane',
    summary: 'Queue position from terminal cameras, GPS and rider photos, with its accuracy shown beside it.',
  },
  {
    name: 'Explore safely',
    summary: 'Step away for a coffee; Deckhand tells you when it is time to get back to your car.',
  },
  {
    name: 'Snacks to your car',
    summary: 'Order essentials from the terminal store and have them delivered to your vehicle.',
  },
  {
    name: 'Works offline',
    summary:
      'Patchy signal at the terminal? Your data stays on the phone and anything you send waits for a connection.',
  },
];

export const STEPS: readonly { title: string; detail: string }[] = [
  {
    title: 'Join the lane',
    detail: 'Open Deckhand when you arrive at the terminal. No account set-up is needed to start.',
  },
  { title: 'See where you stand', detail: 'Check the next sailing, its load and your estimated place in the line.' },
  { title: 'Step away with confidence', detail: 'Use Explore Safely and get alerted well before boarding starts.' },
  {
    title: 'Help the community',
    detail: 'Count cars with a photo to keep everyone’s wait estimates honest and earn points.',
  },
];

export const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'How accurate is my queue position?',
    answer:
      'Every position shows its own accuracy: High, Good or Low from how sure the lane count is and how sharp your GPS fix is, and 99% once a photo verifies it. 98% queue accuracy is our target for photo-verified positions. Deckhand always shows how old its data is.',
  },
  {
    question: 'Does it work without signal?',
    answer:
      'Yes. Deckhand keeps the latest sailing data on your phone and sends anything you submit once you are back online, exactly once.',
  },
  {
    question: 'How do I become a Contributor?',
    answer:
      'Submit 50 or more accurate car-count photos, or keep a validation accuracy of 95%. Contributors get Premium and Ninja features free.',
  },
  {
    question: 'What does Ninja Booking cost?',
    answer:
      'Ninja / Premium Plus is $11.99 a month with a 7-day free trial, and no booking fee. A $25 success fee applies only to a booking Deckhand makes for you; until a booking provider is connected Deckhand alerts you to the opening and you book it yourself, so there is no fee. Deckhand takes no payments yet: paid plans open once a payment provider is connected.',
  },
];

/**
 * How a position's accuracy is computed (src/domain/queue-estimate.ts), for the landing page's
 * "How position accuracy is computed" section that the accuracy claim links to.
 */
export const ACCURACY_CLAIM = '98% queue accuracy';
export const ACCURACY_MEASURED_ON =
  "Our target for photo-verified positions: the share whose place in the lane matches the terminal cameras' count.";
export const ACCURACY_STEPS: readonly string[] = [
  'Your GPS fix is placed on the nearest lane of the terminal and its distance from the booth turned into car lengths (6.5 m a car).',
  'The cars ahead are capped by what the terminal cameras count in your lanes (camera counts are trusted at 85%, rider reports at 70%, the timetable model at 60%).',
  'A sharp GPS fix that agrees with the cameras raises that confidence by up to 10 points; a fix far behind the last counted car lowers it.',
  'The app labels it High at 95% and above, Good at 85% and above, otherwise Low, and shows how old the data is.',
  'A photo you take of the lane that matches the computed position within 2 cars (or 10%) verifies it: 99% accuracy.',
];
