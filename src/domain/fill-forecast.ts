/**
 * The fill forecast: how full an upcoming sailing's car deck will be at departure and the chance it
 * fills before then, from the recorded history of similar sailings (issue "Real ferries", section
 * "History and forecasts"). The server computes it (server/forecast/) and the app shows it with the
 * texts at the end of this file. The output contract is ./sailing-forecast.ts.
 *
 * The rule:
 * - Similar sailings: the same route, from the same terminal, leaving within SAME_TIME_TOLERANCE_MIN
 *   of the same local time (the closest one per day), on a comparable day:
 *   - an ordinary day compares with the same weekday of ordinary weeks over the last LOOKBACK_WEEKS;
 *   - a BC statutory holiday or another day of a long weekend (./bc-holidays.ts) compares with the
 *     holidays and long-weekend days of the last year, and with the ordinary Fridays and Sundays of the
 *     last LOOKBACK_WEEKS: the days a long weekend's traffic resembles most (people leave on the
 *     Friday and come back on the Sunday or the holiday Monday), the holidays weighing HOLIDAY_WEIGHT
 *     times more.
 * - Recent weeks weigh more: a sailing's weight halves every HALF_LIFE_WEEKS weeks of age.
 * - Expected car-deck fill: the weighted mean of their fill at departure. Chance it fills: the
 *   weighted share of them that filled, pulled towards one half by PRIOR_WEIGHT (so three full
 *   sailings out of three say "very likely", not "certain"). "Usually full N min before": the weighted
 *   median of how long before departure the ones that filled were full, when most of them filled.
 * - On the day, from its pace: once the sailing has a fill observed before departure, each similar
 *   sailing's fill at the same time before its departure is compared with it; each projects today's
 *   final fill (scaled by today's fill over theirs, or, while theirs was under MIN_SCALE_FILL points,
 *   adding what they gained from then on), and the forecast is made from those projections.
 * - Fewer than MIN_BASIS similar sailings: `insufficient-history`, no number.
 * - Accuracy (`measureForecastAccuracy`): each sailing of the last ACCURACY_WEEKS weeks that has a
 *   recorded fill at departure is forecast again as it would have been a day before it left (from the
 *   history recorded until then and its own reading then, if the source had one: `forecastAt`, the
 *   check the backtest in ./forecast-scoring.ts makes too), and compared with what happened.
 */
import { addDaysToKey, dayKind, weekdayOfDay, type DayKind } from './bc-holidays';
import type { FillCurves, ForecastAccuracy, SailingForecast } from './sailing-forecast';
import { formatClockLower, terminalWallClock } from './time';

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;

/** Fewest similar sailings a forecast rests on. */
export const MIN_BASIS = 3;
/** Ordinary days look back this many weeks. */
export const LOOKBACK_WEEKS = 12;
/** Holidays and long weekends look back a year. */
export const HOLIDAY_LOOKBACK_DAYS = 366;
/** A sailing's weight halves every this many weeks of age. */
export const HALF_LIFE_WEEKS = 3;
/** Sailings leaving within this many minutes of the same local time count as the same sailing. */
export const SAME_TIME_TOLERANCE_MIN = 20;
/** Holidays and long-weekend days weigh this many times more than ordinary Fridays and Sundays. */
export const HOLIDAY_WEIGHT = 3;
/** Weight of the one-half prior in the chance a sailing fills. */
export const PRIOR_WEIGHT = 0.5;
/** A car deck at or above this percent is full. */
export const FULL_AT = 100;
/** Below this fill the pace is compared by points gained rather than by ratio. */
export const MIN_SCALE_FILL = 10;
/** The accuracy shown is measured over this many weeks ("last 4 weeks"). */
export const ACCURACY_WEEKS = 4;
/** Fewest checked forecasts before an accuracy is shown. */
export const MIN_ACCURACY_CHECKED = 10;
/** "Within 10 points". */
export const ACCURACY_POINTS = 10;
/** "Arrive by" leaves this many minutes before the deck usually fills. */
export const ARRIVE_MARGIN_MIN = 10;
/**
 * Minutes before departure at which a forecast carries its similar sailings' fill (`fillCurves`),
 * for the sailing chance (./sailing-chance.ts): from a day before down to the check-in cut-off
 * (a car arriving later does not board, so later points are not needed).
 */
export const FILL_CURVE_CHECKPOINTS: readonly number[] = [1440, 720, 360, 240, 180, 120, 90, 60, 45, 30];
/** Only sailings leaving within this many hours carry `fillCurves` (they triple a forecast's size). */
export const FILL_CURVES_HORIZON_HOURS = 48;

/** A past sailing as the history records it. */
export interface FillHistoryEntry {
  routeId: string;
  from: string;
  /** ISO instant. */
  scheduledDeparture: string;
  /** Car-deck fill at departure, percent. */
  finalCarFill: number;
  /** When the car deck was first seen full before departure (ISO), if it was. */
  fullAt?: string;
  /** Car-deck fill before departure: [minutes before the scheduled departure, percent], any order. */
  curve?: ReadonlyArray<readonly [number, number]>;
}

interface IndexedEntry extends FillHistoryEntry {
  depMs: number;
  day: string;
  weekday: number;
  kind: DayKind;
  localMinute: number;
  /** Minutes before departure the deck was full, if it filled. */
  fullMinutesBefore?: number;
  /** Curve sorted by minutes before, largest (earliest) first. */
  sortedCurve: ReadonlyArray<readonly [number, number]>;
}

/** The history grouped by route and departure terminal, each group in departure order. */
export interface FillHistoryIndex {
  byRouteEnd: Map<string, IndexedEntry[]>;
  /** The same, split by weekday (0 = Sunday): where an ordinary day's similar sailings are. */
  byRouteEndWeekday: Map<string, IndexedEntry[]>;
  /** The same, holidays and long-weekend days only. */
  byRouteEndHoliday: Map<string, IndexedEntry[]>;
}

const routeEndKey = (routeId: string, from: string) => `${routeId}|${from}`;
const weekdayKey = (routeEnd: string, weekday: number) => `${routeEnd}|${weekday}`;

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function localDay(ms: number): { day: string; localMinute: number } {
  const w = terminalWallClock(ms);
  const day = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  return { day, localMinute: w.hour * 60 + w.minute };
}

export function indexFillHistory(entries: Iterable<FillHistoryEntry>): FillHistoryIndex {
  const byRouteEnd = new Map<string, IndexedEntry[]>();
  for (const entry of entries) {
    const depMs = Date.parse(entry.scheduledDeparture);
    if (Number.isNaN(depMs) || !Number.isFinite(entry.finalCarFill)) continue;
    const { day, localMinute } = localDay(depMs);
    const fullMs = entry.fullAt ? Date.parse(entry.fullAt) : NaN;
    const indexed: IndexedEntry = {
      ...entry,
      depMs,
      day,
      weekday: weekdayOfDay(day),
      kind: dayKind(day),
      localMinute,
      sortedCurve: [...(entry.curve ?? [])].sort((a, b) => b[0] - a[0]),
    };
    if (!Number.isNaN(fullMs)) indexed.fullMinutesBefore = Math.max(0, Math.round((depMs - fullMs) / MINUTE));
    else if (entry.finalCarFill >= FULL_AT) indexed.fullMinutesBefore = 0;
    pushTo(byRouteEnd, routeEndKey(entry.routeId, entry.from), indexed);
  }
  const byRouteEndWeekday = new Map<string, IndexedEntry[]>();
  const byRouteEndHoliday = new Map<string, IndexedEntry[]>();
  for (const [key, list] of byRouteEnd) {
    list.sort((a, b) => a.depMs - b.depMs);
    for (const entry of list) {
      pushTo(byRouteEndWeekday, weekdayKey(key, entry.weekday), entry);
      if (entry.kind !== 'regular') pushTo(byRouteEndHoliday, key, entry);
    }
  }
  return { byRouteEnd, byRouteEndWeekday, byRouteEndHoliday };
}

/**
 * The entries that can be similar to a sailing on a day of `kind` and `weekday`: the same weekday
 * for an ordinary day; Fridays, Sundays and holidays for a holiday or long-weekend day.
 */
function candidates(index: FillHistoryIndex, routeEnd: string, kind: DayKind, weekday: number): IndexedEntry[][] {
  const on = (w: number) => index.byRouteEndWeekday.get(weekdayKey(routeEnd, w)) ?? [];
  if (kind === 'regular') return [on(weekday)];
  return [on(5), on(0), index.byRouteEndHoliday.get(routeEnd) ?? []];
}

/** The sailing to forecast, with its latest observed fill when it has one. */
export interface ForecastTarget {
  id: string;
  routeId: string;
  from: string;
  scheduledDeparture: string;
  /** Car-deck fill observed before departure, and when. */
  carFill?: number;
  observedAt?: string;
}

interface Similar {
  entry: IndexedEntry;
  weight: number;
}

/** The similar sailings of the target that had left by `asOf`, each with its weight. */
export function similarSailings(
  index: FillHistoryIndex,
  target: Pick<ForecastTarget, 'routeId' | 'from' | 'scheduledDeparture'>,
  asOf: number,
): Similar[] {
  const depMs = Date.parse(target.scheduledDeparture);
  const { day, localMinute } = localDay(depMs);
  const targetKind = dayKind(day);
  const weekday = weekdayOfDay(day);
  const ordinaryFrom = asOf - LOOKBACK_WEEKS * WEEK;
  const holidayFrom = asOf - HOLIDAY_LOOKBACK_DAYS * DAY;
  const closestPerDay = new Map<string, IndexedEntry>();
  for (const entry of candidates(index, routeEndKey(target.routeId, target.from), targetKind, weekday).flat()) {
    if (entry.depMs > asOf || entry.day === day) continue;
    if (Math.abs(entry.localMinute - localMinute) > SAME_TIME_TOLERANCE_MIN) continue;
    const ordinary = entry.kind === 'regular';
    let comparable: boolean;
    if (targetKind === 'regular') comparable = ordinary && entry.weekday === weekday && entry.depMs >= ordinaryFrom;
    else if (ordinary) comparable = (entry.weekday === 5 || entry.weekday === 0) && entry.depMs >= ordinaryFrom;
    else comparable = entry.depMs >= holidayFrom;
    if (!comparable) continue;
    const held = closestPerDay.get(entry.day);
    if (!held || Math.abs(entry.localMinute - localMinute) < Math.abs(held.localMinute - localMinute)) {
      closestPerDay.set(entry.day, entry);
    }
  }
  return [...closestPerDay.values()].map((entry) => {
    const ageWeeks = Math.max(0, depMs - entry.depMs) / WEEK;
    const recency = 0.5 ** (ageWeeks / HALF_LIFE_WEEKS);
    const holidayBoost = targetKind !== 'regular' && entry.kind !== 'regular' ? HOLIDAY_WEIGHT : 1;
    return { entry, weight: recency * holidayBoost };
  });
}

/** Fill the curve shows `minutesBefore` departure: its last point at or before then (undefined if none). */
export function fillAtMinutesBefore(
  curve: ReadonlyArray<readonly [number, number]>,
  minutesBefore: number,
): number | undefined {
  let value: number | undefined;
  for (const [m, fill] of curve) {
    if (m >= minutesBefore) value = fill;
    else break;
  }
  return value;
}

function weightedMedian(values: Array<{ value: number; weight: number }>): number | undefined {
  const sorted = [...values].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, v) => sum + v.weight, 0);
  let running = 0;
  for (const v of sorted) {
    running += v.weight;
    if (running >= total / 2) return v.value;
  }
  return undefined;
}

interface Projection {
  weight: number;
  finalCarFill: number;
  full: boolean;
  fullMinutesBefore?: number;
}

/** Each similar sailing's final fill, or, with today's pace, what it projects for today. */
function projections(
  similar: Similar[],
  target: ForecastTarget,
  depMs: number,
): { list: Projection[]; byPace: boolean } {
  const observedMs = target.observedAt ? Date.parse(target.observedAt) : NaN;
  const today = target.carFill;
  const plain = similar.map(({ entry, weight }) => ({
    weight,
    finalCarFill: entry.finalCarFill,
    full: entry.fullMinutesBefore !== undefined,
    fullMinutesBefore: entry.fullMinutesBefore,
  }));
  if (today === undefined || Number.isNaN(observedMs) || observedMs >= depMs) return { list: plain, byPace: false };
  const minutesBefore = Math.round((depMs - observedMs) / MINUTE);
  if (today >= FULL_AT) {
    return { list: [{ weight: 1, finalCarFill: FULL_AT, full: true, fullMinutesBefore: minutesBefore }], byPace: true };
  }
  const paced: Projection[] = [];
  let anyFillThen = false;
  for (const { entry, weight } of similar) {
    const then = fillAtMinutesBefore(entry.sortedCurve, minutesBefore);
    if (then === undefined) continue;
    if (then > 0) anyFillThen = true;
    const projected =
      then >= MIN_SCALE_FILL ? entry.finalCarFill * (today / then) : today + (entry.finalCarFill - then);
    const finalCarFill = Math.min(FULL_AT, Math.max(today, projected));
    paced.push({ weight, finalCarFill, full: finalCarFill >= FULL_AT, fullMinutesBefore: entry.fullMinutesBefore });
  }
  // Nothing on the deck yet, as on similar days at this time: there is no pace to compare.
  if (paced.length < MIN_BASIS || (today === 0 && !anyFillThen)) return { list: plain, byPace: false };
  return { list: paced, byPace: true };
}

export interface ForecastOptions {
  /** History recorded until this instant is used (default `now`). */
  asOf?: number;
  accuracy?: ForecastAccuracy;
}

/** The forecast for one upcoming sailing. */
export function forecastSailing(
  index: FillHistoryIndex,
  target: ForecastTarget,
  now: number,
  options: ForecastOptions = {},
): SailingForecast {
  const depMs = Date.parse(target.scheduledDeparture);
  const similar = similarSailings(index, target, options.asOf ?? now);
  const base = {
    sailingId: target.id,
    routeId: target.routeId,
    from: target.from,
    scheduledDeparture: target.scheduledDeparture,
    basisCount: similar.length,
    computedAt: new Date(now).toISOString(),
    ...(options.accuracy ? { accuracy: options.accuracy } : {}),
  };
  if (similar.length < MIN_BASIS) return { ...base, status: 'insufficient-history' };
  const { list, byPace } = projections(similar, target, depMs);
  const totalWeight = list.reduce((sum, p) => sum + p.weight, 0);
  const expected = list.reduce((sum, p) => sum + p.weight * p.finalCarFill, 0) / totalWeight;
  const fullWeight = list.reduce((sum, p) => sum + (p.full ? p.weight : 0), 0);
  const fillChance = (fullWeight + PRIOR_WEIGHT / 2) / (totalWeight + PRIOR_WEIGHT);
  const forecast: SailingForecast = {
    ...base,
    status: 'ok',
    expectedCarFill: Math.round(Math.min(100, Math.max(0, expected)) * 10) / 10,
    fillChance: Math.round(fillChance * 1000) / 1000,
  };
  if (byPace) forecast.adjustedByPace = true;
  if (depMs - now <= FILL_CURVES_HORIZON_HOURS * 60 * MINUTE) forecast.fillCurves = fillCurvesOf(similar);
  if (fullWeight > totalWeight / 2) {
    const minutes = weightedMedian(
      list
        .filter((p) => p.full && p.fullMinutesBefore !== undefined)
        .map((p) => ({ value: p.fullMinutesBefore ?? 0, weight: p.weight })),
    );
    if (minutes !== undefined) forecast.usuallyFullMinutesBefore = minutes;
  }
  return forecast;
}

/** The similar sailings' fill at each of FILL_CURVE_CHECKPOINTS (whole percent), with their weights. */
function fillCurvesOf(similar: readonly Similar[]): FillCurves {
  return {
    minutesBefore: [...FILL_CURVE_CHECKPOINTS],
    sailings: [...similar]
      .sort((a, b) => a.entry.depMs - b.entry.depMs)
      .map(({ entry, weight }) => ({
        weight: Math.round(weight * 1000) / 1000,
        fills: FILL_CURVE_CHECKPOINTS.map((m) => {
          const fill = fillAtMinutesBefore(entry.sortedCurve, m);
          return fill === undefined ? null : Math.round(Math.min(100, Math.max(0, fill)));
        }),
      })),
  };
}

/** Forecast error of one checked sailing. */
export interface ForecastCheck {
  expectedCarFill: number;
  fillChance: number;
  finalCarFill: number;
  filled: boolean;
}

/** Mean absolute error, Brier score and "within 10 points" of a set of checks. */
export function scoreChecks(checks: readonly ForecastCheck[], weeks: number): ForecastAccuracy {
  const n = checks.length;
  const absErrors = checks.map((c) => Math.abs(c.expectedCarFill - c.finalCarFill));
  const mae = n ? absErrors.reduce((a, b) => a + b, 0) / n : 0;
  const brier = n ? checks.reduce((sum, c) => sum + (c.fillChance - (c.filled ? 1 : 0)) ** 2, 0) / n : 0;
  return {
    weeks,
    checked: n,
    withinTenPoints: absErrors.filter((e) => e <= ACCURACY_POINTS).length,
    meanAbsoluteError: Math.round(mae * 100) / 100,
    brier: Math.round(Math.min(1, brier) * 10_000) / 10_000,
  };
}

/** What was known of a past sailing `minutesBefore` its departure, and the forecast made then. */
export interface ForecastAt {
  /** Its car-deck reading then (percent), when the source had given one. */
  reading?: number;
  forecast: SailingForecast;
  check: ForecastCheck;
}

/**
 * THE check of one forecast against what happened (the app's accuracy line and the backtest,
 * src/domain/forecast-scoring.ts): the sailing of `entry` forecast as it would have been `minutesBefore`
 * its departure, from the history recorded until then and its own reading then (its pace), if any.
 * Undefined when the forecast then had too little history to give a number.
 */
export function forecastAt(
  index: FillHistoryIndex,
  entry: FillHistoryEntry,
  minutesBefore: number,
): ForecastAt | undefined {
  const depMs = Date.parse(entry.scheduledDeparture);
  const at = depMs - minutesBefore * MINUTE;
  const curve = [...(entry.curve ?? [])].sort((a, b) => b[0] - a[0]);
  const reading = fillAtMinutesBefore(curve, minutesBefore);
  const target: ForecastTarget = {
    id: '',
    routeId: entry.routeId,
    from: entry.from,
    scheduledDeparture: entry.scheduledDeparture,
    ...(reading === undefined ? {} : { carFill: reading, observedAt: new Date(at).toISOString() }),
  };
  const forecast = forecastSailing(index, target, at);
  if (forecast.status !== 'ok' || forecast.expectedCarFill === undefined || forecast.fillChance === undefined)
    return undefined;
  return {
    ...(reading === undefined ? {} : { reading }),
    forecast,
    check: {
      expectedCarFill: forecast.expectedCarFill,
      fillChance: forecast.fillChance,
      finalCarFill: entry.finalCarFill,
      filled: entry.fullAt !== undefined || entry.finalCarFill >= FULL_AT,
    },
  };
}

/** A day before departure: the horizon of the app's accuracy line. */
export const ACCURACY_MINUTES_BEFORE = 24 * 60;

/**
 * How the forecast did on one route end over the last `weeks` weeks: every recorded sailing that left
 * in that window, forecast as it would have been a day before it left (forecastAt), compared with
 * what happened. Undefined until MIN_ACCURACY_CHECKED sailings could be checked.
 */
export function measureForecastAccuracy(
  index: FillHistoryIndex,
  routeId: string,
  from: string,
  now: number,
  weeks: number = ACCURACY_WEEKS,
): ForecastAccuracy | undefined {
  const checks: ForecastCheck[] = [];
  for (const entry of index.byRouteEnd.get(routeEndKey(routeId, from)) ?? []) {
    if (entry.depMs > now || entry.depMs < now - weeks * WEEK) continue;
    const made = forecastAt(index, entry, ACCURACY_MINUTES_BEFORE);
    if (made) checks.push(made.check);
  }
  return checks.length >= MIN_ACCURACY_CHECKED ? scoreChecks(checks, weeks) : undefined;
}

// ---- The texts the app shows beside a forecast ----

export const NOT_ENOUGH_HISTORY_TEXT = 'Not enough history yet to forecast this sailing';

/** The forecast note while the device has never received the forecasts (a first visit, before their pull). */
export const FORECAST_PENDING_TEXT = {
  summary: 'not on this device yet',
  detail: 'it arrives with the next update of the timetable',
} as const;

export const WEEKDAY_PLURALS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

/** "on Fridays", or "on holidays and long weekends" for such a day. */
export function forecastDayLabel(scheduledDeparture: string): string {
  const { day } = localDay(Date.parse(scheduledDeparture));
  if (dayKind(day) !== 'regular') return 'on holidays and long weekends';
  return `on ${WEEKDAY_PLURALS[weekdayOfDay(day)] ?? ''}`;
}

/**
 * The forecast in one line: "usually full 25 min before departure on Fridays: arrive by 9:55 am",
 * "usually 72% full at departure on Fridays (20% chance it fills)", "expected 85% full at departure
 * at today's pace (40% chance it fills)", or NOT_ENOUGH_HISTORY_TEXT.
 */
export function forecastSummaryText(forecast: SailingForecast): string {
  if (forecast.status !== 'ok' || forecast.expectedCarFill === undefined) return NOT_ENOUGH_HISTORY_TEXT;
  const chance = Math.round((forecast.fillChance ?? 0) * 100);
  const days = forecastDayLabel(forecast.scheduledDeparture);
  if (forecast.usuallyFullMinutesBefore !== undefined) {
    const arriveBy =
      Date.parse(forecast.scheduledDeparture) - (forecast.usuallyFullMinutesBefore + ARRIVE_MARGIN_MIN) * MINUTE;
    const when =
      forecast.usuallyFullMinutesBefore === 0
        ? 'usually full at departure'
        : `usually full ${forecast.usuallyFullMinutesBefore} min before departure`;
    return `${when} ${days}: arrive by ${formatClockLower(arriveBy)}`;
  }
  const fill = Math.round(forecast.expectedCarFill);
  if (forecast.adjustedByPace)
    return `expected ${fill}% full at departure at today's pace (${chance}% chance it fills)`;
  return `usually ${fill}% full at departure ${days} (${chance}% chance it fills)`;
}

/** "from 7 similar sailings". */
export function forecastBasisText(forecast: Pick<SailingForecast, 'basisCount'>): string {
  return `from ${forecast.basisCount} similar sailing${forecast.basisCount === 1 ? '' : 's'}`;
}

/**
 * Said instead of the accuracy while too few of the forecasts could be checked against what happened
 * (fewer than MIN_ACCURACY_CHECKED over the last ACCURACY_WEEKS weeks; a sailing is checked once it
 * had MIN_BASIS similar sailings before it, so about ACCURACY_WEEKS weeks of recorded history).
 */
export const ACCURACY_UNMEASURED_TEXT = `accuracy not measured yet: it needs about ${ACCURACY_WEEKS} weeks of recorded sailings`;

/** "last 4 weeks: within 10 points 8 times in 10"; undefined while the accuracy is unmeasured. */
export function forecastAccuracyText(accuracy: ForecastAccuracy | undefined): string | undefined {
  if (!accuracy || accuracy.checked === 0) return undefined;
  const inTen = Math.round((accuracy.withinTenPoints / accuracy.checked) * 10);
  return `last ${accuracy.weeks} week${accuracy.weeks === 1 ? '' : 's'}: within ${ACCURACY_POINTS} points ${inTen} time${inTen === 1 ? '' : 's'} in 10`;
}

/** The local service day of an instant ("YYYY-MM-DD") and the next `days` days, for "today and the next 7". */
export function forecastDays(now: number, days: number): string[] {
  const { day } = localDay(now);
  return Array.from({ length: days + 1 }, (_, i) => addDaysToKey(day, i));
}
