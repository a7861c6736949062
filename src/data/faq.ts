/**
 * The help page's questions on the device (GET /api/faq): also what the chat answers from offline.
 * The pull validates the answer, then replaces the table and stamps the fetch time in one
 * transaction, so readers never see a half-replaced list. Callers run it when online and log a
 * failure (the cached copy stays).
 */
import { listFaq } from '@/domain/contracts/reference';
import { callApi } from '@/lib/api-client';

import { META, type DeckhandDB } from './db';
import { replaceTable } from './pulled-rows';

export async function pullFaq(database: DeckhandDB): Promise<void> {
  const rows = await callApi(listFaq, {});
  await replaceTable(database, database.faq, rows, META.faqFetchedAt);
}
