import { describe, expect, it } from 'vitest';

import {
  baseTravelMinutes,
  clampProbability,
  departureAdvice,
  knowsTravelFrom,
  loadColour,
  planDeparture,
  selectableDepartures,
  travelEstimateMinutes,
  travelFactor,
  unknownPlaceText,
} from '@/domain/departure-calculator';

const NOW = Date.parse('2026-07-10T19:00:00Z');
const MIN = 60_000;
const ferry = (minutesAhead: number, carFill?: number) => ({
  departureTime: new Date(NOW + minutesAhead * MIN).toISOString(),
  carFill,
});

describe('travel estimate (rider-core §9)', () => {
  it('reads the location keywords, most specific first, case-insensitive', () => {
    expect(baseTravelMinutes('Vancouver')).toBe(45);
    expect(baseTravelMinutes('downtown')).toBe(45);
    expect(baseTravelMinutes('Burnaby')).toBe(35);
    expect(baseTravelMinutes('RICHMOND centre')).toBe(40);
    expect(baseTravelMinutes('Surrey')).toBe(55);
    expect(baseTravelMinutes('North Vancouver')).toBe(25);
    expect(baseTravelMinutes('west  vancouver')).toBe(25);
    expect(baseTravelMinutes('Squamish')).toBe(30);
    expect(baseTravelMinutes('')).toBe(30);
  });

  it('multiplies by a factor from 1 to 1.5 drawn from the injected source', () => {
    expect(travelFactor(() => 0)).toBe(1);
    expect(travelFactor(() => 0.5)).toBe(1.25);
    expect(travelFactor(() => 1)).toBe(1.5);
    expect(travelFactor(() => 7)).toBe(1.5);
    expect(travelFactor(() => -1)).toBe(1);
    expect(travelEstimateMinutes('Surrey', () => 0)).toBe(55);
    expect(travelEstimateMinutes('Surrey', () => 1)).toBe(83); // 82.5 rounds up
  });
});

describe('planDeparture', () => {
  it('puts the cutoff 30 min before, the latest leave travel + 15 before that, and recommends 10 min earlier', () => {
    const plan = planDeparture(ferry(180), 'Burnaby', NOW, () => 0);
    expect(plan.travelMinutes).toBe(35);
    expect(plan.cutoffTime).toBe(NOW + 150 * MIN);
    expect(plan.latestLeaveTime).toBe(NOW + 100 * MIN);
    expect(plan.recommendedLeaveTime).toBe(NOW + 90 * MIN);
  });

  it('gives 70 % when leaving right at the latest time, a point a minute either way, clamped 10-95', () => {
    // latest leave = departure - 30 - 30 - 15 = departure - 75 min (default location, factor 1).
    expect(planDeparture(ferry(75), 'Squamish', NOW, () => 0).probability).toBe(70);
    expect(planDeparture(ferry(75), 'Squamish', NOW, () => 0).probabilityWarning).toBe(false);
    expect(planDeparture(ferry(74), 'Squamish', NOW, () => 0)).toMatchObject({
      probability: 69,
      probabilityWarning: true,
    });
    expect(planDeparture(ferry(95), 'Squamish', NOW, () => 0).probability).toBe(90);
    expect(planDeparture(ferry(300), 'Squamish', NOW, () => 0).probability).toBe(95);
    expect(planDeparture(ferry(10), 'Squamish', NOW, () => 0).probability).toBe(10);
  });

  it('takes 10 points off on a 60 % full deck and 20 on an 80 % full one', () => {
    expect(planDeparture(ferry(95, 59), 'Squamish', NOW, () => 0)).toMatchObject({
      probability: 90,
      loadColour: 'green',
      loadPercent: 59,
    });
    expect(planDeparture(ferry(95, 60), 'Squamish', NOW, () => 0)).toMatchObject({
      probability: 80,
      loadColour: 'yellow',
    });
    expect(planDeparture(ferry(95, 80), 'Squamish', NOW, () => 0)).toMatchObject({
      probability: 70,
      loadColour: 'red',
    });
    // Without capacity data: no load figure and no penalty.
    expect(planDeparture(ferry(95), 'Squamish', NOW, () => 0)).toMatchObject({
      probability: 90,
      loadPercent: null,
      loadColour: null,
    });
  });

  it('advises by minutes to departure', () => {
    expect(planDeparture(ferry(30), 'x', NOW, () => 0).advice.level).toBe('urgent');
    expect(planDeparture(ferry(31), 'x', NOW, () => 0).advice.level).toBe('warning');
    expect(planDeparture(ferry(60), 'x', NOW, () => 0).advice.level).toBe('warning');
    expect(planDeparture(ferry(61), 'x', NOW, () => 0).advice.level).toBe('info');
  });
});

describe('what the calculator refuses to guess', () => {
  it('knows a drive time only from the places it lists ("asdfgh" and Whistler are refused, with the places it knows)', () => {
    expect(knowsTravelFrom('asdfgh')).toBe(false);
    expect(knowsTravelFrom('Whistler')).toBe(false);
    expect(knowsTravelFrom('  ')).toBe(false);
    expect(knowsTravelFrom('North Vancouver')).toBe(true);
    expect(knowsTravelFrom('burnaby heights')).toBe(true);
    expect(unknownPlaceText(' asdfgh ')).toBe(
      'No drive time is known from "asdfgh". Try one of: North Vancouver, West Vancouver, Vancouver, Burnaby, Richmond, Surrey.',
    );
  });

  it('says check-in has closed instead of giving a chance, 30 min before departure', () => {
    expect(planDeparture(ferry(30), 'Burnaby', NOW, () => 0).checkInClosed).toBe(false);
    expect(planDeparture(ferry(29), 'Burnaby', NOW, () => 0).checkInClosed).toBe(true);
  });
});

describe('thresholds', () => {
  it('colours loads at 60 and 80 %', () => {
    expect(loadColour(0)).toBe('green');
    expect(loadColour(59.9)).toBe('green');
    expect(loadColour(60)).toBe('yellow');
    expect(loadColour(79)).toBe('yellow');
    expect(loadColour(80)).toBe('red');
  });
  it('clamps the probability and advice boundaries', () => {
    expect(clampProbability(9.4)).toBe(10);
    expect(clampProbability(96)).toBe(95);
    expect(clampProbability(70.4)).toBe(70);
    expect(departureAdvice(-5).level).toBe('urgent');
  });
});

describe('selectableDepartures', () => {
  it('lists up to 6 future departures, soonest first', () => {
    const list = [400, -5, 10, 90, 60, 30, 200, 120, 0].map((m) => ({ id: m, ...ferry(m) }));
    expect(selectableDepartures(list, NOW).map((f) => f.id)).toEqual([10, 30, 60, 90, 120, 200]);
  });
});
