/**
 * Reads from the server into Dexie, in the style of ./pull.ts: home banners, amenities, the
 * notification inbox and the rider's active away session. Answers are validated with the shared
 * schemas before they touch the store; a failure throws and the previous data stays.
 *
 * Reconciliation rules:
 * - Notifications: the server's list replaces the local one, except that a notification read on
 *   this device stays read (its POST …/read may still be in the outbox): read is one-way.
 * - Away session: a local row whose start or exit is still queued (syncState 'queued') wins over
 *   the server. So does one whose change the server acknowledged after this request started
 *   (syncedAt > startedAt): the answer may predate it. Otherwise the server's answer is the truth:
 *   its active session is stored as sent, every other local row goes.
 */
import { z } from 'zod/mini';
import type { AwaySessionRow, BannerRow, DeckhandDB, NotificationRow } from '@/data/db';
import { META } from '@/data/db';
import { amenitySchema, awaySessionSchema } from '@/domain/away';
import { bannerListSchema, type Banner } from '@/domain/banner';
import { notificationListSchema } from '@/domain/notification';
import { apiGet } from '@/lib/api-client';
import { replaceTable } from './pull';

/** The stored rows of the server's banner list: its order is kept as `order`. */
export function bannerRows(banners: readonly Banner[]): BannerRow[] {
  return banners.map((banner, order) => ({ ...banner, order }));
}

export async function pullBanners(database: DeckhandDB): Promise<void> {
  const banners = bannerListSchema.parse(await apiGet<unknown>('/api/banners'));
  await replaceTable(database, database.banners, bannerRows(banners), META.bannersFetchedAt);
}

/** Stores `banners` as read at `fetchedAt`, unless the device has a list fetched at or after it. */
export async function storeBannersUnlessNewer(database: DeckhandDB, banners: readonly Banner[], fetchedAt: number): Promise<void> {
  await database.transaction('rw', [database.banners, database.meta], async () => {
    const stored = await database.meta.get(META.bannersFetchedAt);
    if (typeof stored?.value === 'number' && stored.value >= fetchedAt) return;
    await replaceTable(database, database.banners, bannerRows(banners), META.bannersFetchedAt, fetchedAt);
  });
}

const amenityListSchema = z.array(amenitySchema);

export async function pullAmenities(database: DeckhandDB): Promise<void> {
  const amenities = amenityListSchema.parse(await apiGet<unknown>('/api/amenities'));
  await replaceTable(database, database.amenities, amenities.map((amenity, order) => ({ ...amenity, order })));
}

export async function pullNotifications(database: DeckhandDB): Promise<void> {
  const list = notificationListSchema.parse(await apiGet<unknown>('/api/notifications'));
  const now = Date.now();
  await database.transaction('rw', database.notifications, database.meta, async () => {
    const readHere = new Map<number, string>();
    for (const row of await database.notifications.toArray()) {
      if (row.readAt) readHere.set(row.id, row.readAt);
    }
    const rows: NotificationRow[] = list.items.map((item) => ({ ...item, readAt: item.readAt ?? readHere.get(item.id) ?? null }));
    await database.notifications.clear();
    await database.notifications.bulkPut(rows);
    await database.meta.put({ key: META.notificationsFetchedAt, value: now, updatedAt: now });
  });
}

/** True when the local row must not be overwritten by an answer to a request started at `startedAt`. */
function localWins(row: AwaySessionRow, startedAt: number): boolean {
  return row.syncState === 'queued' || (row.syncedAt !== undefined && row.syncedAt > startedAt);
}

export async function pullActiveAwaySession(database: DeckhandDB): Promise<void> {
  const startedAt = Date.now();
  const answer = await apiGet<unknown>('/api/away-sessions/active');
  const session = answer === null ? null : awaySessionSchema.parse(answer);
  await database.transaction('rw', database.awaySessions, async () => {
    const local = await database.awaySessions.toArray();
    if (local.some((row) => localWins(row, startedAt))) return;
    await database.awaySessions.bulkDelete(local.filter((row) => row.id !== session?.id).map((row) => row.id));
    if (session) await database.awaySessions.put({ ...session, syncState: 'sent' });
  });
}
