/**
 * Backtest of the fill forecast (src/domain/fill-forecast.ts) and the sailing chance
 * (src/domain/sailing-chance.ts), scored by src/domain/forecast-scoring.ts: every sailing of the last
 * EVAL_WEEKS weeks of the committed recorded history (tests/fixtures/history/), forecast with only
 * what was known 30, 120 and 360 minutes and a day before it left, against last week's same sailing
 * and the current fill held. Prints the tables of bench/README.md.
 *
 *   npx tsx bench/forecast-backtest.ts                  the tables, from the committed history
 *   npx tsx bench/forecast-backtest.ts --generate       records HISTORY_WEEKS weeks of the seeded
 *                                                       simulator again (what the recorder would have
 *                                                       stored, `npm run history:simulate`'s machinery)
 *                                                       and writes the committed history
 *   npx tsx bench/forecast-backtest.ts --write-figures  writes the committed figures the regression
 *                                                       test (tests/unit/forecast-regression.test.ts) holds
 * Fixed dates and seed, so every run gives the same figures.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import { simulatedSailings } from '../server/feed/simulated-sailings';
import { compactHistory, decodeHistory, encodeHistory, expandHistory } from '../server/history/compact-history';
import { recordSimulatedHistory } from '../server/history/simulated-history';
import { indexFillHistory } from '../src/domain/fill-forecast';
import { backtestForecasts, type BacktestFigures, type Detection } from '../src/domain/forecast-scoring';
import {
  BACKTEST_END,
  BACKTEST_EVAL_WEEKS,
  BACKTEST_FIGURES_PATH,
  SIMULATED_HISTORY_PATH,
} from '../tests/fixtures/history/backtest-window';

const HISTORY_WEEKS = 10;
const SAMPLE_MIN = 5;
const SEED = 2;
const DAY = 86_400_000;
const WEEK = 7 * DAY;

const started = performance.now();
if (process.argv.includes('--generate')) {
  const from = BACKTEST_END - HISTORY_WEEKS * WEEK - DAY;
  const records = recordSimulatedHistory(from, BACKTEST_END, SAMPLE_MIN * 60_000, (t) => simulatedSailings(t, SEED));
  const left = [...records.values()].filter((r) => Date.parse(r.sailing.scheduledDeparture) < BACKTEST_END);
  const history = compactHistory(
    left,
    `The seeded simulator (seed ${SEED}) recorded every ${SAMPLE_MIN} min from ${new Date(from).toISOString()} to ${new Date(BACKTEST_END).toISOString()} through the history's rule (server/history/recorded-state.ts); bench/forecast-backtest.ts --generate`,
  );
  const bytes = encodeHistory(history);
  writeFileSync(SIMULATED_HISTORY_PATH, bytes);
  console.log(
    `wrote ${SIMULATED_HISTORY_PATH}: ${history.sailings.length} sailings, ${bytes.length} bytes, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const entries = expandHistory(decodeHistory(readFileSync(SIMULATED_HISTORY_PATH)));
const figures: BacktestFigures = backtestForecasts(indexFillHistory(entries), entries, {
  from: BACKTEST_END - BACKTEST_EVAL_WEEKS * WEEK,
  to: BACKTEST_END,
});
if (process.argv.includes('--write-figures')) {
  writeFileSync(BACKTEST_FIGURES_PATH, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`wrote ${BACKTEST_FIGURES_PATH}`);
}

const METHOD = { deckhand: 'Deckhand', 'last-week': 'last week’s sailing', held: 'current fill held' } as const;
const horizonName = (minutes: number) => (minutes === 1440 ? 'a day' : `${minutes} min`);
const pct = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`);
const det = (d: Detection) => `${pct(d.precision)} / ${pct(d.recall)} / ${pct(d.falseFullRate)}`;

console.log(
  `forecast backtest: ${entries.length} recorded sailings (committed history), scored over the last ${BACKTEST_EVAL_WEEKS} weeks to ${new Date(BACKTEST_END).toISOString()}`,
);
console.log('');
console.log(
  '| before departure | forecast | sailings | MAE points | P90 points | MAE vehicles | P90 vehicles | Brier "fills up" | full: precision / recall / false-full | nearly full: precision / recall / false-full |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const f of figures.forecast) {
  console.log(
    `| ${horizonName(f.horizon)} | ${METHOD[f.method]} | ${f.sailings} | ${f.maePoints.toFixed(2)} | ${f.p90Points.toFixed(2)} | ${f.maeVehicles.toFixed(1)} | ${f.p90Vehicles.toFixed(1)} | ${f.brier.toFixed(4)} | ${det(f.full)} | ${det(f.nearlyFull)} |`,
  );
}
console.log('');
console.log(
  '| before departure | chance of a place | arrivals | Brier | red (≤ 30 %): said / got on (n) | orange: said / got on (n) | green (≥ 70 %): said / got on (n) |',
);
console.log('|---|---|---|---|---|---|---|');
for (const c of figures.chance) {
  const bands = (c.calibration ?? []).map((b) => `${pct(b.said)} / ${pct(b.gotOn)} (${b.arrivals})`);
  while (bands.length < 3) bands.push('');
  console.log(
    `| ${horizonName(c.horizon)} | ${METHOD[c.method]} | ${c.arrivals} | ${c.brier.toFixed(4)} | ${bands.join(' | ')} |`,
  );
}
const cpu = process.cpuUsage();
console.log('');
console.log(
  `total ${((performance.now() - started) / 1000).toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU)`,
);
