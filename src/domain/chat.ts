/**
 * AI chat contract and display rules (rider-core §2 AI chat, §3, §5, §8, §9), shared by the widget
 * and POST /api/ai/chat.
 */
import { z } from 'zod/mini';

export const CHAT_QUERY_MAX = 500;

export const chatRequestSchema = z.object({
  query: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Ask a question first'),
      z.maxLength(CHAT_QUERY_MAX, `A question must be at most ${CHAT_QUERY_MAX} characters`),
    ),
  /** The rider's own terminal (src/domain/rider-terminal.ts), for questions that name none. */
  terminalId: z.optional(z.string().check(z.regex(/^[a-z-]{1,40}$/, 'Unknown terminal'))),
});

export const chatResponseSchema = z.object({
  response: z.string(),
  /** 0-1: how well the question matched what was found (0 = nothing found, or a failure). */
  confidence: z.number().check(z.minimum(0), z.maximum(1)),
  /** Names of what the answer used, e.g. "FAQ: Where can my pet travel?". */
  sources: z.array(z.string()),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/** rider-core §8: the AI message shown when a request fails, with confidence 0. */
export const CHAT_FAILURE_MESSAGE =
  "I'm having trouble processing your question right now. Please try again in a moment.";
/** Said when nothing in the guide or the live data matches the question. */
export const CHAT_NO_MATCH_MESSAGE =
  "I couldn't find anything about that in the ferry guide or the live terminal data. Try asking about fares, sailings, lane waits, pets or boarding.";
export const CHAT_WELCOME_MESSAGE =
  "Hi! I'm the Deckhand assistant. Ask me about fares, the next sailing, lane waits, pets or boarding. I answer from the ferry guide and live terminal data.";
/** Shown only while the welcome message is the sole message (rider-core §2). */
export const CHAT_SUGGESTIONS = [
  'When is the next sailing from Horseshoe Bay?',
  'How much is the fare to Langdale with a car?',
  'Can I bring my dog?',
  'How long is the wait at Tsawwassen?',
] as const;

/** The suggestions for a rider at `terminalName`: the sailing and wait questions ask about their own terminal. */
export function chatSuggestions(terminalName: string): string[] {
  return [
    `When is the next sailing from ${terminalName}?`,
    CHAT_SUGGESTIONS[1],
    CHAT_SUGGESTIONS[2],
    `How long is the wait at ${terminalName}?`,
  ];
}
/** Prefixed to answers made on the device from the cached FAQ while offline. */
export const CHAT_OFFLINE_PREFIX = "You're offline, so this comes from the help questions saved on this device.";
/** Prefixed to prices computed on the device while offline. */
export const CHAT_OFFLINE_PREFIX_FARES = "You're offline, so this is priced from the fare table saved on this device.";

export type ConfidenceBand = 'high' | 'moderate' | 'low' | 'none';

/** rider-core §9: ≥ 0.8 high, ≥ 0.6 moderate, else low; 0 none. */
export function confidenceBand(confidence: number): ConfidenceBand {
  if (confidence <= 0) return 'none';
  if (confidence >= 0.8) return 'high';
  if (confidence >= 0.6) return 'moderate';
  return 'low';
}

/** Said before a guide answer that matches only part of the question ("low" confidence). */
export const CHAT_UNSURE_PREFIX = "I don't know the answer to that for sure. The closest thing I have:";

/**
 * A retrieved answer as the rider reads it: one that covers the question too thinly to be its answer
 * ("low" band) says so first, rather than passing a neighbouring topic off as the answer. Computed
 * answers (prices, sailings, waits) and "none" answers are returned unchanged.
 */
export function sayWhenUnsure<T extends ChatResponse>(answer: T): T {
  if (confidenceBand(answer.confidence) !== 'low') return answer;
  return { ...answer, response: `${CHAT_UNSURE_PREFIX}\n\n${answer.response}` };
}

export const CONFIDENCE_BAND_LABELS: Record<ConfidenceBand, string> = {
  high: 'High confidence',
  moderate: 'Moderate confidence',
  low: 'Low confidence',
  none: 'No confidence',
};
