import { describe, expect, it } from 'vitest';

import {
  forecastAccuracyText,
  forecastBasisText,
  forecastSailing,
  forecastSummaryText,
  indexFillHistory,
  measureForecastAccuracy,
  NOT_ENOUGH_HISTORY_TEXT,
  type FillHistoryEntry,
} from '@/domain/fill-forecast';

// The terminals keep UTC−7 all year from March 2026: 10:30 local is 17:30Z.
const route = { routeId: 'hsb-lng', from: 'horseshoe-bay' };
const at = (day: string, hhmmZ: string) => `${day}T${hhmmZ}:00.000Z`;
const minutesBefore = (iso: string, minutes: number) => new Date(Date.parse(iso) - minutes * 60_000).toISOString();
const past = (day: string, finalCarFill: number, extra: Partial<FillHistoryEntry> = {}): FillHistoryEntry => ({
  ...route,
  scheduledDeparture: at(day, '17:30'),
  finalCarFill,
  ...extra,
});
const FRIDAY = at('2026-11-27', '17:30');
const target = { id: `hsb-lng:horseshoe-bay:${FRIDAY}`, ...route, scheduledDeparture: FRIDAY };
const NOW = Date.parse('2026-11-26T20:00:00Z');

describe('the fill forecast', () => {
  it('says there is not enough history, with no number, from fewer than three similar sailings', () => {
    const index = indexFillHistory([past('2026-11-20', 80), past('2026-11-13', 90)]);
    const forecast = forecastSailing(index, target, NOW);
    expect(forecast.status).toBe('insufficient-history');
    expect(forecast.expectedCarFill).toBeUndefined();
    expect(forecast.fillChance).toBeUndefined();
    expect(forecast.basisCount).toBe(2);
    expect(forecastSummaryText(forecast)).toBe(NOT_ENOUGH_HISTORY_TEXT);
  });

  it('learns from the same route, weekday and departure time, recent weeks weighing more', () => {
    const index = indexFillHistory([
      past('2026-11-20', 90),
      past('2026-11-13', 80),
      past('2026-11-06', 70),
      past('2026-10-30', 60),
      past('2026-11-19', 10), // a Thursday
      past('2026-11-20', 5, { scheduledDeparture: at('2026-11-20', '21:30') }), // 2:30 pm
      { ...past('2026-11-20', 5), from: 'langdale' }, // the other direction
    ]);
    const forecast = forecastSailing(index, target, NOW);
    expect(forecast.status).toBe('ok');
    expect(forecast.basisCount).toBe(4);
    expect(forecast.expectedCarFill).toBeGreaterThan(75); // the plain mean; recent weeks pull it up
    expect(forecast.expectedCarFill).toBeLessThan(90);
    expect(forecast.fillChance).toBeLessThan(0.1); // none of them filled
    expect(forecastSummaryText(forecast)).toMatch(
      /^usually 7\d% full at departure on Fridays \(\d% chance it fills\)$/,
    );
    expect(forecastBasisText(forecast)).toBe('from 4 similar sailings');
  });

  it('says when similar sailings usually fill and when to arrive', () => {
    const full = (day: string, minutes: number) => past(day, 100, { fullAt: minutesBefore(at(day, '17:30'), minutes) });
    const index = indexFillHistory([
      full('2026-11-20', 25),
      full('2026-11-13', 25),
      full('2026-11-06', 30),
      past('2026-10-30', 85),
    ]);
    const forecast = forecastSailing(index, target, NOW);
    expect(forecast.fillChance).toBeGreaterThan(0.6);
    expect(forecast.usuallyFullMinutesBefore).toBe(25);
    expect(forecastSummaryText(forecast)).toBe('usually full 25 min before departure on Fridays: arrive by 9:55 am');
  });

  it('compares a holiday Monday with holidays, long weekends, Fridays and Sundays, not ordinary Mondays', () => {
    const bcDay = { ...target, scheduledDeparture: at('2026-08-03', '17:30') };
    const now = Date.parse('2026-08-02T12:00:00Z');
    const index = indexFillHistory([
      past('2026-07-27', 20), // ordinary Mondays
      past('2026-07-20', 20),
      past('2026-07-13', 20),
      past('2026-07-01', 95), // Canada Day
      past('2026-05-18', 95), // Victoria Day
      past('2026-07-31', 90), // the Friday of this long weekend
      past('2026-07-26', 80), // an ordinary Sunday
    ]);
    const forecast = forecastSailing(index, bcDay, now);
    expect(forecast.basisCount).toBe(4);
    expect(forecast.expectedCarFill).toBeGreaterThan(85);
    expect(forecastSummaryText(forecast)).toContain('on holidays and long weekends');
  });

  it('adjusts on the day from how fast the sailing is filling compared with similar days', () => {
    const curve = [
      [120, 10],
      [60, 30],
      [30, 45],
    ] as const;
    const index = indexFillHistory(['2026-11-20', '2026-11-13', '2026-11-06'].map((day) => past(day, 50, { curve })));
    const usual = forecastSailing(index, target, NOW);
    expect(usual.expectedCarFill).toBe(50);
    expect(usual.adjustedByPace).toBeUndefined();

    const observedAt = minutesBefore(FRIDAY, 60);
    const busy = forecastSailing(index, { ...target, carFill: 60, observedAt }, Date.parse(observedAt));
    expect(busy.adjustedByPace).toBe(true);
    expect(busy.expectedCarFill).toBe(100); // twice as full as usual an hour before
    expect(busy.fillChance).toBeGreaterThan(0.6);
    expect(forecastSummaryText(busy)).toMatch(/full/);

    const quiet = forecastSailing(index, { ...target, carFill: 15, observedAt }, Date.parse(observedAt));
    expect(quiet.expectedCarFill).toBe(25);
    expect(forecastSummaryText(quiet)).toMatch(
      /^expected 25% full at departure at today's pace \(\d+% chance it fills\)$/,
    );
  });

  it('has no pace to compare while the deck is empty, as it was on similar days at that time', () => {
    const curve = [
      [1440, 0],
      [60, 30],
    ] as const;
    const index = indexFillHistory(['2026-11-20', '2026-11-13', '2026-11-06'].map((day) => past(day, 50, { curve })));
    const observedAt = minutesBefore(FRIDAY, 300);
    const forecast = forecastSailing(index, { ...target, carFill: 0, observedAt }, Date.parse(observedAt));
    expect(forecast.adjustedByPace).toBeUndefined();
    expect(forecastSummaryText(forecast)).toMatch(/^usually 50% full at departure on Fridays/);
  });

  it('rests on history only: without a past curve at that time, the pace is not used', () => {
    const index = indexFillHistory(['2026-11-20', '2026-11-13', '2026-11-06'].map((day) => past(day, 50)));
    const observedAt = minutesBefore(FRIDAY, 60);
    const forecast = forecastSailing(index, { ...target, carFill: 60, observedAt }, Date.parse(observedAt));
    expect(forecast.adjustedByPace).toBeUndefined();
    expect(forecast.expectedCarFill).toBe(50);
  });
});

describe('forecast accuracy', () => {
  it('checks each recorded sailing of the last 4 weeks against the forecast made a day before', () => {
    const days: string[] = [];
    for (let i = 0; i < 60; i += 1)
      days.push(new Date(Date.parse('2026-09-28T12:00:00Z') + i * 86_400_000).toISOString().slice(0, 10));
    const index = indexFillHistory(days.map((day) => past(day, 40)));
    const accuracy = measureForecastAccuracy(index, route.routeId, route.from, Date.parse('2026-11-27T00:00:00Z'));
    expect(accuracy).toBeDefined();
    expect(accuracy?.weeks).toBe(4);
    expect(accuracy?.checked).toBeGreaterThanOrEqual(10);
    expect(accuracy?.withinTenPoints).toBe(accuracy?.checked);
    expect(accuracy?.meanAbsoluteError).toBe(0);
    expect(forecastAccuracyText(accuracy)).toBe('last 4 weeks: within 10 points 10 times in 10');
  });

  it('is not shown until enough forecasts could be checked', () => {
    const index = indexFillHistory(
      ['2026-11-20', '2026-11-13', '2026-11-06', '2026-10-30'].map((day) => past(day, 50)),
    );
    expect(measureForecastAccuracy(index, route.routeId, route.from, NOW)).toBeUndefined();
    expect(forecastAccuracyText(undefined)).toBeUndefined();
  });

  it('says how often it was within 10 points, out of 10', () => {
    expect(
      forecastAccuracyText({ weeks: 4, checked: 40, withinTenPoints: 31, meanAbsoluteError: 6.2, brier: 0.08 }),
    ).toBe('last 4 weeks: within 10 points 8 times in 10');
  });
});
