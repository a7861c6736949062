import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import {
  CHAT_FAILURE_MESSAGE,
  CHAT_QUERY_MAX,
  CHAT_UNSURE_PREFIX,
  chatRequestSchema,
  chatResponseSchema,
  chatSuggestions,
  CONFIDENCE_BAND_LABELS,
  confidenceBand,
  sayWhenUnsure,
} from '@/domain/chat';

describe('chat confidence bands (rider-core §9 "AI chat 0.8 and above high, 0.6 and above moderate, else low, 0 none")', () => {
  it('bands at 0.8 / 0.6 / 0', () => {
    expect([1, 0.8, 0.79, 0.6, 0.59, 0.01, 0].map(confidenceBand)).toEqual([
      'high',
      'high',
      'moderate',
      'moderate',
      'low',
      'low',
      'none',
    ]);
  });
});

describe('a chat question and its answer (rider-core §2 AI chat, §5 "query non-blank after trimming", §8)', () => {
  const firstMessage = (input: unknown) => z.safeParse(chatRequestSchema, input).error?.issues[0]?.message;

  it('trims the question and refuses a blank one, saying so', () => {
    expect(z.parse(chatRequestSchema, { query: '  Can I bring my dog? ' })).toEqual({ query: 'Can I bring my dog?' });
    expect(firstMessage({ query: '   ' })).toBe('Ask a question first');
    expect(firstMessage({ query: '' })).toBe('Ask a question first');
  });

  it(`takes a question of up to ${CHAT_QUERY_MAX} characters`, () => {
    expect(z.safeParse(chatRequestSchema, { query: 'x'.repeat(500) }).success).toBe(true);
    expect(firstMessage({ query: 'x'.repeat(501) })).toBe('A question must be at most 500 characters');
  });

  it("takes the rider's terminal as an id, and refuses anything else", () => {
    expect(z.parse(chatRequestSchema, { query: 'wait?', terminalId: 'horseshoe-bay' }).terminalId).toBe(
      'horseshoe-bay',
    );
    expect(firstMessage({ query: 'wait?', terminalId: 'Horseshoe Bay' })).toBe('Unknown terminal');
    expect(firstMessage({ query: 'wait?', terminalId: '' })).toBe('Unknown terminal');
  });

  it('answers with a confidence from 0 to 1 and its sources', () => {
    const answer = { response: 'Yes.', confidence: 1, sources: ['FAQ: Where can my pet travel?'] };
    expect(z.safeParse(chatResponseSchema, answer).success).toBe(true);
    expect(z.safeParse(chatResponseSchema, { ...answer, confidence: 1.01 }).success).toBe(false);
    expect(z.safeParse(chatResponseSchema, { ...answer, confidence: -0.1 }).success).toBe(false);
  });

  it("shows the spec's failure message", () => {
    expect(CHAT_FAILURE_MESSAGE).toBe(
      "I'm having trouble processing your question right now. Please try again in a moment.",
    );
  });

  it("suggests the sailing and wait questions for the rider's own terminal", () => {
    expect(chatSuggestions('Tsawwassen')).toEqual([
      'When is the next sailing from Tsawwassen?',
      'How much is the fare to Langdale with a car?',
      'Can I bring my dog?',
      'How long is the wait at Tsawwassen?',
    ]);
  });

  it('says it is unsure before an answer in the low band only', () => {
    const answer = (confidence: number) => ({ response: 'Pets travel in the vehicle.', confidence, sources: [] });
    expect(sayWhenUnsure(answer(0.58)).response).toBe(`${CHAT_UNSURE_PREFIX}\n\nPets travel in the vehicle.`);
    expect(sayWhenUnsure(answer(0.6))).toEqual(answer(0.6));
    expect(sayWhenUnsure(answer(0.95))).toEqual(answer(0.95));
    expect(sayWhenUnsure(answer(0))).toEqual(answer(0));
  });

  it('labels each band for the answer bubble', () => {
    expect([0.9, 0.7, 0.3, 0].map((c) => CONFIDENCE_BAND_LABELS[confidenceBand(c)])).toEqual([
      'High confidence',
      'Moderate confidence',
      'Low confidence',
      'No confidence',
    ]);
  });
});
