import { describe, expect, it } from 'vitest';

import {
  FILL_CURVE_CHECKPOINTS,
  forecastSailing,
  indexFillHistory,
  type FillHistoryEntry,
} from '@/domain/fill-forecast';
import {
  arrivalAfterDrive,
  arrivalAt,
  arrivalText,
  chanceBand,
  chanceText,
  chanceWindow,
  curveFillAt,
  sailingChances,
  sailingChanceWindow,
  type ChanceSailing,
} from '@/domain/sailing-chance';
import type { SailingForecast } from '@/domain/sailing-forecast';

// The terminals keep UTC−7 all year from March 2026: 10:30 local is 17:30Z.
const MIN = 60_000;
const DEP = Date.parse('2026-11-27T17:30:00.000Z'); // Friday 10:30 am
const NEXT = DEP + 2 * 60 * MIN; // 12:30 pm
const LATER = DEP + 4 * 60 * MIN; // 2:30 pm
const iso = (ms: number) => new Date(ms).toISOString();

/** Similar sailings as a forecast carries them: each fill at the checkpoints. */
function forecastWith(id: string, curves: Array<Array<number | null>>): SailingForecast {
  return {
    sailingId: id,
    routeId: 'hsb-lng',
    from: 'horseshoe-bay',
    scheduledDeparture: iso(DEP),
    status: 'ok',
    expectedCarFill: 80,
    fillChance: 0.5,
    basisCount: curves.length,
    computedAt: iso(DEP - 600 * MIN),
    fillCurves: {
      minutesBefore: [...FILL_CURVE_CHECKPOINTS],
      sailings: curves.map((fills) => ({ weight: 1, fills })),
    },
  };
}
// Checkpoints: 1440, 720, 360, 240, 180, 120, 90, 60, 45, 30 minutes before.
const FILLS_BY_60 = [0, 10, 30, 50, 70, 90, 98, 100, 100, 100]; // full from 90 min before
const NEVER_FULL = [0, 5, 10, 20, 30, 40, 50, 60, 65, 70];

const sailing = (id: string, dep: number, extra: Partial<ChanceSailing> = {}): ChanceSailing => ({
  id,
  routeId: 'hsb-lng',
  departureTime: iso(dep),
  ...extra,
});

describe('the sailing chance', () => {
  it('bands: red at or under 30, orange 31-69, green from 70, unknown without a number', () => {
    expect([0, 30, 31, 69, 70, 100].map(chanceBand)).toEqual(['red', 'red', 'orange', 'orange', 'green', 'green']);
    expect(chanceBand(null)).toBe('unknown');
  });

  it('is high for a car arriving before similar sailings filled, and low for one arriving after', () => {
    const forecasts = new Map([['a', forecastWith('a', [FILLS_BY_60, FILLS_BY_60, FILLS_BY_60, FILLS_BY_60])]]);
    const now = DEP - 6 * 60 * MIN;
    const early = sailingChances({
      sailings: [sailing('a', DEP)],
      forecastOf: (id) => forecasts.get(id),
      arrival: arrivalAt(DEP - 180 * MIN),
      now,
    })[0];
    const late = sailingChances({
      sailings: [sailing('a', DEP)],
      forecastOf: (id) => forecasts.get(id),
      arrival: arrivalAt(DEP - 60 * MIN),
      now,
    })[0];
    expect(early?.band).toBe('green');
    expect(late?.band).toBe('red');
    expect(chanceText(late!)).toMatch(/^\d+% · unlikely$/);
    expect(chanceText(early!)).toMatch(/^\d+% · likely$/);
  });

  it('is 0 % once the arrival is after the check-in cut-off, whatever the figures, and says so', () => {
    const [closed] = sailingChances({
      sailings: [sailing('a', DEP)],
      forecastOf: () => undefined,
      arrival: arrivalAt(DEP - 20 * MIN),
      now: DEP - 40 * MIN,
    });
    expect(closed).toMatchObject({ percent: 0, band: 'red', closed: true });
    expect(chanceText(closed!)).toBe('0% · check-in closes at 10:00 am, before you arrive');
  });

  it('counts an uncertain arrival straddling the cut-off as partly too late', () => {
    const forecasts = new Map([['a', forecastWith('a', [NEVER_FULL, NEVER_FULL, NEVER_FULL, NEVER_FULL])]]);
    const args = { sailings: [sailing('a', DEP)], forecastOf: (id: string) => forecasts.get(id), now: DEP - 120 * MIN };
    const sure = sailingChances({ ...args, arrival: arrivalAt(DEP - 40 * MIN) })[0]!;
    const straddling = sailingChances({
      ...args,
      arrival: { at: DEP - 30 * MIN, earliest: DEP - 40 * MIN, latest: DEP - 20 * MIN },
    })[0]!;
    expect(sure.percent).toBeGreaterThanOrEqual(90);
    expect(straddling.percent).toBeLessThan(sure.percent! - 30);
    expect(straddling.percent).toBeGreaterThan(30);
  });

  it('paces the similar sailings to the current reading: a deck fuller than usual fills sooner', () => {
    const forecasts = new Map([['a', forecastWith('a', [NEVER_FULL, NEVER_FULL, NEVER_FULL, NEVER_FULL])]]);
    const now = DEP - 180 * MIN;
    const base = { forecastOf: (id: string) => forecasts.get(id), arrival: arrivalAt(DEP - 45 * MIN), now };
    const usual = sailingChances({ ...base, sailings: [sailing('a', DEP, { carFill: 30, observedAt: iso(now) })] })[0]!;
    const busy = sailingChances({ ...base, sailings: [sailing('a', DEP, { carFill: 60, observedAt: iso(now) })] })[0]!;
    expect(usual.band).toBe('green');
    expect(busy.band).toBe('red');
  });

  it('says Unknown, with the reason, for a reading over 3 minutes old, too short a history, no forecast, no published figures', () => {
    const now = DEP - 180 * MIN;
    const forecasts = new Map<string, SailingForecast>([
      ['short', { ...forecastWith('short', []), status: 'insufficient-history', fillCurves: undefined }],
      ['few', forecastWith('few', [NEVER_FULL, NEVER_FULL])],
      ['stale', forecastWith('stale', [NEVER_FULL, NEVER_FULL, NEVER_FULL])],
    ]);
    const chances = sailingChances({
      sailings: [
        sailing('stale', DEP, { carFill: 20, observedAt: iso(now - 4 * MIN) }),
        sailing('short', DEP),
        sailing('few', DEP),
        sailing('none', DEP),
        { id: 'bowen', routeId: 'hsb-snug', departureTime: iso(DEP) },
      ],
      forecastOf: (id) => forecasts.get(id),
      arrival: arrivalAt(DEP - 60 * MIN),
      now,
    });
    expect(chances.map((c) => [c.band, c.reason])).toEqual([
      ['unknown', 'stale-reading'],
      ['unknown', 'short-history'],
      ['unknown', 'short-history'],
      ['unknown', 'no-forecast'],
      ['unknown', 'not-published'],
    ]);
    expect(chances.map(chanceText)).toEqual([
      'Unknown: the car deck reading is 4 min old',
      'Unknown: not enough recorded history of this sailing',
      'Unknown: not enough recorded history of this sailing',
      'Unknown: the history of this sailing is not on this device yet',
      'Unknown: BC Ferries does not publish car-deck space on this route',
    ]);
    // A reading exactly 3 minutes old still counts.
    const fresh = sailingChances({
      sailings: [sailing('stale', DEP, { carFill: 20, observedAt: iso(now - 3 * MIN) })],
      forecastOf: (id) => forecasts.get(id),
      arrival: arrivalAt(DEP - 60 * MIN),
      now,
    })[0];
    expect(fresh?.band).not.toBe('unknown');
  });

  it('uses the rider’s place in the lane: the cars ahead fill each sailing’s free spaces in order', () => {
    const now = DEP - 50 * MIN;
    const curves = [NEVER_FULL, NEVER_FULL, NEVER_FULL, NEVER_FULL];
    const forecasts = new Map(['a', 'b', 'c'].map((id) => [id, forecastWith(id, curves)]));
    const sailings = [
      sailing('a', DEP, { carFill: 80, observedAt: iso(now), vehicleCapacity: 100 }), // 20 free
      sailing('b', NEXT, { carFill: 50, observedAt: iso(now), vehicleCapacity: 100 }), // 50 free
      sailing('c', LATER, { carFill: 0, observedAt: iso(now), vehicleCapacity: 100 }),
    ];
    const args = { sailings, forecastOf: (id: string) => forecasts.get(id), arrival: arrivalAt(now), now };
    const sure = sailingChances({ ...args, lane: { carsAhead: 30, confidence: 1 } });
    expect(sure.map((c) => c.percent)).toEqual([0, 100, 100]);
    const front = sailingChances({ ...args, lane: { carsAhead: 5, confidence: 1 } });
    expect(front.map((c) => c.percent)).toEqual([100, 100, 100]);
    // A less sure place leaves room for the history's answer.
    const unsure = sailingChances({ ...args, lane: { carsAhead: 30, confidence: 0.6 } });
    expect(unsure[0]?.percent).toBeGreaterThan(0);
    expect(unsure[0]?.percent).toBeLessThan(50);
    expect(arrivalText(arrivalAt(now), { carsAhead: 30, confidence: 1 })).toBe(
      'From your place in the lane (30 cars ahead)',
    );
  });

  it('places Earlier, Estimated and Later around the first sailing a car likely makes', () => {
    const arrival = arrivalAt(DEP - 60 * MIN);
    const chances = [
      { sailingId: 'a', departureTime: iso(DEP - 120 * MIN), percent: 0, band: 'red' as const, closed: true },
      { sailingId: 'b', departureTime: iso(DEP), percent: 20, band: 'red' as const },
      { sailingId: 'c', departureTime: iso(NEXT), percent: 75, band: 'green' as const },
      { sailingId: 'd', departureTime: iso(LATER), percent: 95, band: 'green' as const },
      { sailingId: 'e', departureTime: iso(LATER + 60 * MIN), percent: 95, band: 'green' as const },
    ];
    expect(chanceWindow(chances, arrival).map((c) => [c.place, c.sailingId])).toEqual([
      ['Earlier', 'b'],
      ['Estimated', 'c'],
      ['Later', 'd'],
    ]);
    // Nothing known: the first sailing still open at the arrival is the estimate.
    const unknown = chances.map((c) => ({ ...c, percent: null, band: 'unknown' as const, closed: undefined }));
    expect(chanceWindow(unknown, arrival).map((c) => [c.place, c.sailingId])).toEqual([
      ['Earlier', 'a'],
      ['Estimated', 'b'],
      ['Later', 'c'],
    ]);
  });

  it('works out only the chances its window shows, and the same ones as the whole list would', () => {
    const now = DEP - 6 * 60 * MIN;
    // Every half hour from 10:30 am: the first two fill before a car arriving at 9:40 gets there.
    const departures = Array.from({ length: 24 }, (_, i) => DEP + i * 30 * MIN);
    const sailings = departures.map((dep, i) => sailing(`s${i}`, dep));
    const curvesOf = (i: number) =>
      i < 2 ? [FILLS_BY_60, FILLS_BY_60, FILLS_BY_60, FILLS_BY_60] : [NEVER_FULL, NEVER_FULL, NEVER_FULL, FILLS_BY_60];
    const forecasts = new Map(sailings.map((s, i) => [s.id, forecastWith(s.id, curvesOf(i))]));
    const asked: string[] = [];
    const forecastOf = (id: string) => {
      asked.push(id);
      return forecasts.get(id);
    };
    const arrival = arrivalAfterDrive(DEP - 90 * MIN, 40);
    const lazy = sailingChanceWindow({ sailings, forecastOf, arrival, now });
    expect(lazy.map((c) => [c.place, c.sailingId])).toEqual([
      ['Earlier', 's1'],
      ['Estimated', 's2'],
      ['Later', 's3'],
    ]);
    expect(asked).toEqual(['s0', 's1', 's2', 's3']);
    expect(lazy).toEqual(chanceWindow(sailingChances({ sailings, forecastOf, arrival, now }), arrival));
    // In the lane, and with nothing known (no forecast on the device): the same as the whole list.
    const lane = { carsAhead: 40, confidence: 0.7 };
    const withFill = sailings.map((s) => ({ ...s, carFill: 60, observedAt: iso(now), vehicleCapacity: 100 }));
    const inLane = { sailings: withFill, forecastOf, arrival: arrivalAt(now), lane, now };
    expect(sailingChanceWindow(inLane)).toEqual(chanceWindow(sailingChances(inLane), inLane.arrival));
    const unknown = { sailings, forecastOf: () => undefined, arrival, now };
    // With nothing known, the estimate is the first sailing still open when the car arrives.
    expect(sailingChanceWindow(unknown).map((c) => [c.place, c.sailingId, c.reason])).toEqual([
      ['Estimated', 's0', 'no-forecast'],
      ['Later', 's1', 'no-forecast'],
    ]);
    expect(sailingChanceWindow(unknown)).toEqual(chanceWindow(sailingChances(unknown), arrival));
  });

  it('spreads a drive over 0.8-1.2 of its estimate, and says the window', () => {
    const leave = DEP - 120 * MIN;
    const arrival = arrivalAfterDrive(leave, 50);
    expect(arrival).toEqual({ at: leave + 50 * MIN, earliest: leave + 40 * MIN, latest: leave + 60 * MIN });
    expect(arrivalText(arrival)).toBe('If you arrive between 9:10 am and 9:30 am');
    expect(arrivalText(arrivalAt(leave))).toBe('If you arrive at 8:30 am');
  });

  it('reads a curve between its checkpoints, skipping missing readings', () => {
    const m = [...FILL_CURVE_CHECKPOINTS];
    expect(curveFillAt(m, NEVER_FULL, 75)).toBe(55);
    expect(curveFillAt(m, NEVER_FULL, 5000)).toBe(0);
    expect(curveFillAt(m, NEVER_FULL, 0)).toBe(70);
    expect(curveFillAt(m, [null, null, 10, 20, null, 40, 50, 60, 65, 70], 200)).toBeCloseTo(26.67, 1);
    expect(
      curveFillAt(
        m,
        m.map(() => null),
        60,
      ),
    ).toBeUndefined();
  });

  it('runs on a forecast made from the recorded history (its fill curves)', () => {
    const entries: FillHistoryEntry[] = [1, 2, 3, 4].map((weeks) => {
      const dep = DEP - weeks * 7 * 86_400_000;
      return {
        routeId: 'hsb-lng',
        from: 'horseshoe-bay',
        scheduledDeparture: iso(dep),
        finalCarFill: 100,
        fullAt: iso(dep - 60 * MIN),
        curve: [
          [240, 40],
          [120, 80],
          [60, 100],
        ],
      };
    });
    const now = DEP - 300 * MIN;
    const id = 'hsb-lng:horseshoe-bay:x';
    const forecast = forecastSailing(
      indexFillHistory(entries),
      { id, routeId: 'hsb-lng', from: 'horseshoe-bay', scheduledDeparture: iso(DEP) },
      now,
    );
    expect(forecast.fillCurves?.sailings).toHaveLength(4);
    const chance = (arriveBefore: number) =>
      sailingChances({
        sailings: [sailing(id, DEP)],
        forecastOf: () => forecast,
        arrival: arrivalAt(DEP - arriveBefore * MIN),
        now,
      })[0]?.band;
    expect([chance(200), chance(45)]).toEqual(['green', 'red']);
  });
});
