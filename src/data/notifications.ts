/**
 * The notification inbox on the device (GET /api/notifications): the server's list replaces the
 * local one, except that a notification read on this device stays read (its POST …/read may still
 * be in the outbox): read is one-way.
 */
import { listNotifications } from '@/domain/contracts/notifications';
import { callApi } from '@/lib/api-client';

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
  });
}
