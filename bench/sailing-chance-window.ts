/**
 * The sailing chances a screen works out each second (home's and the departure calculator's
 * "Chance of a place on board": their chances are as of now, so they are worked out again every
 * tick). Times, in Node, `sailingChanceWindow` (only the chances its window shows: the sailings up to
 * the Estimated one and the one after) against the whole list then its window,
 * `chanceWindow(sailingChances(…))`, on a day of sailings 90 minutes apart, each with a forecast of
 * 8 similar sailings' fill curves, and a car 40 minutes' drive away. Both are timed in one run,
 * interleaved, 7 rounds of 200 calls each; prints the medians and their ratio for 16, 32 and 64
 * sailings, and checks that both give the same window.
 *
 * `npx tsx bench/sailing-chance-window.ts`. Not a pass/fail test: the figures go to bench/README.md.
 */
import { isDeepStrictEqual } from 'node:util';

import { FILL_CURVE_CHECKPOINTS } from '../src/domain/fill-forecast';
import {
  arrivalAfterDrive,
  chanceWindow,
  sailingChances,
  sailingChanceWindow,
  type SailingChanceInput,
} from '../src/domain/sailing-chance';
import type { SailingForecast } from '../src/domain/sailing-forecast';

const MINUTE = 60_000;
const FIRST = Date.parse('2026-11-27T17:30:00.000Z');
const ROUNDS = 7;
const CALLS = 200;
const iso = (ms: number) => new Date(ms).toISOString();

/** A similar sailing's fill at each checkpoint, rising by `step` points a checkpoint. */
const curve = (step: number) => FILL_CURVE_CHECKPOINTS.map((_, i) => Math.min(100, i * step));

function inputOf(count: number): SailingChanceInput {
  const sailings = Array.from({ length: count }, (_, i) => ({
    id: `s${i}`,
    routeId: 'hsb-lng',
    departureTime: iso(FIRST + i * 90 * MINUTE),
  }));
  const forecasts = new Map<string, SailingForecast>(
    sailings.map((s, i) => [
      s.id,
      {
        sailingId: s.id,
        routeId: 'hsb-lng',
        from: 'horseshoe-bay',
        scheduledDeparture: s.departureTime,
        status: 'ok',
        expectedCarFill: 80,
        fillChance: 0.5,
        basisCount: 8,
        computedAt: iso(FIRST - 600 * MINUTE),
        fillCurves: {
          minutesBefore: [...FILL_CURVE_CHECKPOINTS],
          sailings: Array.from({ length: 8 }, (_, k) => ({ weight: 1, fills: curve(8 + k + (i % 3)) })),
        },
      },
    ]),
  );
  return {
    sailings,
    forecastOf: (id) => forecasts.get(id),
    arrival: arrivalAfterDrive(FIRST - 120 * MINUTE, 40),
    now: FIRST - 6 * 60 * MINUTE,
  };
}

/** Mean milliseconds a call over CALLS calls. */
function msPerCall(work: () => unknown): number {
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) work();
  return (performance.now() - started) / CALLS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

console.log(`The sailing chances a tick works out: medians of ${ROUNDS} rounds of ${CALLS} calls, interleaved`);
for (const count of [16, 32, 64]) {
  const input = inputOf(count);
  const whole = () => chanceWindow(sailingChances(input), input.arrival);
  const windowOnly = () => sailingChanceWindow(input);
  if (!isDeepStrictEqual(whole(), windowOnly())) throw new Error(`the two windows differ for ${count} sailings`);
  const wholeMs: number[] = [];
  const windowMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    wholeMs.push(msPerCall(whole));
    windowMs.push(msPerCall(windowOnly));
  }
  const [a, b] = [median(wholeMs), median(windowMs)];
  console.log(
    `  ${count} sailings: the whole list then its window ${a.toFixed(3)} ms, the window alone ${b.toFixed(3)} ms (${(a / b).toFixed(1)}×)`,
  );
}
