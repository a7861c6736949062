/** The assistant (rider-core §2 AI chat, §7): answers from the ferry guide and live terminal data. Nothing is stored. */
import { CHAT_QUERY_MAX, chatRequestSchema, chatResponseSchema } from '../chat';
import { defineContract } from './contract';

export const askChat = defineContract({
  method: 'POST',
  path: '/api/ai/chat',
  summary: `Answers a question (at most ${CHAT_QUERY_MAX} characters; \`terminalId\` the rider's own terminal for questions that name none), with its confidence and the sources used`,
  tag: 'Assistant',
  access: 'anyone',
  body: chatRequestSchema,
  responses: { 200: chatResponseSchema },
});
