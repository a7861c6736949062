/**
 * The fill forecast and the sailing chance may not get worse: scored on the committed recorded history
 * (tests/fixtures/history/, bench/forecast-backtest.ts) exactly as the backtest scores them, no figure
 * may be worse than the committed figures by more than MARGIN. A deliberate change that costs accuracy
 * must write the new figures (`npx tsx bench/forecast-backtest.ts --write-figures`) and say why.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { indexFillHistory } from '@/domain/fill-forecast';
import { backtestForecasts, type BacktestFigures, type Detection } from '@/domain/forecast-scoring';

import { decodeHistory, expandHistory } from '../../server/history/compact-history';
import {
  BACKTEST_END,
  BACKTEST_EVAL_WEEKS,
  BACKTEST_FIGURES_PATH,
  SIMULATED_HISTORY_PATH,
} from '../fixtures/history/backtest-window';

/** How much worse a figure may get: points, vehicles, Brier, and shares (precision, recall, false-full). */
const MARGIN = { points: 0.5, vehicles: 1.5, brier: 0.005, share: 0.03 } as const;
const WEEK = 7 * 86_400_000;

const committed = JSON.parse(readFileSync(BACKTEST_FIGURES_PATH, 'utf8')) as BacktestFigures;

describe('the forecast and the chance against the committed figures', () => {
  it('no figure is worse than committed beyond its margin', () => {
    const entries = expandHistory(decodeHistory(readFileSync(SIMULATED_HISTORY_PATH)));
    const now = backtestForecasts(indexFillHistory(entries), entries, {
      from: BACKTEST_END - BACKTEST_EVAL_WEEKS * WEEK,
      to: BACKTEST_END,
    });
    const worse: string[] = [];
    const check = (name: string, was: number | null, is: number | null, margin: number, higherIsBetter: boolean) => {
      if (was === null || is === null) {
        if (was !== is) worse.push(`${name}: ${was} → ${is}`);
        return;
      }
      const loss = higherIsBetter ? was - is : is - was;
      if (loss > margin) worse.push(`${name}: ${was} → ${is}`);
    };
    const detection = (name: string, was: Detection, is: Detection) => {
      check(`${name} precision`, was.precision, is.precision, MARGIN.share, true);
      check(`${name} recall`, was.recall, is.recall, MARGIN.share, true);
      check(`${name} false-full rate`, was.falseFullRate, is.falseFullRate, MARGIN.share, false);
    };
    for (const was of committed.forecast.filter((f) => f.method === 'deckhand')) {
      const is = now.forecast.find((f) => f.method === was.method && f.horizon === was.horizon);
      const name = `forecast ${was.horizon} min`;
      expect(is, name).toBeDefined();
      if (!is) continue;
      expect(is.sailings, `${name} sailings`).toBe(was.sailings);
      check(`${name} MAE points`, was.maePoints, is.maePoints, MARGIN.points, false);
      check(`${name} P90 points`, was.p90Points, is.p90Points, MARGIN.points, false);
      check(`${name} MAE vehicles`, was.maeVehicles, is.maeVehicles, MARGIN.vehicles, false);
      check(`${name} P90 vehicles`, was.p90Vehicles, is.p90Vehicles, MARGIN.vehicles, false);
      check(`${name} Brier`, was.brier, is.brier, MARGIN.brier, false);
      detection(`${name} full`, was.full, is.full);
      detection(`${name} nearly full`, was.nearlyFull, is.nearlyFull);
    }
    for (const was of committed.chance.filter((c) => c.method === 'deckhand')) {
      const is = now.chance.find((c) => c.method === was.method && c.horizon === was.horizon);
      const name = `chance ${was.horizon} min`;
      expect(is, name).toBeDefined();
      if (!is) continue;
      check(`${name} Brier`, was.brier, is.brier, MARGIN.brier, false);
      for (const band of was.calibration ?? []) {
        const now = is.calibration?.find((b) => b.band === band.band);
        if (band.arrivals === 0 || !now) continue;
        // Calibration: the gap between the chance said and the share that got on.
        check(
          `${name} ${band.band} calibration gap`,
          Math.abs(band.said - band.gotOn),
          Math.abs(now.said - now.gotOn),
          MARGIN.share,
          false,
        );
      }
    }
    expect(worse).toEqual([]);
  }, 300_000);
});
