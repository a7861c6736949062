/**
 * The stored ferries and when they were fetched, as the Next Ferry card and the Live Tracker read
 * them from the device. Also read once before home's first render (src/app/router.tsx), so the Next
 * Ferry card's first render on a warm start already shows the next sailing.
 */
import { db, META, type DeckhandDB } from './db';
import { firstRead, useLiveRead } from './first-read';
import type { Ferry } from '@/domain/ferry';

export interface StoredFerries {
  ferries: Ferry[];
  /** When the stored list was fetched (epoch ms); null before the first pull. */
  fetchedAt: number | null;
}

export async function readStoredFerries(database: DeckhandDB): Promise<StoredFerries> {
  const [ferries, fetchedAt] = await Promise.all([database.ferries.toArray(), database.meta.get(META.ferriesFetchedAt)]);
  return { ferries, fetchedAt: typeof fetchedAt?.value === 'number' ? fetchedAt.value : null };
}

/** The device store's read, made before home's first render (src/app/router.tsx). */
export const storedFerriesFirstRead = firstRead(() => readStoredFerries(db));

/** undefined while the first read is under way. */
export function useStoredFerries(database: DeckhandDB): StoredFerries | undefined {
  return useLiveRead(() => readStoredFerries(database), [database], database === db ? storedFerriesFirstRead : undefined);
}
