/**
 * POST /api/ai/chat {query, terminalId?} → {response, confidence, sources} (rider-core §7). A read:
 * nothing is stored, so no session is needed. A blank or over-long query is 400.
 */
import type { FastifyInstance } from 'fastify';
import { chatRequestSchema } from '@/domain/chat';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { FerryFeed } from '../feed/ferry-feed';
import { createChatService } from '../ai/chat-service';
import { llmConfigFrom } from '../ai/llm';
import { parseBody } from '../http/errors';

export function registerAiChatRoutes(api: FastifyInstance, deps: { config: Config; database: Database; feed: FerryFeed }): void {
  const chat = createChatService({ database: deps.database, feed: deps.feed, llm: llmConfigFrom(deps.config) });
  api.addHook('onClose', async () => chat.close());
  api.post('/ai/chat', async (request) => {
    const { query, terminalId } = parseBody(chatRequestSchema, request.body);
    return chat.answer(query, terminalId);
  });
}
