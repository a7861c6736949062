/**
 * The home banners to show, as the carousel reads them from the device: the stored list in the
 * server's order minus the ones dismissed on this device. Also read once before home's first render
 * (src/app/router.tsx), or taken from the list /app's HTML came with (src/app/first-screen-data.ts),
 * so the first render already shows the strip instead of its empty reserved room.
 */
import { db, META, type BannerRow, type DeckhandDB } from './db';
import { firstRead, useLiveRead } from './first-read';
import { visibleBanners } from '@/domain/banner';

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
  return useLiveRead(() => readStoredBanners(database), [database], database === db ? storedBannersFirstRead : undefined);
}
