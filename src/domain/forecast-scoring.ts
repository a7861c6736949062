/**
 * The scorer of the fill forecast (./fill-forecast.ts) and the sailing chance (./sailing-chance.ts),
 * as the best open-source peer scores its forecasts, and more: each recorded sailing is forecast with
 * only what was known at the time (`forecastAt`: the history until then and its own reading then),
 * at each of BACKTEST_HORIZONS minutes before departure, and compared with what happened, beside two
 * naive baselines: last week's same sailing, and the current fill held until departure.
 *
 * Figures per horizon and method:
 * - MAE and P90 of the car-deck fill at departure, in points and in vehicles (points × the vessel's
 *   car capacity ÷ 100, over the sailings whose vessel is known);
 * - Brier score of "fills up before departure" (the forecast's chance it fills; a baseline says 1 or 0);
 * - "full" (≤ 2 % of the car deck left: FULL_FILL) and "nearly full" (< 10 % left: NEARLY_FULL_FILL),
 *   forecast when the expected fill reaches them: precision, recall, and the false-full rate (the share
 *   of the sailings that did not become so that were forecast so).
 * The chance: for a car arriving at the time the forecast is made ("now") and one arriving at the
 * check-in cut-off, the chance it gets a place, against whether the recorded car deck was still under
 * FULL_FILL then; Brier score, and its calibration: per band, the mean chance said against the share
 * that got a place. Baselines: last week's outcome at the same time, and the current reading held
 * (a place if it is under FULL_FILL).
 * The running app's accuracy line uses the same check (`forecastAt`) on its own recorded sailings.
 */
import { CHECKIN_CUTOFF_MINUTES } from './constants';
import {
  fillAtMinutesBefore,
  forecastAt,
  FULL_AT,
  type FillHistoryEntry,
  type FillHistoryIndex,
} from './fill-forecast';
import { arrivalAt, chanceBand, FULL_FILL, NEARLY_FULL_FILL, sailingChances, type ChanceBand } from './sailing-chance';
import { terminalWallClock } from './time';

const MINUTE = 60_000;
const WEEK = 7 * 86_400_000;

/** Minutes before departure the forecasts are scored at: 30, 120, 360 and a day. */
export const BACKTEST_HORIZONS: readonly number[] = [30, 120, 360, 1440];

export type BacktestMethod = 'deckhand' | 'last-week' | 'held';

/** A recorded sailing with its vessel's car capacity, when known. */
export interface ScoredEntry extends FillHistoryEntry {
  vehicleCapacity?: number;
}

export interface Detection {
  precision: number | null;
  recall: number | null;
  falseFullRate: number | null;
}

export interface ForecastFigures {
  horizon: number;
  method: BacktestMethod;
  sailings: number;
  maePoints: number;
  p90Points: number;
  maeVehicles: number;
  p90Vehicles: number;
  brier: number;
  full: Detection;
  nearlyFull: Detection;
}

export interface BandCalibration {
  band: Exclude<ChanceBand, 'unknown'>;
  arrivals: number;
  /** Mean chance said, 0-1. */
  said: number;
  /** Share that got a place, 0-1. */
  gotOn: number;
}

export interface ChanceFigures {
  horizon: number;
  method: BacktestMethod;
  arrivals: number;
  brier: number;
  /** Deckhand's only. */
  calibration?: BandCalibration[];
}

export interface BacktestFigures {
  forecast: ForecastFigures[];
  chance: ChanceFigures[];
}

interface Prediction {
  expected: number;
  fillChance: number;
  final: number;
  filled: boolean;
  capacity?: number;
}

interface ChancePrediction {
  chance: number;
  gotOn: boolean;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

const mean = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const ratio = (num: number, den: number) => (den === 0 ? null : round(num / den, 3));

function detection(predictions: readonly Prediction[], threshold: number): Detection {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const p of predictions) {
    const said = p.expected >= threshold;
    const was = p.final >= threshold;
    if (said && was) tp += 1;
    else if (said) fp += 1;
    else if (was) fn += 1;
    else tn += 1;
  }
  return { precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn), falseFullRate: ratio(fp, fp + tn) };
}

function forecastFigures(horizon: number, method: BacktestMethod, predictions: readonly Prediction[]): ForecastFigures {
  const errors = predictions.map((p) => Math.abs(p.expected - p.final));
  const vehicles = predictions.flatMap((p) =>
    p.capacity ? [(Math.abs(p.expected - p.final) * p.capacity) / 100] : [],
  );
  return {
    horizon,
    method,
    sailings: predictions.length,
    maePoints: round(mean(errors), 2),
    p90Points: round(percentile(errors, 0.9), 2),
    maeVehicles: round(mean(vehicles), 1),
    p90Vehicles: round(percentile(vehicles, 0.9), 1),
    brier: round(mean(predictions.map((p) => (p.fillChance - (p.filled ? 1 : 0)) ** 2)), 4),
    full: detection(predictions, FULL_FILL),
    nearlyFull: detection(predictions, NEARLY_FULL_FILL),
  };
}

function chanceFigures(
  horizon: number,
  method: BacktestMethod,
  predictions: readonly ChancePrediction[],
  calibrate: boolean,
): ChanceFigures {
  const figures: ChanceFigures = {
    horizon,
    method,
    arrivals: predictions.length,
    brier: round(mean(predictions.map((p) => (p.chance - (p.gotOn ? 1 : 0)) ** 2)), 4),
  };
  if (calibrate) {
    figures.calibration = (['red', 'orange', 'green'] as const).map((band) => {
      const inBand = predictions.filter((p) => chanceBand(Math.round(p.chance * 100)) === band);
      return {
        band,
        arrivals: inBand.length,
        said: round(mean(inBand.map((p) => p.chance)), 3),
        gotOn: round(mean(inBand.map((p) => (p.gotOn ? 1 : 0))), 3),
      };
    });
  }
  return figures;
}

/** The same route end's sailing closest to the same local time a week earlier (within 20 min). */
function lastWeekFinder(entries: readonly ScoredEntry[]): (entry: ScoredEntry) => ScoredEntry | undefined {
  const byRouteEnd = new Map<string, Array<{ entry: ScoredEntry; dep: number; minute: number }>>();
  const minuteOf = (dep: number) => {
    const w = terminalWallClock(dep);
    return w.hour * 60 + w.minute;
  };
  for (const entry of entries) {
    const dep = Date.parse(entry.scheduledDeparture);
    const key = `${entry.routeId}|${entry.from}`;
    const list = byRouteEnd.get(key) ?? [];
    list.push({ entry, dep, minute: minuteOf(dep) });
    byRouteEnd.set(key, list);
  }
  return (entry) => {
    const dep = Date.parse(entry.scheduledDeparture);
    const minute = minuteOf(dep);
    let best: { entry: ScoredEntry; minute: number } | undefined;
    for (const e of byRouteEnd.get(`${entry.routeId}|${entry.from}`) ?? []) {
      if (Math.abs(e.dep - (dep - WEEK)) > 2 * 60 * MINUTE) continue;
      const gap = Math.abs(e.minute - minute);
      if (gap <= 20 && (!best || gap < Math.abs(best.minute - minute))) best = e;
    }
    return best?.entry;
  };
}

const sortedCurve = (entry: FillHistoryEntry) => [...(entry.curve ?? [])].sort((a, b) => b[0] - a[0]);
const filledUp = (entry: FillHistoryEntry) => entry.fullAt !== undefined || entry.finalCarFill >= FULL_AT;

export interface BacktestOptions {
  /** Sailings leaving in [from, to) are scored (epoch ms); the rest is history only. */
  from: number;
  to: number;
  horizons?: readonly number[];
}

/**
 * The backtest: every sailing of `entries` that left in the window and has last week's sailing, scored
 * at each horizon by Deckhand and both baselines (the same sailings for all three).
 */
export function backtestForecasts(
  index: FillHistoryIndex,
  entries: readonly ScoredEntry[],
  options: BacktestOptions,
): BacktestFigures {
  const horizons = options.horizons ?? BACKTEST_HORIZONS;
  const lastWeek = lastWeekFinder(entries);
  const figures: BacktestFigures = { forecast: [], chance: [] };
  for (const horizon of horizons) {
    const forecasts: Record<BacktestMethod, Prediction[]> = { deckhand: [], 'last-week': [], held: [] };
    const chances: Record<BacktestMethod, ChancePrediction[]> = { deckhand: [], 'last-week': [], held: [] };
    for (const entry of entries) {
      const dep = Date.parse(entry.scheduledDeparture);
      if (dep < options.from || dep >= options.to) continue;
      const previous = lastWeek(entry);
      if (!previous) continue;
      const made = forecastAt(index, entry, horizon);
      if (!made) continue;
      const capacity = entry.vehicleCapacity ? { capacity: entry.vehicleCapacity } : {};
      const outcome = { final: entry.finalCarFill, filled: filledUp(entry), ...capacity };
      const held = made.reading ?? 0;
      forecasts.deckhand.push({ expected: made.check.expectedCarFill, fillChance: made.check.fillChance, ...outcome });
      forecasts['last-week'].push({
        expected: previous.finalCarFill,
        fillChance: filledUp(previous) ? 1 : 0,
        ...outcome,
      });
      forecasts.held.push({ expected: held, fillChance: held >= FULL_AT ? 1 : 0, ...outcome });

      // The chance of a place for a car arriving now (from the cut-off on) and one arriving at the cut-off.
      const curve = sortedCurve(entry);
      const previousCurve = sortedCurve(previous);
      const at = dep - horizon * MINUTE;
      const arrivals = [...new Set([Math.max(horizon, CHECKIN_CUTOFF_MINUTES), CHECKIN_CUTOFF_MINUTES])];
      for (const arriveBefore of arrivals) {
        const then = fillAtMinutesBefore(curve, arriveBefore);
        if (then === undefined) continue;
        const [chance] = sailingChances({
          sailings: [
            {
              id: entry.scheduledDeparture,
              routeId: entry.routeId,
              departureTime: entry.scheduledDeparture,
              ...(made.reading === undefined ? {} : { carFill: made.reading, observedAt: new Date(at).toISOString() }),
            },
          ],
          forecastOf: () => made.forecast,
          arrival: arrivalAt(dep - arriveBefore * MINUTE),
          now: at,
        });
        if (!chance || chance.percent === null) continue;
        const gotOn = then < FULL_FILL;
        chances.deckhand.push({ chance: chance.percent / 100, gotOn });
        const lastTime = fillAtMinutesBefore(previousCurve, arriveBefore) ?? previous.finalCarFill;
        chances['last-week'].push({ chance: lastTime < FULL_FILL ? 1 : 0, gotOn });
        chances.held.push({ chance: held < FULL_FILL ? 1 : 0, gotOn });
      }
    }
    for (const method of ['deckhand', 'last-week', 'held'] as const) {
      figures.forecast.push(forecastFigures(horizon, method, forecasts[method]));
      figures.chance.push(chanceFigures(horizon, method, chances[method], method === 'deckhand'));
    }
  }
  return figures;
}
