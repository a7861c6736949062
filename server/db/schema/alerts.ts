/**
 * Trip alerts: the rider's alert timing, held alerts and away mode's alarm (server/alerts/*).
 */
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { awaySessions } from './away-sessions';
import { notificationKindEnum } from './notifications';
import { users } from './riders';

/** The rider's alert timing (src/domain/quiet-hours.ts); no row = the defaults (quiet hours off, no digest). */
export const alertSettings = pgTable('alert_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  quietHoursEnabled: boolean('quiet_hours_enabled').notNull().default(false),
  quietHoursStart: text('quiet_hours_start').notNull().default('22:00'),
  quietHoursEnd: text('quiet_hours_end').notNull().default('07:00'),
  dailyDigest: boolean('daily_digest').notNull().default(false),
});

/**
 * Alerts held by quiet hours: neither in the inbox nor pushed yet. The scheduler delivers each once
 * the rider's quiet hours are over or its trip's last 2 hours begin, then deletes it.
 */
export const heldAlerts = pgTable(
  'held_alerts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: notificationKindEnum('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    tripDeparture: timestamp('trip_departure', { withTimezone: true }),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('held_alerts_user_key_unique').on(t.userId, t.key)],
);

/** Away mode's alarm (src/domain/away-alarm.ts): set per session; `repeats_sent` makes each repeat push once. */
export const awayAlarms = pgTable('away_alarms', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => awaySessions.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  repeatsSent: integer('repeats_sent').notNull().default(0),
});
