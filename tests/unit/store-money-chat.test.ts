import { describe, expect, it } from 'vitest';

import { confidenceBand } from '@/domain/chat';
import {
  answerFromIndex,
  confidenceFromCoverage,
  createKnowledgeIndex,
  faqDocs,
  queryTerms,
} from '@/domain/chat-retrieval';
import { centsToDecimal, divideRoundHalfUp, formatCad, toCents } from '@/domain/money';
import {
  DEFAULT_DELIVERY_LOCATION,
  defaultDeliveryLocation,
  isForwardMove,
  mergeOrderLines,
  orderInputSchema,
  orderTotalCents,
  sortStoreItems,
} from '@/domain/store';

describe('money', () => {
  it('converts decimal strings and cents exactly', () => {
    expect([toCents('18.50'), toCents('18.5'), toCents('0.07'), toCents('103.75'), toCents('3')]).toEqual([
      1850, 1850, 7, 10375, 300,
    ]);
    expect([centsToDecimal(1850), centsToDecimal(7), centsToDecimal(0), centsToDecimal(-250)]).toEqual([
      '18.50',
      '0.07',
      '0.00',
      '-2.50',
    ]);
    expect(formatCad(12681)).toBe('$126.81');
    expect(() => toCents('1.234')).toThrow(RangeError);
    expect(() => toCents('-1.00')).toThrow(RangeError);
    expect([divideRoundHalfUp(5, 10), divideRoundHalfUp(4, 10), divideRoundHalfUp(14767, 10)]).toEqual([1, 0, 1477]);
  });
});

describe('order totals and lines', () => {
  it('sums quantity × price in cents with no float drift', () => {
    // 0.10 × 3 = 0.30 (0.1 * 3 in floats is 0.30000000000000004)
    expect(centsToDecimal(orderTotalCents([{ quantity: 3, price: '0.10' }]))).toBe('0.30');
    expect(
      centsToDecimal(
        orderTotalCents([
          { quantity: 2, price: '3.25' },
          { quantity: 3, price: '3.95' },
        ]),
      ),
    ).toBe('18.35');
    expect(centsToDecimal(orderTotalCents([{ quantity: 20, price: '19.99' }]))).toBe('399.80');
  });

  it('merges duplicate lines in first-seen order', () => {
    expect(
      mergeOrderLines([
        { storeItemId: 'a', quantity: 1 },
        { storeItemId: 'b', quantity: 2 },
        { storeItemId: 'a', quantity: 3 },
      ]),
    ).toEqual([
      { storeItemId: 'a', quantity: 4 },
      { storeItemId: 'b', quantity: 2 },
    ]);
  });

  it('validates the spec shape: whole quantities 1-20, a delivery location, at least one line', () => {
    const ok = {
      order: { userId: 1, total: '9.99', deliveryLocation: ' Car 1 ' },
      items: [{ storeItemId: 'x', quantity: 20, price: '1.00' }],
    };
    expect(orderInputSchema.safeParse(ok).success).toBe(true);
    expect(orderInputSchema.parse(ok).order.deliveryLocation).toBe('Car 1');
    for (const quantity of [0, -1, 21, 2.5]) {
      expect(orderInputSchema.safeParse({ ...ok, items: [{ storeItemId: 'x', quantity }] }).success).toBe(false);
    }
    expect(orderInputSchema.safeParse({ ...ok, items: [] }).success).toBe(false);
  });

  it('moves statuses forward only', () => {
    expect(isForwardMove('received', 'preparing')).toBe(true);
    expect(isForwardMove('received', 'delivered')).toBe(true);
    expect(isForwardMove('on_its_way', 'preparing')).toBe(false);
    expect(isForwardMove('delivered', 'delivered')).toBe(false);
  });

  it('sorts the catalogue by category, then id', () => {
    const sorted = sortStoreItems([
      { id: 'b', category: 'snacks' },
      { id: 'z', category: 'beverages' },
      { id: 'a', category: 'snacks' },
    ] as const);
    expect(sorted.map((i) => i.id)).toEqual(['z', 'a', 'b']);
  });
});

describe('default delivery location', () => {
  it('says "Your car" (never the literal {personal}), with its number, lane, place and terminal when known', () => {
    expect(DEFAULT_DELIVERY_LOCATION).toBe('Your car');
    expect(defaultDeliveryLocation(null, null)).toBe('Your car');
    expect(defaultDeliveryLocation('BC 123', null)).toBe('Your car (BC 123)');
    expect(defaultDeliveryLocation('BC 123', { lane: 2, terminalName: 'Tsawwassen' })).toBe(
      'Your car (BC 123), Lane 2, Tsawwassen',
    );
    expect(defaultDeliveryLocation(null, { lane: 'General Queue' })).toBe('Your car, General Queue');
    expect(defaultDeliveryLocation('  ', { lane: 3, positionInQueue: 12, terminalName: 'Horseshoe Bay' })).toBe(
      'Your car, Lane 3, position 12, Horseshoe Bay',
    );
  });
});

describe('chat confidence', () => {
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
});
