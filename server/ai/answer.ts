/**
 * The assistant's answer to one question, as a pure function of what it knows (so the evaluation set
 * in tests/unit/chat-eval.test.ts runs it without a server):
 *
 * - a price question gets a computed price: route, passengers and vehicle read from the question
 *   (src/domain/chat-intent.ts), priced by src/domain/fares.ts with tax, off-peak and peak both
 *   quoted unless one was asked for;
 * - a sailing question gets the next sailings from the terminal asked about (else the rider's own
 *   terminal), with times formatted by the same function the app uses (src/domain/time.ts) and the
 *   same countdown (src/domain/countdown.ts);
 * - a wait question gets that terminal's lane count and median wait (bounded by the sailings that
 *   will carry the cars: src/domain/community-queue.ts, the rule of the tracker and of the sailing waits);
 * - anything else is retrieval over the guide (src/domain/chat-retrieval.ts), whose confidence is cut
 *   to "low" when the best match is of a kind that cannot answer the question (a live-data document
 *   for a guide question, or another terminal than the one named); a "low" answer says first that it
 *   may not answer the question (sayWhenUnsure), and one that matches nothing says it knows nothing.
 */
import { announcedDepartureFillText, sailingWaitsAt, sailingWaitsText } from '@/domain/capacity';
import { sayWhenUnsure, type ChatResponse } from '@/domain/chat';
import { ASSUMED_CONFIDENCE, COMPUTED_CONFIDENCE, fareAnswer } from '@/domain/chat-fare-answer';
import { detectIntent, mentionedTerminal, type ChatIntent } from '@/domain/chat-intent';
import { answerFromIndex, createKnowledgeIndex, type KnowledgeDoc, type RetrievalHit } from '@/domain/chat-retrieval';
import { departsInText, minutesUntil } from '@/domain/countdown';
import type { Ferry } from '@/domain/ferry';
import { sailingsFrom } from '@/domain/rider-terminal';
import { DEFAULT_TERMINAL_ID, routeById, terminalById } from '@/domain/terminals';
import { formatClock } from '@/domain/time';

import { buildKnowledge, queueDocs, type KnowledgeInput } from './knowledge';

export interface ChatContext extends KnowledgeInput {
  /** The rider's own terminal (sent by the app), for questions that name none. */
  terminalId?: string;
}

export type ChatAnswer = ChatResponse & { hits: RetrievalHit[]; intent: ChatIntent };

/** Retrieval whose best match cannot answer the question is at most "low". */
export const MISMATCH_CONFIDENCE_CAP = 0.5;
/** Sailings quoted per answer. */
export const SAILINGS_ANSWERED = 3;

function sailingLine(ferry: Ferry, now: number): string {
  const to = ferry.route.split(' - ')[1] ?? ferry.route;
  const late = ferry.delayMinutes ? `${ferry.delayMinutes} min late` : 'on time';
  const sailingWaits = sailingWaitsAt(ferry, now);
  const waits = sailingWaits !== undefined ? `; ${sailingWaitsText(sailingWaits).toLowerCase()}` : '';
  const countdown = departsInText(minutesUntil(ferry.departureTime, now) ?? 0).toLowerCase();
  return `${formatClock(ferry.departureTime)} to ${to} on the ${ferry.name} (${countdown}, ${late}; ${announcedDepartureFillText(ferry)}${waits})`;
}

const routeEnds = (routeId: string): string[] => {
  const route = routeById(routeId);
  return route ? [route.from, route.to] : [];
};

function terminalFor(ctx: ChatContext, query: string): { id: string; named: boolean } {
  const named = mentionedTerminal(query);
  if (named) return { id: named, named: true };
  return { id: ctx.terminalId && terminalById(ctx.terminalId) ? ctx.terminalId : DEFAULT_TERMINAL_ID, named: false };
}

function sailingAnswer(ctx: ChatContext, query: string): ChatAnswer {
  const terminal = terminalFor(ctx, query);
  const name = terminalById(terminal.id)?.name ?? terminal.id;
  const upcoming = sailingsFrom(ctx.ferries, terminal.id, ctx.now).slice(0, SAILINGS_ANSWERED);
  const source = `Live feed: next sailings from ${name}`;
  if (upcoming.length === 0) {
    // The feed lists each vessel's next departure; a terminal whose vessel is on its way there has none yet.
    const coming = ctx.ferries.find(
      (f) => f.terminalId !== terminal.id && f.routeId && routeEnds(f.routeId).includes(terminal.id),
    );
    const why = coming
      ? ` The ${coming.name} sails there from ${terminalById(coming.terminalId ?? '')?.name ?? 'the other terminal'} at ${formatClock(coming.departureTime)}; its sailing back is listed once it docks.`
      : '';
    return {
      response: `No departure from ${name} is listed in the live feed yet.${why}`,
      confidence: ASSUMED_CONFIDENCE,
      sources: [source],
      hits: [],
      intent: 'sailing',
    };
  }
  const yours = terminal.named ? '' : ` (your terminal; name another terminal to ask about it)`;
  return {
    response: `Next sailings from ${name}${yours}: ${upcoming.map((f) => sailingLine(f, ctx.now)).join('; then ')}. Loads are estimated.`,
    confidence: terminal.named ? COMPUTED_CONFIDENCE : ASSUMED_CONFIDENCE,
    sources: [source],
    hits: [],
    intent: 'sailing',
  };
}

function waitAnswer(ctx: ChatContext, query: string): ChatAnswer | null {
  const terminal = terminalFor(ctx, query);
  const doc = queueDocs(ctx.counts, ctx.history, ctx.ferries, ctx.now).find((d) => d.id === `queue:${terminal.id}`);
  if (!doc) return null;
  return {
    response: doc.answer,
    confidence: terminal.named ? COMPUTED_CONFIDENCE : ASSUMED_CONFIDENCE,
    sources: [doc.source],
    hits: [],
    intent: 'wait',
  };
}

/** True when `doc` can answer a question of `intent` that names `terminalId` (or none). */
function answers(doc: KnowledgeDoc, intent: ChatIntent, terminalId: string | null): boolean {
  if (intent === 'other' && (doc.kind === 'sailing' || doc.kind === 'queue')) return false;
  if (terminalId && (doc.kind === 'sailing' || doc.kind === 'queue') && !doc.id.endsWith(`:${terminalId}`))
    return false;
  return true;
}

export function answerChat(ctx: ChatContext, query: string): ChatAnswer {
  const intent = detectIntent(query);
  const fare = intent === 'fare' ? fareAnswer(ctx.fares, query) : null;
  const computed = fare
    ? { ...fare, hits: [], intent }
    : intent === 'sailing'
      ? sailingAnswer(ctx, query)
      : intent === 'wait'
        ? waitAnswer(ctx, query)
        : null;
  if (computed) return computed;
  const docs = buildKnowledge({
    faq: ctx.faq,
    fares: ctx.fares,
    ferries: ctx.ferries,
    counts: ctx.counts,
    history: ctx.history,
    now: ctx.now,
  });
  const found = answerFromIndex(createKnowledgeIndex(docs), query);
  const best = found.hits[0];
  const confidence =
    best && !answers(best.doc, intent, mentionedTerminal(query))
      ? Math.min(found.confidence, MISMATCH_CONFIDENCE_CAP)
      : found.confidence;
  return sayWhenUnsure({ ...found, confidence, intent });
}
