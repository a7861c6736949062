import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { FORECAST_DAYS, sailingForecastSchema } from '@/domain/sailing-forecast';

const forecast = {
  sailingId: 'hsb-lng:horseshoe-bay:2026-07-10T23:20:00.000Z',
  routeId: 'hsb-lng',
  from: 'horseshoe-bay',
  scheduledDeparture: '2026-07-10T23:20:00.000Z',
  status: 'ok',
  expectedCarFill: 92,
  fillChance: 0.7,
  usuallyFullMinutesBefore: 25,
  basisCount: 7,
  accuracy: { weeks: 4, checked: 10, withinTenPoints: 8, meanAbsoluteError: 6.5, brier: 0.12 },
  computedAt: '2026-07-10T22:00:00.000Z',
};
const accepts = (patch: Record<string, unknown>) =>
  z.safeParse(sailingForecastSchema, { ...forecast, ...patch }).success;

describe('a sailing forecast (docs/feed.md GET /api/forecasts: today and the next 7 days)', () => {
  it('covers today and the 7 days after it', () => {
    expect(FORECAST_DAYS).toBe(7);
  });

  it('carries the expected fill, the chance it fills, its basis and its measured accuracy', () => {
    expect(accepts({})).toBe(true);
  });

  it('says when there is too little history, with no number', () => {
    const insufficient = {
      ...forecast,
      status: 'insufficient-history',
      basisCount: 2,
      expectedCarFill: undefined,
      fillChance: undefined,
      usuallyFullMinutesBefore: undefined,
      accuracy: undefined,
    };
    expect(z.safeParse(sailingForecastSchema, insufficient).success).toBe(true);
    expect(accepts({ status: 'guess' })).toBe(false);
  });

  it('keeps the fill within 0-100 %, the chance and the Brier score within 0-1', () => {
    expect([accepts({ expectedCarFill: 0 }), accepts({ expectedCarFill: 100 })]).toEqual([true, true]);
    expect([accepts({ expectedCarFill: -1 }), accepts({ expectedCarFill: 100.1 })]).toEqual([false, false]);
    expect([accepts({ fillChance: 0 }), accepts({ fillChance: 1 }), accepts({ fillChance: 1.2 })]).toEqual([
      true,
      true,
      false,
    ]);
    expect(accepts({ accuracy: { ...forecast.accuracy, brier: 1.1 } })).toBe(false);
    expect(accepts({ accuracy: { ...forecast.accuracy, weeks: 0 } })).toBe(false);
  });

  it('counts a projected sailing’s recorded days, and similar sailings, in whole numbers', () => {
    expect(accepts({ to: 'langdale', timetableRecordedOn: 4 })).toBe(true);
    expect(accepts({ timetableRecordedOn: 0 })).toBe(false);
    expect(accepts({ basisCount: -1 })).toBe(false);
    expect(accepts({ basisCount: 2.5 })).toBe(false);
  });
});
