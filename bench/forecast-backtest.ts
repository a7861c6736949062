/**
 * Backtest of the fill forecast (src/domain/fill-forecast.ts) on history generated from the seeded
 * simulator: the simulator is a pure function of the clock, so HISTORY_WEEKS weeks of its sailings,
 * sampled every SAMPLE_MIN minutes through the history's own rule (server/history/recorded-state.ts),
 * are what the recorder would have stored watching the feed. Over the last EVAL_WEEKS weeks, every
 * sailing that left is forecast as the app would have a day before it left (from the history until
 * then) and compared with what happened, beside a naive forecast: last week's same sailing (its fill
 * at departure; "fills up" certain if it filled, else impossible). Also the forecast on the day,
 * PACE_MIN minutes before departure, with the sailing's fill so far (its pace).
 * Figures: mean absolute error of the car-deck fill at departure (points), Brier score of "fills up
 * before departure", share within 10 points. Fixed dates, so every run gives the same figures.
 */
import { performance } from 'node:perf_hooks';

import { simulatedSailings } from '../server/feed/simulated-sailings';
import { recordSimulatedHistory, simulatedHistoryEntries } from '../server/history/simulated-history';
import {
  fillAtMinutesBefore,
  forecastSailing,
  indexFillHistory,
  scoreChecks,
  type FillHistoryEntry,
  type ForecastCheck,
} from '../src/domain/fill-forecast';
import { terminalWallClock } from '../src/domain/time';

const HISTORY_WEEKS = 10;
const EVAL_WEEKS = 6;
const SAMPLE_MIN = 5;
const PACE_MIN = 60;
/** Monday 23 November 2026, 00:00 at the terminals (UTC−7): the end of the generated history. */
const END = Date.parse('2026-11-23T07:00:00Z');
const DAY = 86_400_000;
const WEEK = 7 * DAY;

const started = performance.now();
const records = recordSimulatedHistory(END - HISTORY_WEEKS * WEEK - DAY, END, SAMPLE_MIN * 60_000, (t) =>
  simulatedSailings(t, 2),
);
const entries = simulatedHistoryEntries(records).filter((e) => Date.parse(e.scheduledDeparture) < END);
const generatedMs = performance.now() - started;
const index = indexFillHistory(entries);

interface Timed {
  entry: FillHistoryEntry;
  dep: number;
  minute: number;
}
/** The same route end's sailing closest to the same local time a week earlier (within 20 min). */
function lastWeeks(entry: Timed, byRouteEnd: Map<string, Timed[]>): FillHistoryEntry | undefined {
  let best: Timed | undefined;
  for (const e of byRouteEnd.get(`${entry.entry.routeId}|${entry.entry.from}`) ?? []) {
    if (Math.abs(e.dep - (entry.dep - WEEK)) > 2 * 60 * 60_000) continue;
    const gap = Math.abs(e.minute - entry.minute);
    if (gap <= 20 && (!best || gap < Math.abs(best.minute - entry.minute))) best = e;
  }
  return best?.entry;
}

const timed: Timed[] = entries.map((entry) => {
  const dep = Date.parse(entry.scheduledDeparture);
  const w = terminalWallClock(dep);
  return { entry, dep, minute: w.hour * 60 + w.minute };
});
const byRouteEnd = new Map<string, Timed[]>();
for (const t of timed) {
  const key = `${t.entry.routeId}|${t.entry.from}`;
  byRouteEnd.set(key, [...(byRouteEnd.get(key) ?? []), t]);
}

const forecastChecks: ForecastCheck[] = [];
const naiveChecks: ForecastCheck[] = [];
const paceChecks: ForecastCheck[] = [];
let insufficient = 0;
let filledCount = 0;
const evalFrom = END - EVAL_WEEKS * WEEK;
for (const one of timed) {
  const { entry, dep } = one;
  if (dep < evalFrom) continue;
  const naive = lastWeeks(one, byRouteEnd);
  if (!naive) continue;
  const filled = entry.fullAt !== undefined || entry.finalCarFill >= 100;
  const target = { id: '', routeId: entry.routeId, from: entry.from, scheduledDeparture: entry.scheduledDeparture };
  const dayAhead = forecastSailing(index, target, dep - DAY);
  if (dayAhead.expectedCarFill === undefined || dayAhead.fillChance === undefined) {
    insufficient += 1;
    continue;
  }
  if (filled) filledCount += 1;
  forecastChecks.push({
    expectedCarFill: dayAhead.expectedCarFill,
    fillChance: dayAhead.fillChance,
    finalCarFill: entry.finalCarFill,
    filled,
  });
  const naiveFilled = naive.fullAt !== undefined || naive.finalCarFill >= 100;
  naiveChecks.push({
    expectedCarFill: naive.finalCarFill,
    fillChance: naiveFilled ? 1 : 0,
    finalCarFill: entry.finalCarFill,
    filled,
  });
  const soFar = fillAtMinutesBefore(
    [...(entry.curve ?? [])].sort((a, b) => b[0] - a[0]),
    PACE_MIN,
  );
  const at = dep - PACE_MIN * 60_000;
  const onTheDay = forecastSailing(
    index,
    { ...target, ...(soFar === undefined ? {} : { carFill: soFar, observedAt: new Date(at).toISOString() }) },
    at,
    { asOf: dep - DAY },
  );
  paceChecks.push({
    expectedCarFill: onTheDay.expectedCarFill ?? dayAhead.expectedCarFill,
    fillChance: onTheDay.fillChance ?? dayAhead.fillChance,
    finalCarFill: entry.finalCarFill,
    filled,
  });
}

const row = (name: string, checks: ForecastCheck[]) => {
  const s = scoreChecks(checks, EVAL_WEEKS);
  const within = ((s.withinTenPoints / Math.max(1, s.checked)) * 100).toFixed(1);
  console.log(`| ${name} | ${s.checked} | ${s.meanAbsoluteError.toFixed(2)} | ${s.brier.toFixed(4)} | ${within} % |`);
};
console.log(
  `forecast backtest: ${HISTORY_WEEKS} weeks of simulated history to ${new Date(END).toISOString()} (${entries.length} sailings, ${
    [...records.values()].length
  } seen, sampled every ${SAMPLE_MIN} min) generated in ${(generatedMs / 1000).toFixed(1)} s; scored over the last ${EVAL_WEEKS} weeks: ${
    forecastChecks.length
  } sailings (${filledCount} filled up), ${insufficient} without enough history`,
);
console.log('| forecast | sailings | MAE (points) | Brier "fills up" | within 10 points |');
console.log('|---|---|---|---|---|');
row('naive: last week’s same sailing', naiveChecks);
row('Deckhand, a day before', forecastChecks);
row(`Deckhand, ${PACE_MIN} min before, with the day's pace`, paceChecks);
const cpu = process.cpuUsage();
console.log(
  `total ${((performance.now() - started) / 1000).toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU since the process started)`,
);
