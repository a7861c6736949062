/**
 * The store catalogue on the device (GET /api/store/items), for the store page offline. The pull
 * validates the answer, then replaces the table and stamps the fetch time in one transaction, so
 * readers never see a half-replaced list. Callers run it when online and log a failure (the cached
 * copy stays).
 */
import { listStoreItems } from '@/domain/contracts/reference';
import { callApi } from '@/lib/api-client';

import { META, type DeckhandDB } from './db';
import { replaceTable } from './pulled-rows';

export async function pullStoreItems(database: DeckhandDB): Promise<void> {
  const rows = await callApi(listStoreItems, {});
  await replaceTable(database, database.storeItems, rows, META.storeItemsFetchedAt);
}
