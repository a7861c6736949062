/**
 * The rider's notification inbox as stored (DESIGN.md: bell = unread notifications). Alerts are put
 * here by server/alerts/deliver-alert.ts; riders read them and mark them read. Every read and write
 * names the rider, so another rider's notification is never seen nor touched.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';

import { NOTIFICATION_LIST_LIMIT } from '@/domain/contracts/notifications';
import type { Notification, NotificationList } from '@/domain/notification';

import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { notifications } from '../db/schema';

function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    key: row.key,
    kind: row.kind,
    title: row.title,
    body: row.body,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/**
 * Stores an alert in its rider's inbox unless one with its key is there: true when this call stored
 * it. `ON CONFLICT (user_id, key) DO NOTHING`, so of any number of callers exactly one stores it.
 */
export async function storeNotificationOnce(
  handle: Db,
  alert: Pick<Notification, 'key' | 'kind' | 'title' | 'body' | 'url'> & { userId: number },
): Promise<boolean> {
  const inserted = await handle
    .insert(notifications)
    .values({
      userId: alert.userId,
      key: alert.key,
      kind: alert.kind,
      title: alert.title,
      body: alert.body,
      url: alert.url,
    })
    .onConflictDoNothing({ target: [notifications.userId, notifications.key] })
    .returning({ id: notifications.id });
  return inserted.length > 0;
}

/** True when the rider's inbox holds an alert with this key. */
export async function hasNotification(handle: Db, userId: number, key: string): Promise<boolean> {
  const rows = await handle
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.key, key)))
    .limit(1);
  return rows.length > 0;
}

/** Every unread notification of the rider (not only the listed ones). */
async function unreadCountOf(handle: Db, userId: number): Promise<number> {
  const [row] = await handle
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The rider's newest notifications (at most NOTIFICATION_LIST_LIMIT) and how many are unread. */
export async function readInbox(database: Database, userId: number): Promise<NotificationList> {
  const rows = await database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return { items: rows.map(toNotification), unreadCount: await unreadCountOf(database.db, userId) };
}

/** Marks every unread notification of the rider read: how many it marked, and how many are left unread. */
export async function markAllRead(tx: Db, userId: number): Promise<{ updated: number; unreadCount: number }> {
  const updated = await tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: updated.length, unreadCount: await unreadCountOf(tx, userId) };
}

/** Marks one of the rider's notifications read (keeping the first read's time); null when they have none with that id. */
export async function markRead(tx: Db, userId: number, id: number): Promise<Notification | null> {
  const mine = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const [marked] = await tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine, isNull(notifications.readAt)))
    .returning();
  if (marked) return toNotification(marked);
  const [row] = await tx.select().from(notifications).where(mine).limit(1);
  return row ? toNotification(row) : null;
}
