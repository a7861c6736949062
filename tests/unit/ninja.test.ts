import { describe, expect, it } from 'vitest';

import {
  compareClaims,
  maxFeeOrDefault,
  passengersOrDefault,
  presetMinute,
  requestWindow,
  spacePoolFor,
  successFee,
} from '@/domain/ninja';

describe('Ninja Booking rules', () => {
  it('falls back to 1 passenger and a $25 fee outside 1-20 and 25-100', () => {
    expect([
      passengersOrDefault('0'),
      passengersOrDefault('21'),
      passengersOrDefault('abc'),
      passengersOrDefault('7'),
    ]).toEqual([1, 1, 1, 7]);
    expect([maxFeeOrDefault('24'), maxFeeOrDefault('101'), maxFeeOrDefault(''), maxFeeOrDefault(60)]).toEqual([
      25, 25, 25, 60,
    ]);
  });

  it('watches the chosen time ± the flexibility hours, or ±10 min when not flexible, or the whole day', () => {
    expect(presetMinute('08:20 AM')).toBe(500);
    expect(presetMinute('12:30 PM')).toBe(750);
    expect(requestWindow({ departureTime: '08:20 AM', isFlexible: true, flexibilityHours: 2 })).toEqual({
      from: 380,
      to: 620,
    });
    expect(requestWindow({ departureTime: '08:20 AM', isFlexible: false, flexibilityHours: 8 })).toEqual({
      from: 490,
      to: 510,
    });
    expect(requestWindow({ departureTime: null, isFlexible: true, flexibilityHours: 2 })).toEqual({
      from: 0,
      to: 1440,
    });
  });

  it('needs an oversized space for oversized vehicles and anything over 20 ft', () => {
    expect(spacePoolFor('standard', 18)).toBe('standard');
    expect(spacePoolFor('standard', 24)).toBe('oversized');
    expect(spacePoolFor('oversized', null)).toBe('oversized');
    expect(spacePoolFor('motorcycle', 8)).toBe('motorcycle');
  });

  it('gives a contested space to the higher priority, then the older request', () => {
    const claims = [
      { id: 'b', priority: 'medium' as const, createdAt: 2 },
      { id: 'a', priority: 'low' as const, createdAt: 1 },
      { id: 'c', priority: 'high' as const, createdAt: 3 },
      { id: 'd', priority: 'medium' as const, createdAt: 1 },
    ];
    expect([...claims].sort(compareClaims).map((c) => c.id)).toEqual(['c', 'd', 'b', 'a']);
  });

  it('charges the $25 success fee, never above the rider’s maximum', () => {
    expect(successFee(100)).toBe(25);
    expect(successFee(25)).toBe(25);
  });
});
