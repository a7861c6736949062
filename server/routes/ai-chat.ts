/**
 * POST /api/ai/chat {query, terminalId?} → {response, confidence, sources} (rider-core §7). A read:
 * nothing is stored, so no session is needed. A blank or over-long query is 400.
 */
import type { FastifyInstance } from 'fastify';

import { askChat } from '@/domain/contracts/ai-chat';

import { createChatService } from '../ai/chat-service';
import { llmConfigFrom } from '../ai/llm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { FerryFeed } from '../feed/ferry-feed';
import { route } from '../http/contract-route';

export function registerAiChatRoutes(
  api: FastifyInstance,
  deps: { config: Config; database: Database; feed: FerryFeed },
): void {
  const chat = createChatService({ database: deps.database, feed: deps.feed, llm: llmConfigFrom(deps.config) });
  api.addHook('onClose', async () => chat.close());
  route(api, askChat, {}, async (request) => chat.answer(request.body.query, request.body.terminalId));
}
