/**
 * The notification inbox and Web Push subscriptions.
 */
import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { NOTIFICATION_KINDS } from '../../../src/domain/notification';
import { createdAt } from './columns';
import { users } from './riders';

export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);

/**
 * The rider's inbox. `key` is the alert's identity (src/domain/notification.ts): UNIQUE(user_id, key)
 * is what makes every alert land, and be pushed, at most once, across ticks, restarts and instances.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: notificationKindEnum('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_user_key_unique').on(t.userId, t.key),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** A browser's PushSubscription; the endpoint is globally unique and belongs to the rider who last sent it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
