/**
 * Marking inbox entries read, offline-first: the local rows change and the outbox row
 * (POST /api/notifications/:id/read or /read-all) is queued in ONE transaction, then a flush is
 * requested. The notification pull keeps a locally read entry read (src/data/notifications.ts).
 */
import type { DeckhandDB } from '@/data/db';
import {
  markAllNotificationsRead as markAllRead,
  markNotificationRead as markRead,
} from '@/domain/contracts/notifications';
import { callTarget } from '@/lib/api-client';
import { enqueue } from '@/sync/outbox';
import { sendSoon } from '@/sync/send-soon';

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
