import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { ASSUMED_CONFIDENCE, COMPUTED_CONFIDENCE, fareAnswer } from '@/domain/chat-fare-answer';
import { fareListSchema } from '@/domain/fares';
import { routeById } from '@/domain/terminals';

import { FARE_ROWS } from '../../server/db/seed-fares';

/** The §9 fare table as GET /api/fares answers it. */
const FARES = z.parse(
  fareListSchema,
  FARE_ROWS.map((row) => ({ ...row, routeName: routeById(row.routeId)!.name })),
);

describe("the assistant's computed fare answer (rider-core §2 AI chat, §5 fare calculator, §9 fares and tax)", () => {
  it('quotes one adult on foot on the main routes, off-peak and peak, tax included, and says what it assumed', () => {
    const answer = fareAnswer(FARES, 'How much is the ferry?');
    expect(answer).toEqual({
      response:
        'On the main routes (Horseshoe Bay - Departure Bay, Tsawwassen - Swartz Bay, Tsawwassen - Duke Point), ' +
        '1 adult on foot costs $20.72 off-peak or $23.83 at peak (peak sailings ×1.15), tax included (12%). ' +
        'Fares: 1 × adult $18.50. ' +
        '(I assumed the main routes and one adult on foot; ask with your route, passengers and vehicle for your exact price.)',
      confidence: ASSUMED_CONFIDENCE,
      sources: ['Fare table: Horseshoe Bay - Departure Bay', 'Fare calculator (tax 12% on the subtotal)'],
    });
  });

  it('prices a named party and vehicle with the high confidence of nothing assumed', () => {
    const answer = fareAnswer(FARES, 'How much for 2 adults and a car from Tsawwassen to Swartz Bay?')!;
    expect(answer.response).toBe(
      'On Tsawwassen - Swartz Bay, 2 adults with a vehicle under 20 ft costs $110.26 off-peak or $126.81 at peak ' +
        '(peak sailings ×1.15), tax included (12%). Fares: 2 × adult $18.50, 1 × vehicle under 20 ft $61.45.',
    );
    expect(answer.confidence).toBe(COMPUTED_CONFIDENCE);
    expect(answer.sources[0]).toBe('Fare table: Tsawwassen - Swartz Bay');
  });

  it('quotes only the peak price, with its surcharge and tax, when peak is asked for', () => {
    const answer = fareAnswer(FARES, 'peak fare for one adult to Langdale')!;
    expect(answer.response).toBe(
      'On Horseshoe Bay - Langdale, 1 adult on foot costs $19.47 on a peak sailing (peak sailings ×1.10: +$1.58), ' +
        'tax included (12%: $2.09). Fares: 1 × adult $15.80.',
    );
  });

  it('quotes only the off-peak price when off-peak is asked for', () => {
    const answer = fareAnswer(FARES, 'off-peak price for 1 adult on the main routes')!;
    expect(answer.response).toContain('costs $20.72 off-peak, tax included (12%: $2.22); no peak surcharge.');
    expect(answer.response).not.toContain('at peak');
  });

  it('lists children and free infants, and a motorcycle', () => {
    const answer = fareAnswer(FARES, 'How much for 1 adult, 2 kids and a baby with a motorcycle to Snug Cove?')!;
    expect(answer.response).toContain('1 adult, 2 children, 1 infant (free) with a motorcycle costs');
    expect(answer.response).toContain(
      'Fares: 1 × adult $12.90, 2 × child $6.45, 1 × infant $0.00, 1 × motorcycle $21.35.',
    );
  });

  it('says the route does not price what was asked for instead of inventing a price', () => {
    const answer = fareAnswer(FARES, 'How much for an adult with a bike to Langdale?');
    expect(answer).toEqual({
      response:
        'On Horseshoe Bay - Langdale: Bicycles are not priced on Horseshoe Bay - Langdale. ' +
        'The fare calculator on the Help page lists what this route prices.',
      confidence: ASSUMED_CONFIDENCE,
      sources: ['Fare table: Horseshoe Bay - Langdale'],
    });
  });

  it('quotes bicycles where the route prices them', () => {
    const answer = fareAnswer(FARES, 'How much for an adult with 2 bikes from Horseshoe Bay to Nanaimo?')!;
    expect(answer.response).toContain('1 adult with 2 bicycles costs');
    expect(answer.response).toContain('2 × bicycle $2.25');
  });

  it('answers nothing when the fare table on hand has no row for the route', () => {
    expect(fareAnswer([], 'How much is the ferry?')).toBeNull();
    expect(
      fareAnswer(
        FARES.filter((f) => f.routeId !== 'hsb-lng'),
        'fare to Langdale',
      ),
    ).toBeNull();
  });
});
