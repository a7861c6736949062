import { describe, expect, it } from 'vitest';

import { peaceOfMindFigures } from '@/domain/peace-of-mind';

describe('Peace of Mind figures (rider-core §2 Widgets, §9 "the bar is computed against 30")', () => {
  it("has no figures while no position is known: the spec's example 23 is not a rider's position", () => {
    expect(peaceOfMindFigures(null)).toBeNull();
    expect(peaceOfMindFigures(undefined)).toBeNull();
  });

  it('uses the real position and position − 1 cars ahead when known; the bar is clamped', () => {
    expect(peaceOfMindFigures({ positionInQueue: 12 })).toEqual({ position: 12, carsAhead: 11, barPercent: 40 });
    expect(peaceOfMindFigures({ positionInQueue: 1 })?.carsAhead).toBe(0);
    expect(peaceOfMindFigures({ positionInQueue: 45 })?.barPercent).toBe(100);
  });
});

describe('the Peace of Mind bar at its ends (rider-core §9 scale 30)', () => {
  it('fills the bar in proportion to 30, rounded, and full from 30 on', () => {
    expect(peaceOfMindFigures({ positionInQueue: 30 })).toEqual({ position: 30, carsAhead: 29, barPercent: 100 });
    expect(peaceOfMindFigures({ positionInQueue: 29 })?.barPercent).toBe(97);
    expect(peaceOfMindFigures({ positionInQueue: 1 })?.barPercent).toBe(3);
  });
});
