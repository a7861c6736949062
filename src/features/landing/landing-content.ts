/**
 * What the landing page says (membership §2 "Landing page", §6, §9). Prices, trials and the contributor
 * rule are the spec's; features name only what Deckhand does or is specified to do. Premium lists the
 * features the spec advertises for it (rider-core §6); Ninja explains its success fee and that its
 * subscribers pay no booking fee (membership §6, §9). The "98% queue accuracy" claim is stated as what
 * it is (a target for photo-verified positions) beside how each position's accuracy is computed.
 */

export type LandingFeature = { name: string; summary: string };

export const FEATURES: readonly LandingFeature[] = [
  { name: 'Next sailing at a glance', summary: 'Minutes to departure and how full the ferry is, the moment you open the app.' },
  { name: 'Live ferry tracking', summary: 'Status, speed, passengers and vehicles for every vessel on your route.' },
  { name: 'Your place in the lane', summary: 'Queue position from terminal cameras, GPS and rider photos, with its accuracy shown beside it.' },
  { name: 'Explore safely', summary: 'Step away for a coffee; Deckhand tells you when it is time to get back to your car.' },
  { name: 'Snacks to your car', summary: 'Order essentials from the terminal store and have them delivered to your vehicle.' },
  { name: 'Works offline', summary: 'Patchy signal at the terminal? Your data stays on the phone and anything you send waits for a connection.' },
];

export const STEPS: readonly { title: string; detail: string }[] = [
  { title: 'Join the lane', detail: 'Open Deckhand when you arrive at the terminal. No account set-up is needed to start.' },
  { title: 'See where you stand', detail: 'Check the next sailing, its load and your estimated place in the line.' },
  { title: 'Step away with confidence', detail: 'Use Explore Safely and get alerted well before boarding starts.' },
  { title: 'Help the community', detail: 'Count cars with a photo to keep everyone’s wait estimates honest and earn points.' },
];

export type Plan = { id: string; name: string; price: string; cadence?: string; notes: string[]; highlighted?: boolean };

export const PLANS: readonly Plan[] = [
  { id: 'free', name: 'Free', price: '$0', notes: ['Next sailing and capacity', 'Live ferry tracking', 'Queue position', 'Help and fare calculator'] },
  {
    id: 'premium',
    name: 'Premium',
    price: '$4.99',
    cadence: '/month',
    notes: [
      '7-day trial',
      'Everything in Free',
      'Priority boarding alerts',
      'Exclusive insights',
      'Advanced queue tracking',
      'Premium support',
      'No ads',
      'Games',
      'Emergency Exception Pass',
      'À la carte Ninja Booking: $45 plus $55 success fee',
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
      'Ninja Booking: we watch for cancelled reservations and can book for you',
      '$25 success fee, charged only when Ninja Booking gets you a reservation; nothing when it does not',
      'No booking fee: Ninja subscribers never pay the $45 à la carte Ninja fee',
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

export const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'How accurate is my queue position?',
    answer:
      'Every position shows its own accuracy: High, Good or Low from how sure the lane count is and how sharp your GPS fix is, and 99% once a photo verifies it. 98% queue accuracy is our target for photo-verified positions. Deckhand always shows how old its data is.',
  },
  {
    question: 'Does it work without signal?',
    answer: 'Yes. Deckhand keeps the latest sailing data on your phone and sends anything you submit once you are back online, exactly once.',
  },
  {
    question: 'How do I become a Contributor?',
    answer: 'Submit 50 or more accurate car-count photos, or keep a validation accuracy of 95%. Contributors get Premium and Ninja features free.',
  },
  {
    question: 'What does Ninja Booking cost?',
    answer:
      'Ninja / Premium Plus is $11.99 a month with a 7-day free trial. A $25 success fee is charged only when a booking succeeds, and Ninja subscribers pay no booking fee (Premium members pay $45 plus a $55 success fee for à la carte Ninja).',
  },
];

/**
 * How a position's accuracy is computed (src/domain/queue-estimate.ts), for the landing page's
 * "How position accuracy is computed" section that the accuracy claim links to.
 */
export const ACCURACY_CLAIM = '98% queue accuracy';
export const ACCURACY_MEASURED_ON = 'Our target for photo-verified positions: the share whose place in the lane matches the terminal cameras\' count.';
export const ACCURACY_STEPS: readonly string[] = [
  'Your GPS fix is placed on the nearest lane of the terminal and its distance from the booth turned into car lengths (6.5 m a car).',
  'The cars ahead are capped by what the terminal cameras count in your lanes (camera counts are trusted at 85%, rider reports at 70%, the timetable model at 60%).',
  'A sharp GPS fix that agrees with the cameras raises that confidence by up to 10 points; a fix far behind the last counted car lowers it.',
  'The app labels it High at 95% and above, Good at 85% and above, otherwise Low, and shows how old the data is.',
  'A photo you take of the lane that matches the computed position within 2 cars (or 10%) verifies it: 99% accuracy.',
];
