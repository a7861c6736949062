/**
 * Reference data every Deckhand database starts with. Seeding inserts only what is missing
 * (`ON CONFLICT DO NOTHING` on stable ids), so it runs on every start, from any number of instances
 * at once, and never overwrites rows an administrator has since edited.
 *
 * Terminals and routes come from src/domain/terminals.ts and vessels from ./fleet.ts, so the
 * simulator, the client and the database agree on ids. Fares are rider-core §9's figures exactly.
 */
import { QUEUE_TERMINAL_IDS, ROUTES, terminalById, TERMINALS } from '@/domain/terminals';

import type { Db } from './db-handle';
import { FLEET } from './fleet';
import { amenities, banners, cameraFeeds, faq, fares, rewards, routes, storeItems, terminals, vessels } from './schema';
import { seedBoardingRuleBanners } from './seed-banners';
import { FARE_ROWS } from './seed-fares';
import { seedLanes } from './seed-lanes';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export const TERMINAL_ROWS: Row<typeof terminals>[] = TERMINALS.map((t) => ({
  id: t.id,
  name: t.name,
  lat: t.lat,
  lng: t.lng,
  cameraPrefix: t.cameraPrefix ?? null,
}));

export const ROUTE_ROWS: Row<typeof routes>[] = ROUTES.map((r) => ({
  id: r.id,
  fromTerminalId: r.from,
  toTerminalId: r.to,
  name: r.name,
  crossingMinutes: r.crossingMinutes,
}));

export const VESSEL_ROWS: Row<typeof vessels>[] = FLEET.map((v) => ({
  id: v.id,
  name: v.name,
  routeId: v.routeId,
  passengerCapacity: v.passengerCapacity,
  vehicleCapacity: v.vehicleCapacity,
  serviceSpeedKnots: v.serviceSpeedKnots,
  photo: v.photo,
}));

/** What a rider can walk to from the vehicle lanes at the five queueing terminals. */
const AMENITY_KINDS = [
  { suffix: 'coffee', name: 'Coffee Kiosk', type: 'coffee' },
  { suffix: 'food', name: 'Food Counter', type: 'food' },
  { suffix: 'restroom', name: 'Washrooms', type: 'restroom' },
  { suffix: 'newsstand', name: 'Newsstand', type: 'shop' },
] as const;

export const AMENITY_ROWS: Row<typeof amenities>[] = QUEUE_TERMINAL_IDS.flatMap((terminalId) =>
  AMENITY_KINDS.map((k) => ({ id: `${terminalId}-${k.suffix}`, name: k.name, type: k.type, terminalId })),
);

export const STORE_ITEM_ROWS: Row<typeof storeItems>[] = [
  { id: 'coffee-medium', name: 'Medium Coffee', price: '3.25', category: 'beverages', stock: 120 },
  { id: 'hot-chocolate', name: 'Hot Chocolate', price: '3.75', category: 'beverages', stock: 80 },
  { id: 'bottled-water', name: 'Bottled Water (500 ml)', price: '2.50', category: 'beverages', stock: 200 },
  { id: 'orange-juice', name: 'Orange Juice', price: '3.50', category: 'beverages', stock: 60 },
  { id: 'breakfast-sandwich', name: 'Egg and Cheddar Breakfast Sandwich', price: '7.95', category: 'food', stock: 40 },
  { id: 'clam-chowder', name: 'Clam Chowder (cup)', price: '8.50', category: 'food', stock: 30 },
  { id: 'veggie-wrap', name: 'Hummus Veggie Wrap', price: '9.25', category: 'food', stock: 25 },
  { id: 'daily-newspaper', name: 'Daily Newspaper', price: '2.75', category: 'reading', stock: 50 },
  { id: 'coast-guide', name: 'BC Coast Travel Guide', price: '14.95', category: 'reading', stock: 15 },
  { id: 'crossword-book', name: 'Crossword Puzzle Book', price: '6.95', category: 'reading', stock: 20 },
  { id: 'kettle-chips', name: 'Kettle Chips', price: '2.95', category: 'snacks', stock: 90 },
  { id: 'granola-bar', name: 'Granola Bar', price: '2.25', category: 'snacks', stock: 100 },
  { id: 'trail-mix', name: 'Trail Mix', price: '4.50', category: 'snacks', stock: 45 },
  { id: 'nanaimo-bar', name: 'Nanaimo Bar', price: '3.95', category: 'snacks', stock: 35 },
  { id: 'charging-cable', name: 'USB-C Charging Cable', price: '12.99', category: 'other', stock: 20 },
  { id: 'travel-pillow', name: 'Travel Pillow', price: '19.99', category: 'other', stock: 10 },
];

/** Seven categories for the help page's "Browse by Category" (rider-core §2 Help page). */
export const FAQ_ROWS: Row<typeof faq>[] = [
  {
    id: 'arrive-early',
    category: 'Boarding',
    question: 'How early should I arrive with a vehicle?',
    answer:
      'Arrive at least 30 minutes before your sailing; vehicle check-in closes 30 minutes before departure. On busy days and long weekends, arrive 45 to 60 minutes early.',
  },
  {
    id: 'leave-car',
    category: 'Boarding',
    question: 'Can I leave my car while waiting in the lanes?',
    answer:
      'Yes, while the lanes are not moving. Use Explore Safely so Deckhand can alert you to return before loading starts, and be back at your vehicle before boarding begins.',
  },
  {
    id: 'reservation-needed',
    category: 'Reservations',
    question: 'Do I need a reservation?',
    answer:
      'Reservations are optional on most routes but recommended on the main routes at peak times. Without one you travel standby and may wait for a later sailing if the vessel fills.',
  },
  {
    id: 'missed-sailing',
    category: 'Reservations',
    question: 'What happens if I miss my reserved sailing?',
    answer:
      'If you arrive after check-in closes, your reservation may be released and you travel standby on the next sailing with space.',
  },
  {
    id: 'cancel-refund',
    category: 'Reservations',
    question: 'Can I cancel my reservation and get a refund?',
    answer:
      'Deckhand does not sell tickets or reservations, so it cannot cancel or refund one. Reservations are cancelled and refunded by BC Ferries under the terms shown when you booked (a reservation fee is often not refundable); cancel through your booking or call BC Ferries customer service. Fares paid at the booth for a sailing you did not take are a matter for the ticket office.',
  },
  {
    id: 'sailing-full',
    category: 'Boarding',
    question: 'What if the sailing is full when I reach the front of the line?',
    answer:
      'When the car deck fills, the vehicles left in the lanes keep their place and board the next sailing with space, in the order they arrived (reserved vehicles first). Stay in your lane: Next Ferry shows how full the next sailing is and the sailing waits your car has.',
  },
  {
    id: 'missed-checkin',
    category: 'Boarding',
    question: 'What if I miss the check-in cut-off?',
    answer:
      'Vehicle check-in closes 30 minutes before departure. Arrive after that and a reservation may be released: you travel standby, on the next sailing with space. Without a reservation you simply join the lanes for a later sailing.',
  },
  {
    id: 'fare-ages',
    category: 'Fares',
    question: 'Who pays the child fare?',
    answer:
      'Children aged 5 to 11 pay the child fare. Infants aged 0 to 4 travel free. Riders 12 and over pay the adult fare.',
  },
  {
    id: 'peak-pricing',
    category: 'Fares',
    question: 'Why is my fare higher at some times?',
    answer:
      'Peak sailings carry a multiplier on the base fare: 1.15 on the main routes, 1.10 on Horseshoe Bay - Langdale and 1.05 on Horseshoe Bay - Snug Cove. Tax of 12% applies to the subtotal.',
  },
  {
    id: 'vehicle-length',
    category: 'Vehicles',
    question: 'How is my vehicle priced?',
    answer:
      'Vehicles are priced by length: under 20 ft, 20 to 25 ft and over 25 ft, including anything you tow. Motorcycles and bicycles have their own fares.',
  },
  {
    id: 'overheight',
    category: 'Vehicles',
    question: 'My vehicle is over 7 ft tall. Does that matter?',
    answer: 'Yes. Tall vehicles are loaded in separate lanes, so tell the ticket booth when you check in.',
  },
  {
    id: 'pets-onboard',
    category: 'Pets',
    question: 'Where can my pet travel?',
    answer:
      'Pets may stay in your vehicle on the car deck or travel in the designated pet area. Dogs must be on a leash no longer than 1 m (3 ft). Dogs, cats, ferrets, birds and hamsters travel free.',
  },
  {
    id: 'pets-car-deck',
    category: 'Pets',
    question: 'Can I visit my pet on the car deck during the crossing?',
    answer: 'Car decks are usually closed during the crossing. Plan to settle your pet before you leave the deck.',
  },
  {
    id: 'accessible-boarding',
    category: 'Accessibility',
    question: 'How do I get help boarding with a disability?',
    answer:
      'Tell the ticket booth when you check in. Staff can place your vehicle near an elevator and help you reach the passenger decks.',
  },
  {
    id: 'food-onboard',
    category: 'Onboard',
    question: 'Can I buy food while waiting in line?',
    answer:
      'Yes. Order from the Essentials Store in Deckhand and choose your car as the delivery location, or walk to the terminal food counter while the lanes are stopped.',
  },
  {
    id: 'wifi-onboard',
    category: 'Onboard',
    question: 'Is there Wi-Fi on the ferry?',
    answer: 'Most larger vessels offer free Wi-Fi in the passenger lounges. Coverage on the car deck is limited.',
  },
  {
    id: 'queue-accuracy',
    category: 'Terminal',
    question: 'How does Deckhand know my place in the queue?',
    answer:
      'It combines your GPS position with vehicle counts from terminal cameras and from other riders. Verifying with a photo of the lanes makes the estimate more accurate.',
  },
];

export const BANNER_ROWS: Row<typeof banners>[] = [
  {
    id: 'busy-afternoons',
    title: 'Busy afternoon sailings',
    message: 'Friday and Sunday afternoon sailings often fill up. Check the tracker before you leave home.',
    icon: 'alert-triangle',
    backgroundColor: 'orange',
    textColor: 'white',
    dismissible: true,
    actionText: 'Open Tracker',
    actionUrl: '/app/tracker',
    sortOrder: 1,
  },
  {
    id: 'step-away',
    title: 'Stepping out of your car?',
    message: 'Explore Safely tells you when to head back before the lanes start moving.',
    icon: 'navigation',
    backgroundColor: 'blue',
    textColor: 'white',
    dismissible: true,
    actionText: null,
    actionUrl: null,
    sortOrder: 2,
  },
  {
    id: 'count-cars',
    title: 'Help the riders behind you',
    message: 'Count the cars in your lane and earn reward points for every photo.',
    icon: 'heart',
    backgroundColor: 'green',
    textColor: 'white',
    dismissible: true,
    actionText: 'Contribute',
    actionUrl: '/app/contributions',
    sortOrder: 3,
  },
];

const CAMERA_LOCATIONS = [
  { location: 'entrance', label: 'Entrance' },
  { location: 'queue_area', label: 'Queue Area' },
  { location: 'booth', label: 'Ticket Booth' },
] as const;

/** Frames come from the built-in camera simulator (DESIGN.md "Honest data"), served under /api/cameras. */
export const CAMERA_FEED_ROWS: Row<typeof cameraFeeds>[] = QUEUE_TERMINAL_IDS.flatMap((terminalId) => {
  const terminal = terminalById(terminalId);
  if (!terminal?.cameraPrefix) return [];
  const prefix = terminal.cameraPrefix;
  return CAMERA_LOCATIONS.map(({ location, label }) => {
    const id = `${prefix}${location}`;
    return {
      id,
      terminalId,
      name: `${terminal.name} ${label}`,
      location,
      url: `/api/cameras/${id}/frame`,
      active: true,
    };
  });
});

export const REWARD_ROWS: Row<typeof rewards>[] = [
  {
    id: 'sticker-orca',
    name: 'Orca Pod Sticker',
    description: 'A digital sticker for your profile, for riders who count cars.',
    rewardType: 'digital_sticker',
    category: 'stickers',
    pointsCost: 50,
    stockQuantity: null,
  },
  {
    id: 'sticker-lighthouse',
    name: 'Lighthouse Sticker',
    description: 'A digital sticker of the Point Atkinson lighthouse.',
    rewardType: 'digital_sticker',
    category: 'stickers',
    pointsCost: 50,
    stockQuantity: null,
  },
  {
    id: 'snack-discount',
    name: '20% Off Snacks',
    description: 'Twenty percent off one Essentials Store snack order delivered to your car.',
    rewardType: 'discount',
    category: 'snacks',
    pointsCost: 100,
    stockQuantity: null,
  },
  {
    id: 'free-coffee',
    name: 'Free Medium Coffee',
    description: 'One medium coffee from the Essentials Store, delivered to your car.',
    rewardType: 'discount',
    category: 'snacks',
    pointsCost: 150,
    stockQuantity: 200,
  },
  {
    id: 'vinyl-sticker-pack',
    name: 'Deckhand Vinyl Sticker Pack',
    description: 'Three weatherproof vinyl stickers, picked up at the terminal ticket booth.',
    rewardType: 'physical_item',
    category: 'stickers',
    pointsCost: 300,
    stockQuantity: 100,
  },
  {
    id: 'early-access',
    name: 'Early Access to New Features',
    description: 'Try new Deckhand features before everyone else.',
    rewardType: 'exclusive_access',
    category: 'membership',
    pointsCost: 500,
    stockQuantity: null,
  },
  {
    id: 'premium-month',
    name: 'One Month of Premium',
    description: 'A free month of Premium: priority boarding alerts and advanced queue tracking.',
    rewardType: 'free_months',
    category: 'membership',
    pointsCost: 1000,
    stockQuantity: null,
  },
];

/** Inserts every missing seed row; parents before children so foreign keys hold. */
export async function seedDatabase(db: Db): Promise<void> {
  await db.insert(terminals).values(TERMINAL_ROWS).onConflictDoNothing();
  await db.insert(routes).values(ROUTE_ROWS).onConflictDoNothing();
  await db.insert(vessels).values(VESSEL_ROWS).onConflictDoNothing();
  await db.insert(amenities).values(AMENITY_ROWS).onConflictDoNothing();
  await db.insert(storeItems).values(STORE_ITEM_ROWS).onConflictDoNothing();
  await db.insert(faq).values(FAQ_ROWS).onConflictDoNothing();
  await db.insert(fares).values(FARE_ROWS).onConflictDoNothing();
  await db.insert(banners).values(BANNER_ROWS).onConflictDoNothing();
  await db.insert(cameraFeeds).values(CAMERA_FEED_ROWS).onConflictDoNothing();
  await db.insert(rewards).values(REWARD_ROWS).onConflictDoNothing();
  await seedLanes(db);
  await seedBoardingRuleBanners(db);
}
