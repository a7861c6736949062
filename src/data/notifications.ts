/**
 * The notification inbox on the device (GET /api/notifications): the server's list replaces the
 * local one, except that a notification read on this device stays read (its POST …/read may still
 * be in the outbox): read is one-way. Marking entries read is offline-first: the local rows change
 * and the outbox row (POST /api/notifications/:id/read or /read-all) is queued in ONE transaction,
 * then a flush is requested.
 */
import {
  listNotifications,
  markAllNotificationsRead as markAllRead,
  markNotificationRead as markRead,
} from '@/domain/contracts/notifications';
import { callApi, callTarget } from '@/lib/api-client';
import { enqueue } from '@/sync/outbox';
import { sendSoon } from '@/sync/send-soon';

import { META, type DeckhandDB, type NotificationRow } from './db';

export async function pullNotifications(database: DeckhandDB): Promise<void> {
  const list = await callApi(listNotifications, {});
  const now = Date.now();
  await database.transaction('rw', database.notifications, database.meta, async () => {
    const readHere = new Map<number, string>();
    for (const row of await database.notifications.toArray()) {
      if (row.readAt) readHere.set(row.id, row.readAt);
    }
    const rows: NotificationRow[] = list.items.map((item) => ({
      ...item,
      readAt: item.readAt ?? readHere.get(item.id) ?? null,
    }));
    await database.notifications.clear();
    await database.notifications.bulkPut(rows);
    await database.meta.put({ key: META.notificationsFetchedAt, value: now, updatedAt: now });
    await database.meta.put({ key: META.notificationsHeld, value: list.held ?? 0, updatedAt: now });
  });
}

export async function markNotificationRead(database: DeckhandDB, id: number, now = new Date()): Promise<void> {
  await database.transaction('rw', database.notifications, database.outbox, async () => {
    const row = await database.notifications.get(id);
    if (!row || row.readAt) return;
    await database.notifications.update(id, { readAt: now.toISOString() });
    await enqueue(database, callTarget(markRead, { params: { id } }));
  });
  await sendSoon(database);
}

export async function markAllNotificationsRead(database: DeckhandDB, now = new Date()): Promise<void> {
  await database.transaction('rw', database.notifications, database.outbox, async () => {
    const unread = await database.notifications.filter((row) => row.readAt === null).toArray();
    if (unread.length === 0) return;
    await database.notifications.bulkUpdate(
      unread.map((row) => ({ key: row.id, changes: { readAt: now.toISOString() } })),
    );
    await enqueue(database, callTarget(markAllRead, {}));
  });
  await sendSoon(database);
}
