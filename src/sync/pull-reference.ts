/**
 * Reference data pulled into Dexie for offline use: the store catalogue, the help page's
 * questions (also what the chat answers from offline) and the fare table. Each pull validates the
 * answer, then replaces its table and stamps the fetch time in one transaction, so readers never see
 * a half-replaced list. Callers run these when online and log failures (the cached copy stays).
 */
import { META, type DeckhandDB } from '@/data/db';
import { apiGet } from '@/lib/api-client';
import { fareListSchema } from '@/domain/fares';
import { faqListSchema } from '@/domain/faq';
import { storeItemListSchema } from '@/domain/store';
import { replaceTable } from './pull';

export async function pullStoreItems(database: DeckhandDB): Promise<void> {
  const items = storeItemListSchema.parse(await apiGet<unknown>('/api/store/items'));
  await replaceTable(database, database.storeItems, items, META.storeItemsFetchedAt);
}

export async function pullFaq(database: DeckhandDB): Promise<void> {
  const faq = faqListSchema.parse(await apiGet<unknown>('/api/faq'));
  await replaceTable(database, database.faq, faq, META.faqFetchedAt);
}

export async function pullFares(database: DeckhandDB): Promise<void> {
  const fares = fareListSchema.parse(await apiGet<unknown>('/api/fares'));
  await replaceTable(database, database.fares, fares, META.faresFetchedAt);
}
