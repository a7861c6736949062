/**
 * The assistant answers what was asked: every question of the evaluation set
 * (tests/fixtures/chat-eval.json) gets an answer holding its facts — computed prices, the next sailings
 * by the app's own clock formatting, the lane waits, the guide's answers — with a confidence in the
 * expected band (off-topic questions must not claim confidence).
 */
import { describe, expect, it } from 'vitest';

import { answerChat } from '../../server/ai/answer';
import { EVAL_QUESTIONS, evalContext, runEval } from '../fixtures/chat-eval';

const results = runEval(answerChat);

describe('the assistant evaluation set', () => {
  it('has at least 40 questions', () => {
    expect(EVAL_QUESTIONS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(results.map((r) => [r.question.q, r] as const))('%s', (_q, result) => {
    expect({ missing: result.missing, bandOk: result.bandOk }, result.answer.response).toEqual({
      missing: [],
      bandOk: true,
    });
  });

  it.each([
    ['Can I cancel and get a refund?', 'FAQ: Can I cancel my reservation and get a refund?'],
    [
      'What if the ferry is full when I reach the front?',
      'FAQ: What if the sailing is full when I reach the front of the line?',
    ],
    ['I missed check-in, what happens now?', 'FAQ: What if I miss the check-in cut-off?'],
  ])('answers "%s" from the guide entry on it, not a neighbouring topic', (question, source) => {
    expect(results.find((r) => r.question.q === question)!.answer.sources[0]).toBe(source);
  });

  it('says it does not know when what it has matches too little of the question', () => {
    const answer = answerChat(evalContext(), 'Is the gift shop open on the Coastal Celebration?');
    expect(answer.confidence).toBeLessThan(0.6);
    expect(answer.response).toMatch(/^(I don't know the answer to that for sure|I couldn't find anything about that)/);
  });

  it('never tags the peak-surcharge FAQ as the answer to a price question', () => {
    const adult = results.find((r) => r.question.q === 'How much is an adult fare on the main routes?')!;
    expect(adult.answer.sources.some((s) => s.startsWith('FAQ'))).toBe(false);
    expect(adult.answer.response).toMatch(/\$\d+\.\d{2}/);
  });
});
