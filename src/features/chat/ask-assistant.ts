/**
 * One chat turn: online, POST /api/ai/chat; offline (or when the network fails) the cached FAQ
 * answers in the browser; any other failure is the spec's failure message with confidence 0
 * (rider-core §8). Never throws.
 */
import type { DeckhandDB } from '@/data/db';
import { CHAT_FAILURE_MESSAGE, type ChatResponse } from '@/domain/chat';
import { askChat } from '@/domain/contracts/ai-chat';
import { callApi, NetworkError } from '@/lib/api-client';

async function offline(database: DeckhandDB, query: string): Promise<ChatResponse> {
  const { answerOffline } = await import('./offline-answer');
  return answerOffline(database, query);
}

export async function askAssistant(
  database: DeckhandDB,
  query: string,
  online: boolean,
  terminalId?: string,
): Promise<ChatResponse> {
  try {
    if (!online) return await offline(database, query);
    try {
      return await callApi(askChat, { body: terminalId ? { query, terminalId } : { query } });
    } catch (error) {
      if (error instanceof NetworkError) return await offline(database, query);
      throw error;
    }
  } catch (error) {
    console.warn('Chat failed', error);
    return { response: CHAT_FAILURE_MESSAGE, confidence: 0, sources: [] };
  }
}
