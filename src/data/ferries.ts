/**
 * The ferry list on the device: the REST pull (GET /api/ferries) and the realtime channel's
 * "ferries" messages replace it with its fetch time; the list /app's HTML came with is kept unless
 * the device already has a later one. The Next Ferry card and the Live Tracker read it from the
 * device; it is also read once before home's first render (src/app/router.tsx), so the Next Ferry
 * card's first render on a warm start already shows the next sailing.
 */
import { listFerries } from '@/domain/contracts/ferries';
import { ferryListSchema, type Ferry } from '@/domain/ferry';
import { callApi } from '@/lib/api-client';

import { db, META, type DeckhandDB } from './db';
import { firstRead, useLiveRead } from './first-read';
import { replaceTable, replaceTableUnlessNewer } from './pulled-rows';

export interface StoredFerries {
  ferries: Ferry[];
  /** When the stored list was fetched (epoch ms); null before the first pull. */
  fetchedAt: number | null;
}

export async function readStoredFerries(database: DeckhandDB): Promise<StoredFerries> {
  const [ferries, fetchedAt] = await Promise.all([
    database.ferries.toArray(),
    database.meta.get(META.ferriesFetchedAt),
  ]);
  return { ferries, fetchedAt: typeof fetchedAt?.value === 'number' ? fetchedAt.value : null };
}

/** The device store's read, made before home's first render (src/app/router.tsx). */
export const storedFerriesFirstRead = firstRead(() => readStoredFerries(db));

/** undefined while the first read is under way. */
export function useStoredFerries(database: DeckhandDB): StoredFerries | undefined {
  return useLiveRead(
    () => readStoredFerries(database),
    [database],
    database === db ? storedFerriesFirstRead : undefined,
    (stored) => stored.fetchedAt !== null,
  );
}

/** The ferries table and its fetch time; shared by the REST pull and the realtime channel. */
export function storeFerries(database: DeckhandDB, ferries: Ferry[], fetchedAt = Date.now()): Promise<void> {
  return replaceTable(database, database.ferries, ferries, META.ferriesFetchedAt, fetchedAt);
}

/**
 * The ferry list /app's HTML came with (src/app/first-screen-data.ts), kept unless the device already
 * has a list fetched later (a pull or the realtime channel got there first).
 */
export function storeFerriesUnlessNewer(database: DeckhandDB, ferries: Ferry[], fetchedAt: number): Promise<void> {
  return replaceTableUnlessNewer(database, database.ferries, ferries, META.ferriesFetchedAt, fetchedAt);
}

/** A realtime "ferries" or "ferry_update" message: the list it carries replaces the stored one. */
export async function storeFerriesMessage(database: DeckhandDB, data: unknown, type: string): Promise<boolean> {
  const ferries = ferryListSchema.safeParse(data);
  if (!ferries.success) {
    console.warn(`Realtime "${type}" message has an unexpected shape`, ferries.error);
    return false;
  }
  await storeFerries(database, ferries.data);
  return true;
}

export async function pullFerries(database: DeckhandDB): Promise<Ferry[]> {
  const ferries = await callApi(listFerries, {});
  await storeFerries(database, ferries);
  return ferries;
}
