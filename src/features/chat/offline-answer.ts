/**
 * The chat's offline answer: the same MiniSearch retrieval the server uses, over the FAQ
 * cached in Dexie, prefixed with a note that it is offline. Imported lazily, so MiniSearch is only
 * downloaded when the chat is first used offline.
 */
import type { DeckhandDB } from '@/data/db';
import { CHAT_OFFLINE_PREFIX, type ChatResponse } from '@/domain/chat';
import { answerFromIndex, createKnowledgeIndex, faqDocs } from '@/domain/chat-retrieval';

export async function answerOffline(database: DeckhandDB, query: string): Promise<ChatResponse> {
  const faq = await database.faq.toArray();
  const { response, confidence, sources } = answerFromIndex(createKnowledgeIndex(faqDocs(faq)), query);
  return { response: `${CHAT_OFFLINE_PREFIX}\n\n${response}`, confidence, sources };
}
