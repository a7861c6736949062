import { describe, expect, it } from 'vitest';

import {
  bicyclePriced,
  clampCount,
  EMPTY_FARE_REQUEST,
  quoteFare,
  vehicleTypesFor,
  type Fare,
  type FareRequest,
} from '@/domain/fares';
import { formatCad } from '@/domain/money';

import { LANGDALE_FARE, servedFare } from '../fixtures/served-fares';

/** rider-core §9, as GET /api/fares answers it (server/db/seed-fares.ts). */
const HSB_NAN = servedFare('hsb-nan');
const TSA_SWB = servedFare('tsa-swb');
const SNUG_COVE = servedFare('hsb-snug');

const request = (patch: Partial<FareRequest>): FareRequest => ({ ...EMPTY_FARE_REQUEST, adults: 0, ...patch });
const totals = (fare: Fare, patch: Partial<FareRequest>) => {
  const q = quoteFare(fare, request(patch));
  return {
    base: formatCad(q.baseCents),
    surcharge: formatCad(q.peakSurchargeCents),
    subtotal: formatCad(q.subtotalCents),
    tax: formatCad(q.taxCents),
    total: formatCad(q.totalCents),
  };
};

describe('quoteFare against rider-core §9', () => {
  it('prices one adult on every route, off-peak: fare + 12 % tax', () => {
    expect(totals(HSB_NAN, { adults: 1 })).toMatchObject({ subtotal: '$18.50', tax: '$2.22', total: '$20.72' });
    expect(totals(LANGDALE_FARE, { adults: 1 })).toMatchObject({ subtotal: '$15.80', tax: '$1.90', total: '$17.70' });
    expect(totals(SNUG_COVE, { adults: 1 })).toMatchObject({ subtotal: '$12.90', tax: '$1.55', total: '$14.45' });
  });

  it('prices children at the child fare and infants free', () => {
    const q = quoteFare(TSA_SWB, request({ adults: 2, children: 2, infants: 1 }));
    expect(q.lines).toEqual([
      { label: 'Adult', quantity: 2, unitCents: 1850, amountCents: 3700 },
      { label: 'Child', quantity: 2, unitCents: 925, amountCents: 1850 },
      { label: 'Infant', quantity: 1, unitCents: 0, amountCents: 0 },
    ]);
    // 37.00 + 18.50 = 55.50; tax 6.66; total 62.16
    expect(totals(TSA_SWB, { adults: 2, children: 2, infants: 1 })).toMatchObject({
      subtotal: '$55.50',
      tax: '$6.66',
      total: '$62.16',
    });
    expect(totals(LANGDALE_FARE, { children: 3 })).toMatchObject({ subtotal: '$23.70', tax: '$2.84', total: '$26.54' });
    expect(totals(SNUG_COVE, { infants: 4 })).toMatchObject({ subtotal: '$0.00', total: '$0.00' });
  });

  it.each([
    ['under20', '61.45', '52.20', '42.65'],
    ['20to25', '82.60', '70.15', '57.35'],
    ['over25', '103.75', '88.10', '72.05'],
    ['motorcycle', '30.75', '26.10', '21.35'],
  ] as const)('prices vehicle type %s on each route', (vehicle, mainPrice, langdalePrice, snugPrice) => {
    expect(totals(HSB_NAN, { vehicle }).base).toBe(`$${mainPrice}`);
    expect(totals(LANGDALE_FARE, { vehicle }).base).toBe(`$${langdalePrice}`);
    expect(totals(SNUG_COVE, { vehicle }).base).toBe(`$${snugPrice}`);
  });

  it('prices the bicycle on main routes only', () => {
    expect(totals(HSB_NAN, { bicycles: 2 })).toMatchObject({ base: '$4.50', tax: '$0.54', total: '$5.04' });
    expect(bicyclePriced(LANGDALE_FARE)).toBe(false);
    expect(bicyclePriced(SNUG_COVE)).toBe(false);
    expect(() => quoteFare(LANGDALE_FARE, request({ bicycles: 1 }))).toThrow(/Bicycles are not priced/);
    expect(vehicleTypesFor(LANGDALE_FARE).map((t) => t.key)).toEqual([
      'none',
      'under20',
      '20to25',
      'over25',
      'motorcycle',
    ]);
  });

  it('applies each route’s peak multiplier to the base, then tax on the subtotal (half-up on the cent)', () => {
    // Main 1.15: 2 adults + under 20 ft = 98.45; surcharge 14.7675 → 14.77; subtotal 113.22; tax 13.5864 → 13.59; total 126.81.
    expect(totals(HSB_NAN, { adults: 2, vehicle: 'under20', peak: true })).toEqual({
      base: '$98.45',
      surcharge: '$14.77',
      subtotal: '$113.22',
      tax: '$13.59',
      total: '$126.81',
    });
    // Same off-peak: 98.45 + 11.81 (11.814) = 110.26.
    expect(totals(HSB_NAN, { adults: 2, vehicle: 'under20', peak: false })).toMatchObject({
      surcharge: '$0.00',
      tax: '$11.81',
      total: '$110.26',
    });
    // Langdale 1.10: 1 adult + under 20 ft = 68.00; surcharge 6.80; subtotal 74.80; tax 8.976 → 8.98; total 83.78.
    expect(totals(LANGDALE_FARE, { adults: 1, vehicle: 'under20', peak: true })).toEqual({
      base: '$68.00',
      surcharge: '$6.80',
      subtotal: '$74.80',
      tax: '$8.98',
      total: '$83.78',
    });
    // Snug Cove 1.05: 2 adults + 1 child + over 25 ft = 25.80 + 6.45 + 72.05 = 104.30; surcharge 5.215 → 5.22;
    // subtotal 109.52; tax 13.1424 → 13.14; total 122.66.
    expect(totals(SNUG_COVE, { adults: 2, children: 1, vehicle: 'over25', peak: true })).toEqual({
      base: '$104.30',
      surcharge: '$5.22',
      subtotal: '$109.52',
      tax: '$13.14',
      total: '$122.66',
    });
    expect(quoteFare(SNUG_COVE, request({ adults: 1, peak: true })).multiplier).toBe('1.05');
  });

  it('handles the passenger bounds: 0 and 20 accepted, -1, 21 and fractions refused', () => {
    expect(totals(HSB_NAN, {}).total).toBe('$0.00');
    // 20 adults + 20 children + 20 infants: 370.00 + 185.00 = 555.00; tax 66.60; total 621.60.
    expect(totals(HSB_NAN, { adults: 20, children: 20, infants: 20 })).toMatchObject({
      subtotal: '$555.00',
      tax: '$66.60',
      total: '$621.60',
    });
    for (const bad of [-1, 21, 1.5, Number.NaN]) {
      expect(() => quoteFare(HSB_NAN, request({ adults: bad }))).toThrow(RangeError);
      expect(() => quoteFare(HSB_NAN, request({ children: bad }))).toThrow(RangeError);
      expect(() => quoteFare(HSB_NAN, request({ infants: bad }))).toThrow(RangeError);
    }
  });

  it('clamps typed counts into 0-20 whole numbers', () => {
    expect([clampCount(-3), clampCount(25), clampCount(4.7), clampCount(Number.NaN), clampCount(7)]).toEqual([
      0, 20, 4, 0, 7,
    ]);
  });
});
