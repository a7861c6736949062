/**
 * The assistant's accuracy on its evaluation set (tests/fixtures/chat-eval.json): the share of
 * questions whose answer holds every required fact with a confidence in the expected band. Prints the
 * figure for the assistant as it is (server/ai/answer.ts) and for retrieval alone (quoting the best
 * matching document, as the assistant did before it computed prices and sailings), for comparison;
 * then the same for the held-out set, written before the last round of material and never tuned on.
 */
import { answerFromIndex, createKnowledgeIndex } from '@/domain/chat-retrieval';

import { answerChat, type ChatContext } from '../server/ai/answer';
import { buildKnowledge } from '../server/ai/knowledge';
import { EVAL_QUESTIONS, HELD_OUT_QUESTIONS, runEval, type EvalResult } from '../tests/fixtures/chat-eval';

function retrievalOnly(context: ChatContext, query: string) {
  const { hits: _hits, ...answer } = answerFromIndex(createKnowledgeIndex(buildKnowledge(context)), query);
  return answer;
}

function report(name: string, results: EvalResult[]): void {
  const passed = results.filter((r) => r.passed).length;
  const facts = results.filter((r) => r.missing.length === 0).length;
  console.log(
    `${name}: ${passed}/${results.length} correct (${((passed / results.length) * 100).toFixed(1)} %); ` +
      `facts present in ${facts}/${results.length}, confidence band right in ${results.filter((r) => r.bandOk).length}/${results.length}`,
  );
  for (const r of results.filter((x) => !x.passed)) {
    console.log(
      `  ✗ ${r.question.q}${r.missing.length ? ` — missing ${r.missing.join(', ')}` : ''}${r.bandOk ? '' : ` — confidence ${r.answer.confidence}`}`,
    );
  }
}

console.log(`chat evaluation set (tuning): ${EVAL_QUESTIONS.length} questions`);
report('assistant (computed answers + retrieval)', runEval(answerChat));
report('retrieval only', runEval(retrievalOnly));
console.log(`\nheld-out set (never tuned on): ${HELD_OUT_QUESTIONS.length} questions`);
report('assistant (computed answers + retrieval)', runEval(answerChat, HELD_OUT_QUESTIONS));
report('retrieval only', runEval(retrievalOnly, HELD_OUT_QUESTIONS));
