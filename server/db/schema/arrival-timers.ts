/**
 * Riders' arrival timers.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { users } from './riders';

/** rider-core §3 Arrival timer. Cancelling deletes the row; creating one replaces the rider's others. */
export const arrivalTimers = pgTable(
  'arrival_timers',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ferryId: text('ferry_id').notNull(),
    departureLocation: text('departure_location').notNull(),
    targetDeparture: timestamp('target_departure', { withTimezone: true }),
    bufferTime: integer('buffer_time').notNull(),
    travelTime: integer('travel_time').notNull(),
    cutoffTime: timestamp('cutoff_time', { withTimezone: true }).notNull(),
    alarmTime: timestamp('alarm_time', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    index('arrival_timers_user_idx').on(t.userId),
    index('arrival_timers_alarm_idx').on(t.alarmTime),
    // A rider has one active timer (server/routes/arrival-timers.ts): the database keeps it so.
    uniqueIndex('arrival_timers_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
  ],
);
