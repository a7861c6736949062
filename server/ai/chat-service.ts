/**
 * Answers POST /api/ai/chat by retrieval: builds the knowledge documents from the
 * database and the live feed, searches them with the shared MiniSearch rules
 * (src/domain/chat-retrieval.ts), and, when an LLM is configured, lets it rephrase the answer from
 * the retrieved documents only. Confidence and sources always come from retrieval.
 *
 * The lane-count history for the community average wait is kept in memory from the feed's count
 * updates (last WAIT_HISTORY_LIMIT per terminal); `close()` unsubscribes.
 */
import { answerFromIndex, createKnowledgeIndex } from '@/domain/chat-retrieval';
import type { ChatResponse } from '@/domain/chat';
import type { Database } from '../db/client';
import type { FerryFeed } from '../feed/ferry-feed';
import { listFaq, listFares } from '../routes/store';
import { buildKnowledge, WaitHistory } from './knowledge';
import { phraseWithLlm, type LlmConfig } from './llm';

export interface ChatService {
  answer(query: string): Promise<ChatResponse>;
  close(): void;
}

export function createChatService(deps: { database: Database; feed: FerryFeed; llm: LlmConfig | null; now?: () => number }): ChatService {
  const history = new WaitHistory();
  history.record(deps.feed.queueCounts());
  const unsubscribe = deps.feed.subscribeQueueCounts((counts) => history.record(counts));
  const now = deps.now ?? Date.now;

  return {
    async answer(query) {
      const [faq, fares] = await Promise.all([listFaq(deps.database), listFares(deps.database)]);
      const docs = buildKnowledge({
        faq,
        fares,
        ferries: deps.feed.current(),
        counts: deps.feed.queueCounts(),
        history,
        now: now(),
      });
      const { hits, ...answer } = answerFromIndex(createKnowledgeIndex(docs), query);
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
