/**
 * What the landing page says (membership §2 "Landing page", §6, §9). Prices, trials and the contributor
 * rule are the spec's; features name only what Deckhand does or is specified to do.
 */

export type LandingFeature = { name: string; summary: string };

export const FEATURES: readonly LandingFeature[] = [
  { name: 'Next sailing at a glance', summary: 'Minutes to departure and how full the ferry is, the moment you open the app.' },
  { name: 'Live ferry tracking', summary: 'Status, speed, passengers and vehicles for every vessel on your route.' },
  { name: 'Your place in the lane', summary: 'Queue position from terminal cameras, GPS and rider photos, with 98% queue accuracy.' },
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
    notes: ['7-day trial', 'Everything in Free', 'Games', 'Emergency Exception Pass', 'À la carte Ninja Booking: $45 plus $55 success fee'],
  },
  {
    id: 'ninja',
    name: 'Ninja / Premium Plus',
    price: '$11.99',
    cadence: '/month',
    highlighted: true,
    notes: ['7-day free trial', '$25 per successful booking', 'Everything in Premium', 'Ninja Booking: we watch for cancelled reservations and can book for you'],
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
    answer: 'Deckhand combines terminal cameras, GPS and community photo counts for 98% queue accuracy, and always shows how old its data is.',
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
    answer: 'Ninja / Premium Plus is $11.99 a month with a 7-day free trial, plus $25 only when a booking succeeds.',
  },
];
