/**
 * The fare table on the device (GET /api/fares), for the help page and the chat offline. The pull
 * validates the answer, then replaces the table and stamps the fetch time in one transaction, so
 * readers never see a half-replaced list. Callers run it when online and log a failure (the cached
 * copy stays).
 */
import { listFares } from '@/domain/contracts/reference';
import { callApi } from '@/lib/api-client';

import { META, type DeckhandDB } from './db';
import { replaceTable } from './pulled-rows';

export async function pullFares(database: DeckhandDB): Promise<void> {
  const rows = await callApi(listFares, {});
  await replaceTable(database, database.fares, rows, META.faresFetchedAt);
}
