import { describe, expect, it } from 'vitest';

import { CHAT_NO_MATCH_MESSAGE } from '@/domain/chat';
import {
  answerFromIndex,
  confidenceFromCoverage,
  createKnowledgeIndex,
  faqDocs,
  queryTerms,
  selectHits,
  type KnowledgeDoc,
  type RetrievalHit,
} from '@/domain/chat-retrieval';

describe('chat retrieval (rider-core §2 AI chat "each answer shows a confidence band and sources"; docs/store-help-chat.md)', () => {
  it('maps the share of the question matched to 0.40-0.95', () => {
    expect([
      confidenceFromCoverage(1),
      confidenceFromCoverage(0.5),
      confidenceFromCoverage(1 / 3),
      confidenceFromCoverage(0),
    ]).toEqual([0.95, 0.68, 0.58, 0]);
  });

  it('drops stop words from the question', () => {
    expect(queryTerms('Can I bring my dog on the ferry?')).toEqual(['bring', 'dog', 'ferry']);
  });

  it('answers from the FAQ by meaning-bearing words, quoting the best entry', () => {
    const index = createKnowledgeIndex(
      faqDocs([
        {
          id: 'pets',
          category: 'Pets',
          question: 'Where can my pet travel?',
          answer: 'In your vehicle or the pet area.',
        },
        {
          id: 'wifi',
          category: 'Onboard',
          question: 'Is there Wi-Fi on the ferry?',
          answer: 'Most vessels have Wi-Fi.',
        },
      ]),
    );
    const pets = answerFromIndex(index, 'Can I bring my dog?');
    expect(pets.sources).toEqual(['FAQ: Where can my pet travel?']);
    expect(pets.response).toBe('From the FAQ "Where can my pet travel?": In your vehicle or the pet area.');
    const none = answerFromIndex(index, 'What is the capital of France?');
    expect(none).toMatchObject({ confidence: 0, sources: [] });
  });

  it('answers nothing, with the no-match message, to a question of stop words only', () => {
    const index = createKnowledgeIndex(
      faqDocs([{ id: 'wifi', category: 'Onboard', question: 'Is there Wi-Fi?', answer: 'Most vessels have Wi-Fi.' }]),
    );
    expect(queryTerms('What is it?')).toEqual([]);
    expect(answerFromIndex(index, 'What is it?')).toEqual({
      response: CHAT_NO_MATCH_MESSAGE,
      confidence: 0,
      sources: [],
      hits: [],
    });
  });

  it('keeps confidence within 0.40-0.95 for any share of the question matched', () => {
    expect(confidenceFromCoverage(0.01)).toBe(0.41);
    expect(confidenceFromCoverage(-1)).toBe(0);
  });
});

describe('the hits an answer quotes (docs/store-help-chat.md)', () => {
  const doc = (id: string, kind: KnowledgeDoc['kind']): KnowledgeDoc => ({
    id,
    kind,
    source: id,
    title: id,
    text: '',
    keywords: '',
    answer: id,
  });
  const hit = (id: string, kind: KnowledgeDoc['kind'], score: number): RetrievalHit => ({
    doc: doc(id, kind),
    score,
    coverage: 1,
  });

  it('adds a runner-up FAQ entry scoring at least three quarters of the best', () => {
    expect(selectHits([hit('a', 'faq', 10), hit('b', 'faq', 7.5)]).map((h) => h.doc.id)).toEqual(['a', 'b']);
    expect(selectHits([hit('a', 'faq', 10), hit('b', 'faq', 7.4)]).map((h) => h.doc.id)).toEqual(['a']);
  });

  it('never adds another terminal or route to a live or fare answer', () => {
    expect(selectHits([hit('q1', 'queue', 10), hit('q2', 'queue', 10)]).map((h) => h.doc.id)).toEqual(['q1']);
    expect(selectHits([hit('f', 'faq', 10), hit('r', 'fare', 10)]).map((h) => h.doc.id)).toEqual(['f']);
  });

  it('quotes nothing when nothing was found', () => {
    expect(selectHits([])).toEqual([]);
  });
});

describe('matching the words riders type (docs/store-help-chat.md: MiniSearch over the FAQ)', () => {
  const index = createKnowledgeIndex(
    faqDocs([
      {
        id: 'reservation-needed',
        category: 'Reservations',
        question: 'Do I need a reservation?',
        answer: 'Reservations are recommended on busy sailings; standby travel is first come, first served.',
      },
      {
        id: 'pets-car-deck',
        category: 'Pets',
        question: 'Can pets stay in the vehicle?',
        answer: 'Dogs and cats may stay in your vehicle on the car deck.',
      },
    ]),
  );

  it('finds a word by its start, so "dog" finds "dogs"', () => {
    expect(answerFromIndex(index, 'dog').sources).toEqual(['FAQ: Can pets stay in the vehicle?']);
  });

  it('forgives a typo in a longer word', () => {
    expect(answerFromIndex(index, 'resevation').sources[0]).toBe('FAQ: Do I need a reservation?');
  });

  it("finds an entry by its category's everyday words that its text does not contain", () => {
    expect(answerFromIndex(index, 'booking').sources[0]).toBe('FAQ: Do I need a reservation?');
    expect(answerFromIndex(index, 'leash').sources[0]).toBe('FAQ: Can pets stay in the vehicle?');
  });

  it('states full confidence when every meaningful word matched, less when only some did', () => {
    expect(answerFromIndex(index, 'Do I need a reservation?').confidence).toBe(0.95);
    const partial = answerFromIndex(index, 'reservation for my helicopter');
    expect(partial.confidence).toBeLessThan(0.95);
    expect(partial.confidence).toBeGreaterThan(0);
  });
});
