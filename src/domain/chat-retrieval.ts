/**
 * Retrieval for the AI chat, with MiniSearch (a maintained full-text index that runs in Node and the
 * browser): the server indexes the FAQ, the fare table and live feed summaries; the browser indexes
 * the cached FAQ when offline. Both answer with the same rules:
 *
 * - Query and documents go through the same tokenizer and stop-word filter; prefix and light fuzzy
 *   matching catch "dog" → "dogs" and typos.
 * - The answer quotes the best document, and a runner-up FAQ entry when the best is one too and
 *   the runner-up scores at least SECOND_HIT_RATIO of it (live and fare documents are one per
 *   terminal or route, so a runner-up there would be another place than the one asked about).
 * - confidence = how much of the question the best document covers: the share of the question's
 *   meaningful words it matched, mapped to 0.40-0.95 (all words → 0.95 "high", half → 0.68
 *   "moderate", a third → 0.58 "low"). Nothing matched → 0 with the no-match message.
 * - sources name every document quoted.
 */
import MiniSearch from 'minisearch';

import { CHAT_NO_MATCH_MESSAGE, type ChatResponse } from './chat';

export type KnowledgeKind = 'faq' | 'fare' | 'sailing' | 'queue';

export interface KnowledgeDoc {
  id: string;
  kind: KnowledgeKind;
  /** How the answer names it in `sources`, e.g. "FAQ: Where can my pet travel?". */
  source: string;
  title: string;
  /** Searchable body. */
  text: string;
  /** Extra words people use for this topic (weighted like the title). */
  keywords: string;
  /** What the answer quotes. */
  answer: string;
}

export const SECOND_HIT_RATIO = 0.75;
const CONFIDENCE_FLOOR = 0.4;
const CONFIDENCE_SPAN = 0.55;

const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could do does did for from get got has have how i if in into is it its ' +
    'me my of on or our please should so tell than that the their them then there these they this to us was we ' +
    'what when where which who why will with would you your about any just know want need much many ' +
    "i'm it's what's when's where's"
  ).split(' '),
);

function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
}

function processTerm(term: string): string | null {
  const cleaned = term.replace(/^'+|'+$/g, '');
  if (cleaned.length < 2 || STOP_WORDS.has(cleaned)) return null;
  return cleaned;
}

/** The question's meaningful words, as the index sees them. */
export function queryTerms(query: string): string[] {
  return [
    ...new Set(
      tokenize(query)
        .map(processTerm)
        .filter((t): t is string => t !== null),
    ),
  ];
}

export interface KnowledgeIndex {
  search(query: string): RetrievalHit[];
}

export interface RetrievalHit {
  doc: KnowledgeDoc;
  score: number;
  /** Share (0-1) of the question's meaningful words this document matched. */
  coverage: number;
}

export function createKnowledgeIndex(docs: readonly KnowledgeDoc[]): KnowledgeIndex {
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const index = new MiniSearch<KnowledgeDoc>({
    fields: ['title', 'text', 'keywords'],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 2, keywords: 2 },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'OR',
    },
  });
  index.addAll(docs);
  return {
    search(query) {
      const terms = queryTerms(query);
      if (terms.length === 0) return [];
      return index.search(terms.join(' ')).flatMap((result) => {
        const doc = byId.get(String(result.id));
        if (!doc) return [];
        const matched = new Set(result.queryTerms);
        return [{ doc, score: result.score, coverage: Math.min(1, matched.size / terms.length) }];
      });
    },
  };
}

export function confidenceFromCoverage(coverage: number): number {
  if (coverage <= 0) return 0;
  return Math.round((CONFIDENCE_FLOOR + CONFIDENCE_SPAN * coverage) * 100) / 100;
}

/** The hits an answer quotes: the best, plus a close runner-up when both are FAQ entries. */
export function selectHits(hits: readonly RetrievalHit[]): RetrievalHit[] {
  const [best, second] = hits;
  if (!best) return [];
  if (second && best.doc.kind === 'faq' && second.doc.kind === 'faq' && second.score >= best.score * SECOND_HIT_RATIO) {
    return [best, second];
  }
  return [best];
}

function quote(doc: KnowledgeDoc): string {
  return doc.kind === 'faq' ? `From the FAQ "${doc.title}": ${doc.answer}` : doc.answer;
}

/** Answer `query` from `index`: quotes, confidence from coverage, sources. */
export function answerFromIndex(index: KnowledgeIndex, query: string): ChatResponse & { hits: RetrievalHit[] } {
  const hits = selectHits(index.search(query));
  const best = hits[0];
  if (!best) return { response: CHAT_NO_MATCH_MESSAGE, confidence: 0, sources: [], hits: [] };
  return {
    response: hits.map((hit) => quote(hit.doc)).join('\n\n'),
    confidence: confidenceFromCoverage(best.coverage),
    sources: hits.map((hit) => hit.doc.source),
    hits,
  };
}

/** FAQ entries as knowledge documents (server and offline browser alike). */
export function faqDocs(
  items: ReadonlyArray<{ id: string; question: string; answer: string; category: string }>,
): KnowledgeDoc[] {
  return items.map((item) => ({
    id: `faq:${item.id}`,
    kind: 'faq',
    source: `FAQ: ${item.question}`,
    title: item.question,
    text: item.answer,
    keywords: `${item.category} ${FAQ_KEYWORDS[item.category.toLowerCase()] ?? ''}`,
    answer: item.answer,
  }));
}

/** Words riders use for each FAQ category that its text may not contain. */
const FAQ_KEYWORDS: Record<string, string> = {
  pets: 'pet pets dog dogs cat cats animal animals leash',
  boarding: 'arrive early check-in checkin cut-off cutoff late missed board boarding lanes full filled sold overload',
  reservations:
    'reservation reserve booking book standby cancel cancelled cancellation refund refunds refundable money back',
  fares: 'fare fares price cost ticket',
  vehicles: 'vehicle car truck rv trailer length height',
  accessibility: 'wheelchair disability accessible elevator',
  onboard: 'food coffee wifi internet snacks',
  terminal: 'queue position line camera gps',
};
