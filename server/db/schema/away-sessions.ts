/**
 * Away mode sessions.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { users } from './riders';

export const awaySessionStatusEnum = pgEnum('away_session_status', ['active', 'ended']);

/**
 * Away mode sessions (rider-core §3, §9). `id` is the client's UUID so a session started offline can be
 * ended offline by the same id. At most one `active` session per rider (partial unique index);
 * `alert_at` (boarding minus threshold) is stored so the alert scheduler finds due sessions by index.
 */
export const awaySessions = pgTable(
  'away_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ferryId: text('ferry_id').notNull(),
    queuePosition: integer('queue_position').notNull(),
    estimatedBoardingTime: timestamp('estimated_boarding_time', { withTimezone: true }).notNull(),
    alertThresholdMinutes: integer('alert_threshold_minutes').notNull(),
    alertAt: timestamp('alert_at', { withTimezone: true }).notNull(),
    currentLocation: text('current_location').notNull(),
    status: awaySessionStatusEnum('status').notNull().default('active'),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('away_sessions_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index('away_sessions_active_alert_at_idx')
      .on(t.alertAt)
      .where(sql`${t.status} = 'active'`),
  ],
);
