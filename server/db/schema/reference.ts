/**
 * Reference data, seeded on every start (server/db/seed.ts): terminals, routes, vessels, amenities, the store's catalogue, FAQ, fares, banners, camera feeds and rewards.
 */
import { boolean, integer, numeric, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const storeCategoryEnum = pgEnum('store_category', ['beverages', 'food', 'reading', 'snacks', 'other']);
export const cameraLocationEnum = pgEnum('camera_location', ['entrance', 'queue_area', 'booth']);
export const bannerIconEnum = pgEnum('banner_icon', ['alert-triangle', 'info', 'heart', 'navigation', 'clock']);
export const rewardTypeEnum = pgEnum('reward_type', [
  'digital_sticker',
  'physical_item',
  'discount',
  'free_months',
  'exclusive_access',
]);

export const terminals = pgTable('terminals', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  lat: numeric('lat', { precision: 9, scale: 6, mode: 'number' }).notNull(),
  lng: numeric('lng', { precision: 9, scale: 6, mode: 'number' }).notNull(),
  cameraPrefix: text('camera_prefix'),
});

export const routes = pgTable('routes', {
  id: text('id').primaryKey(),
  fromTerminalId: text('from_terminal_id')
    .notNull()
    .references(() => terminals.id),
  toTerminalId: text('to_terminal_id')
    .notNull()
    .references(() => terminals.id),
  name: text('name').notNull(),
  crossingMinutes: integer('crossing_minutes').notNull(),
});

export const vessels = pgTable('vessels', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  routeId: text('route_id')
    .notNull()
    .references(() => routes.id),
  passengerCapacity: integer('passenger_capacity').notNull(),
  vehicleCapacity: integer('vehicle_capacity').notNull(),
  serviceSpeedKnots: numeric('service_speed_knots', { precision: 4, scale: 1, mode: 'number' }).notNull(),
  photo: text('photo').notNull(),
});

/** rider-core §3 Amenity: type is open text; coffee, food and restroom have icons, others show restroom. */
export const amenities = pgTable('amenities', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  terminalId: text('terminal_id')
    .notNull()
    .references(() => terminals.id),
});

export const storeItems = pgTable('store_items', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  price: numeric('price', { precision: 8, scale: 2 }).notNull(),
  category: storeCategoryEnum('category').notNull(),
  stock: integer('stock').notNull(),
});

export const faq = pgTable('faq', {
  id: text('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  category: text('category').notNull(),
});

/** rider-core §9 fare table, per route; vehicle prices a route does not publish are null. */
export const fares = pgTable('fares', {
  routeId: text('route_id')
    .primaryKey()
    .references(() => routes.id),
  adult: numeric('adult', { precision: 8, scale: 2 }).notNull(),
  child: numeric('child', { precision: 8, scale: 2 }).notNull(),
  infant: numeric('infant', { precision: 8, scale: 2 }).notNull(),
  vehicleUnder20: numeric('vehicle_under_20', { precision: 8, scale: 2 }),
  vehicle20To25: numeric('vehicle_20_to_25', { precision: 8, scale: 2 }),
  vehicleOver25: numeric('vehicle_over_25', { precision: 8, scale: 2 }),
  motorcycle: numeric('motorcycle', { precision: 8, scale: 2 }),
  bicycle: numeric('bicycle', { precision: 8, scale: 2 }),
  peakMultiplier: numeric('peak_multiplier', { precision: 4, scale: 2 }).notNull(),
  description: text('description').notNull(),
});

/** rider-core §3 Banner. */
export const banners = pgTable('banners', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  icon: bannerIconEnum('icon').notNull().default('info'),
  backgroundColor: text('background_color').notNull().default('blue'),
  textColor: text('text_color').notNull().default('white'),
  dismissible: boolean('dismissible').notNull().default(true),
  actionText: text('action_text'),
  actionUrl: text('action_url'),
  /** Display order; lower first. */
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Admin scheduling: shown from `startsAt` (null = now) until `endsAt` (null = until switched off). */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

/** rider-core §3 Camera feed: ids carry the terminal's prefix (hsb_, tsa_, swb_, nan_, duk_). */
export const cameraFeeds = pgTable('camera_feeds', {
  id: text('id').primaryKey(),
  terminalId: text('terminal_id')
    .notNull()
    .references(() => terminals.id),
  name: text('name').notNull(),
  location: cameraLocationEnum('location').notNull(),
  url: text('url').notNull(),
  active: boolean('active').notNull().default(true),
});

/** rider-core §3 Reward: stockQuantity null means unlimited. */
export const rewards = pgTable('rewards', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  rewardType: rewardTypeEnum('reward_type').notNull(),
  category: text('category').notNull(),
  pointsCost: integer('points_cost').notNull(),
  stockQuantity: integer('stock_quantity'),
});
