/**
 * The chat's offline answer: a price question is priced on the device from the fare table cached in
 * Dexie, by the same function the server uses (src/domain/chat-fare-answer.ts); anything else gets the
 * same MiniSearch retrieval the server uses, over the cached FAQ. Prefixed with a note that it is
 * offline. Imported lazily, so MiniSearch is only downloaded when the chat is first used offline.
 */
import type { DeckhandDB } from '@/data/db';
import { CHAT_OFFLINE_PREFIX, CHAT_OFFLINE_PREFIX_FARES, sayWhenUnsure, type ChatResponse } from '@/domain/chat';
import { fareAnswer } from '@/domain/chat-fare-answer';
import { detectIntent } from '@/domain/chat-intent';
import { answerFromIndex, createKnowledgeIndex, faqDocs } from '@/domain/chat-retrieval';

export async function answerOffline(database: DeckhandDB, query: string): Promise<ChatResponse> {
  if (detectIntent(query) === 'fare') {
    const priced = fareAnswer(await database.fares.toArray(), query);
    if (priced) return { ...priced, response: `${CHAT_OFFLINE_PREFIX_FARES}\n\n${priced.response}` };
  }
  const faq = await database.faq.toArray();
  const { response, confidence, sources } = sayWhenUnsure(answerFromIndex(createKnowledgeIndex(faqDocs(faq)), query));
  return { response: `${CHAT_OFFLINE_PREFIX}\n\n${response}`, confidence, sources };
}
