/**
 * Answers POST /api/ai/chat (./answer.ts): prices, sailings and lane waits are computed from the fare
 * table and the live feed; other questions are answered by retrieval over the guide, and, when an LLM
 * is configured, it may rephrase a retrieved answer from the retrieved documents only. Confidence and
 * sources always come from ./answer.ts.
 *
 * The lane-count history for the community median wait is kept in memory from the feed's count
 * updates (last WAIT_HISTORY_LIMIT per terminal); `close()` unsubscribes.
 */
import type { ChatResponse } from '@/domain/chat';

import type { Database } from '../db/client';
import type { FerryFeed } from '../feed/ferry-feed';
import { listFaq, listFares } from '../reference/reference-repository';
import { answerChat } from './answer';
import { WaitHistory } from './knowledge';
import { phraseWithLlm, type LlmConfig } from './llm';

export interface ChatService {
  /** `terminalId`: the rider's own terminal, for questions that name none. */
  answer(query: string, terminalId?: string): Promise<ChatResponse>;
  close(): void;
}

export function createChatService(deps: {
  database: Database;
  feed: FerryFeed;
  llm: LlmConfig | null;
  now?: () => number;
}): ChatService {
  const history = new WaitHistory();
  history.record(deps.feed.queueCounts());
  const unsubscribe = deps.feed.subscribeQueueCounts((counts) => history.record(counts));
  const now = deps.now ?? Date.now;

  return {
    async answer(query, terminalId) {
      const [faq, fares] = await Promise.all([listFaq(deps.database), listFares(deps.database)]);
      const {
        hits,
        intent: _intent,
        ...answer
      } = answerChat(
        { faq, fares, ferries: deps.feed.current(), counts: deps.feed.queueCounts(), history, now: now(), terminalId },
        query,
      );
      // Computed answers (prices, sailings, waits) are exact figures: they are never rephrased.
      if (deps.llm && hits.length > 0) {
        const phrased = await phraseWithLlm(
          deps.llm,
          query,
          hits.map((hit) => hit.doc),
        );
        if (phrased) return { ...answer, response: phrased };
      }
      return answer;
    },
    close: unsubscribe,
  };
}
