/**
 * The home banners on the device: the pull (GET /api/banners) replaces the stored list, keeping the
 * server's order as `order`; the list /app's HTML came with is kept unless the device has a later
 * one. The carousel reads the stored list minus the ones dismissed on this device. Also read once
 * before home's first render (src/app/router.tsx), or taken from the list /app's HTML came with
 * (src/app/first-screen-data.ts), so the first render already shows the strip instead of its empty
 * reserved room.
 */
import { visibleBanners, type Banner } from '@/domain/banner';
import { activeBanners } from '@/domain/contracts/banners';
import { callApi } from '@/lib/api-client';

import { db, META, type BannerRow, type DeckhandDB } from './db';
import { firstRead, useLiveRead } from './first-read';
import { replaceTable, replaceTableUnlessNewer } from './pulled-rows';

export interface StoredBanners {
  /** The banners to show, in order. */
  banners: BannerRow[];
  /** Whether a list has been fetched at all (until then the strip keeps its room). */
  pulled: boolean;
}

export async function readStoredBanners(database: DeckhandDB): Promise<StoredBanners> {
  const [rows, dismissed, fetchedAt] = await Promise.all([
    database.banners.orderBy('order').toArray(),
    database.meta.get(META.dismissedBanners),
    database.meta.get(META.bannersFetchedAt),
  ]);
  return {
    banners: visibleBanners(rows, Array.isArray(dismissed?.value) ? (dismissed.value as string[]) : []),
    pulled: fetchedAt !== undefined || rows.length > 0,
  };
}

/** The device store's read, made before home's first render (src/app/router.tsx). */
export const storedBannersFirstRead = firstRead(() => readStoredBanners(db));

/** undefined while the first read is under way. */
export function useStoredBanners(database: DeckhandDB): StoredBanners | undefined {
  return useLiveRead(
    () => readStoredBanners(database),
    [database],
    database === db ? storedBannersFirstRead : undefined,
    (stored) => stored.pulled,
  );
}

/** The stored rows of the server's banner list: its order is kept as `order`. */
export function bannerRows(banners: readonly Banner[]): BannerRow[] {
  return banners.map((banner, order) => ({ ...banner, order }));
}

export async function pullBanners(database: DeckhandDB): Promise<void> {
  const banners = await callApi(activeBanners, {});
  await replaceTable(database, database.banners, bannerRows(banners), META.bannersFetchedAt);
}

/** Stores `banners` as read at `fetchedAt`, unless the device has a list fetched at or after it. */
export function storeBannersUnlessNewer(
  database: DeckhandDB,
  banners: readonly Banner[],
  fetchedAt: number,
): Promise<void> {
  return replaceTableUnlessNewer(database, database.banners, bannerRows(banners), META.bannersFetchedAt, fetchedAt);
}
