/**
 * The assistant answers what was asked: every question of the evaluation set
 * (tests/fixtures/chat-eval.json) gets an answer holding its facts — computed prices, the next sailings
 * by the app's own clock formatting, the lane waits, the guide's answers — with a confidence in the
 * expected band (off-topic questions must not claim confidence).
 */
import { describe, expect, it } from 'vitest';
import { answerChat } from '../../server/ai/answer';
import { EVAL_QUESTIONS, runEval } from '../fixtures/chat-eval';

const results = runEval(answerChat);

describe('the assistant evaluation set', () => {
  it('has at least 40 questions', () => {
    expect(EVAL_QUESTIONS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(results.map((r) => [r.question.q, r] as const))('%s', (_q, result) => {
    expect({ missing: result.missing, bandOk: result.bandOk }, result.answer.response).toEqual({ missing: [], bandOk: true });
  });

  it('never tags the peak-surcharge FAQ as the answer to a price question', () => {
    const adult = results.find((r) => r.question.q === 'How much is an adult fare on the main routes?')!;
    expect(adult.answer.sources.some((s) => s.startsWith('FAQ'))).toBe(false);
    expect(adult.answer.response).toMatch(/\$\d+\.\d{2}/);
  });
});
