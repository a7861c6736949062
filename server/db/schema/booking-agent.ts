/**
 * Ninja Booking and the booking agent (server/booking-agent/*).
 */
import {
  boolean,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { users } from './riders';

export const ninjaStatusEnum = pgEnum('ninja_status', ['active', 'booked', 'expired', 'cancelled']);
export const ninjaPriorityEnum = pgEnum('ninja_priority', ['low', 'medium', 'high']);
export const ninjaVehicleTypeEnum = pgEnum('ninja_vehicle_type', ['standard', 'oversized', 'motorcycle']);

/** A rider's Ninja Booking request (membership §3). `id` is the client's UUID so the outbox can retry it. */
export const ninjaRequests = pgTable(
  'ninja_requests',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    departureDate: text('departure_date').notNull(),
    departureTime: text('departure_time'),
    returnDate: text('return_date'),
    returnTime: text('return_time'),
    vehicleType: ninjaVehicleTypeEnum('vehicle_type').notNull(),
    vehicleLength: integer('vehicle_length'),
    passengerCount: integer('passenger_count').notNull(),
    maxServiceFee: integer('max_service_fee').notNull(),
    isFlexible: boolean('is_flexible').notNull(),
    flexibilityHours: integer('flexibility_hours').notNull(),
    priority: ninjaPriorityEnum('priority').notNull(),
    autoBookEnabled: boolean('auto_book_enabled').notNull(),
    notifyViaEmail: boolean('notify_via_email').notNull(),
    notifyViaSms: boolean('notify_via_sms').notNull(),
    contactEmail: text('contact_email'),
    status: ninjaStatusEnum('status').notNull().default('active'),
    currentAttempts: integer('current_attempts').notNull().default(0),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ninja_requests_user_idx').on(t.userId), index('ninja_requests_status_idx').on(t.status)],
);

/**
 * What a watcher (a ninja request "ninja:{id}" or an agent monitor "agent:{userId}") already reported
 * per sailing: `open` while the reported space stays open; `episodes` counts openings, so a space
 * that closes and opens again is a new alert with its own key.
 */
export const watcherOpenings = pgTable(
  'watcher_openings',
  {
    watcher: text('watcher').notNull(),
    sailingId: text('sailing_id').notNull(),
    open: boolean('open').notNull(),
    episodes: integer('episodes').notNull(),
  },
  (t) => [uniqueIndex('watcher_openings_pk').on(t.watcher, t.sailingId)],
);

/** Spaces Deckhand booked in the reservations model; they come off the simulator's free spaces. */
export const reservationBookings = pgTable(
  'reservation_bookings',
  {
    id: serial('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .unique()
      .references(() => ninjaRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sailingId: text('sailing_id').notNull(),
    pool: text('pool').notNull(),
    passengers: integer('passengers').notNull(),
    departureTime: timestamp('departure_time', { withTimezone: true }).notNull(),
    successFee: numeric('success_fee', { precision: 8, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reservation_bookings_sailing_idx').on(t.sailingId)],
);

export const outboundChannelEnum = pgEnum('outbound_channel', ['email', 'sms']);
export const outboundStatusEnum = pgEnum('outbound_status', ['stored', 'sent', 'failed', 'no_address']);

/**
 * Outgoing e-mail and SMS (server/booking-agent/messages.ts). Without SMTP_URL (or an SMS provider)
 * a message stays here as 'stored', the local mailbox admins read; 'sent' only when a transport
 * accepted it. `key` makes each message go out once.
 */
export const outboundMessages = pgTable('outbound_messages', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  channel: outboundChannelEnum('channel').notNull(),
  recipient: text('recipient'),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  status: outboundStatusEnum('status').notNull(),
  error: text('error'),
  createdAt: createdAt(),
});

export const bookingAgentStatusEnum = pgEnum('booking_agent_status', [
  'monitoring',
  'booking',
  'completed',
  'failed',
  'cancelled',
]);

/** The console's monitor for one rider (membership §3 "Booking-agent monitor request"). */
export const bookingAgentMonitors = pgTable('booking_agent_monitors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  routeCode: text('route_code').notNull(),
  fromTerminal: text('from_terminal').notNull(),
  toTerminal: text('to_terminal').notNull(),
  departureDate: text('departure_date').notNull(),
  adults: integer('adults').notNull(),
  children: integer('children').notNull(),
  infants: integer('infants').notNull(),
  hasVehicle: boolean('has_vehicle').notNull(),
  vehicleHeight: text('vehicle_height'),
  vehicleLength: text('vehicle_length'),
  notificationEmail: text('notification_email'),
  status: bookingAgentStatusEnum('status').notNull(),
  message: text('message').notNull(),
  lastChecked: timestamp('last_checked', { withTimezone: true }),
  startedBy: text('started_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Openings the agent found for a monitor (membership §3 "Booking-agent alert"). */
export const bookingAgentAlerts = pgTable(
  'booking_agent_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    routeCode: text('route_code').notNull(),
    sailingId: text('sailing_id').notNull(),
    sailingTime: timestamp('sailing_time', { withTimezone: true }).notNull(),
    vehicleSpaces: integer('vehicle_spaces').notNull(),
    passengerSpaces: integer('passenger_spaces').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
  },
  (t) => [index('booking_agent_alerts_user_idx').on(t.userId, t.timestamp)],
);

/** The one row of agent settings (admin dashboard: 50 max monitors, 30 s check interval) and its switch. */
export const bookingAgentSettings = pgTable('booking_agent_settings', {
  id: integer('id').primaryKey(),
  checkIntervalSeconds: integer('check_interval_seconds').notNull().default(30),
  maxMonitors: integer('max_monitors').notNull().default(50),
  systemStartedAt: timestamp('system_started_at', { withTimezone: true }),
  systemStartedBy: text('system_started_by'),
});

/** Who runs a singleton job (the watcher engine) among several instances on one database. */
export const engineLeases = pgTable('engine_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
