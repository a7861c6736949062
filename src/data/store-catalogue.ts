/**
 * The store catalogue on the device (GET /api/store/items), for the store page offline. The pull
 * validates the answer, then replaces the table and stamps the fetch time in one transaction, so
 * readers never see a half-replaced list. Callers run it when online and log a failure (the cached
 * copy stays).
 */
import { storeItemListSchema } from '@/domain/store';
import { apiGet } from '@/lib/api-client';
import { META, type DeckhandDB } from './db';
import { replaceTable } from './pulled-rows';

export async function pullStoreItems(database: DeckhandDB): Promise<void> {
  const rows = storeItemListSchema.parse(await apiGet<unknown>('/api/store/items'));
  await replaceTable(database, database.storeItems, rows, META.storeItemsFetchedAt);
}
