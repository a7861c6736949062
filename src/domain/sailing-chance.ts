/**
 * The sailing chance: for a car that reaches the terminal at time T (with its uncertainty), the chance
 * it gets a place on each of the rider's route's next sailings, with the sailing it will likely make
 * ("Estimated") and the ones either side ("Earlier", "Later"). The idea and its bands come from the best
 * open-source peer (red ≤ 30 %, orange 31-69 %, green ≥ 70 %, "Unknown" when the capacity reading is
 * over 3 minutes old); Deckhand adds the rider's place in the lane and runs the same rule on the server
 * and on the device, offline, from the stored sailings and forecasts.
 *
 * The rule, for one sailing and an arrival T (CHANCE_ARRIVAL_SAMPLES instants spread evenly over the
 * arrival's earliest-latest window, their results averaged):
 * - Check-in closes CHECKIN_CUTOFF_MINUTES before departure: an arrival after the cut-off has no
 *   chance (0 %, said as such), whatever the figures.
 * - The car gets a place when the car deck is not full when it arrives (cars that arrive later do not
 *   take its place): not full = under FULL_FILL (≤ 2 % of the car deck left counts as full).
 * - The car deck's fill at T: each similar sailing of the forecast (src/domain/fill-forecast.ts, its
 *   `fillCurves`: how similar sailings filled before they left) says how full the deck was that long
 *   before its departure. With a current reading of this sailing, each is paced to it as the forecast
 *   does (scaled by today's fill over theirs at the reading's time, or, while theirs was under
 *   MIN_SCALE_FILL points, adding what they gained from then on), never below today's reading.
 * - The chance: the weighted share of similar sailings in which the car finds a place, pulled towards
 *   one half by PRIOR_WEIGHT sailings' worth (the weighted share counts as many sailings as it rests on,
 *   so twelve sailings with room say 98 %, three say 92 %).
 * - The rider's place in the lane, when known (they are in the lane now): the cars ahead board first,
 *   filling each sailing's free car spaces (the vessel's car capacity less the current reading) in
 *   departure order, so the rider fits on a sailing when the free spaces up to it reach their place.
 *   That answer weighs as much as the position's confidence, the history-based chance the rest.
 * - "Unknown", with its reason, instead of a number: the reading is over READING_MAX_AGE_MS old; fewer
 *   than MIN_BASIS similar sailings have a recorded fill (too short a history); the device holds no
 *   forecast for the sailing; the route's car-deck figures are never published. A sailing whose
 *   cut-off comes before every arrival instant is not Unknown: it is 0 %.
 * - Bands on the whole percent: red ≤ CHANCE_RED_MAX, green ≥ CHANCE_GREEN_MIN, orange between.
 *   Colour is never the only cue: each chance is said in words ("72% · likely").
 * - Estimated: the first sailing whose chance is at least ESTIMATED_AT; without one, the first whose
 *   check-in is still open at T. Earlier and Later: the sailings just before and after it.
 */
import { ROUTES_WITHOUT_CAPACITY_DATA } from './capacity';
import { CHECKIN_CUTOFF_MINUTES } from './constants';
import { MIN_BASIS, MIN_SCALE_FILL, PRIOR_WEIGHT } from './fill-forecast';
import type { SailingForecast } from './sailing-forecast';
import { formatClockLower } from './time';

const MINUTE = 60_000;

/** The chance's bands (whole percent): red at or under, green at or over, orange between. */
export const CHANCE_RED_MAX = 30;
export const CHANCE_GREEN_MIN = 70;
/** A capacity reading older than this says nothing of the car deck now: the chance is Unknown. */
export const READING_MAX_AGE_MS = 3 * 60_000;
/** "Full": 2 % of the car deck or less left. */
export const FULL_FILL = 98;
/** "Nearly full": under 10 % of the car deck left. */
export const NEARLY_FULL_FILL = 90;
/** Arrival instants spread over the arrival's window. */
export const CHANCE_ARRIVAL_SAMPLES = 9;
/** The sailing the rider likely makes is the first with at least this chance. */
export const ESTIMATED_AT = 50;
/**
 * The spread of a drive time: the calculator's traffic factor runs from 1 to 1.5 of the usual time, so
 * a drive estimated at its middle (1.25) lasts from 0.8 to 1.2 of the estimate.
 */
export const DRIVE_SPREAD_LOW = 1 / 1.25;
export const DRIVE_SPREAD_HIGH = 1.5 / 1.25;

export type ChanceBand = 'green' | 'orange' | 'red' | 'unknown';
export type ChanceUnknownReason = 'stale-reading' | 'short-history' | 'no-forecast' | 'not-published';
export type ChancePlace = 'Earlier' | 'Estimated' | 'Later';

/** When the car reaches the terminal (epoch ms): its likeliest instant and its window. */
export interface ChanceArrival {
  at: number;
  earliest: number;
  latest: number;
}

/** The rider's place in the lane now (their queue position): cars ahead of them and how sure it is. */
export interface LanePlace {
  carsAhead: number;
  /** 0-1, the queue position's confidence. */
  confidence: number;
}

/** A sailing as the chance reads it. */
export interface ChanceSailing {
  id: string;
  routeId: string;
  /** Expected departure (ISO): check-in closes CHECKIN_CUTOFF_MINUTES before it. */
  departureTime: string;
  /** The latest car-deck reading (percent full) and when it was observed (ISO). */
  carFill?: number;
  observedAt?: string;
  /** The vessel's car capacity (for the rider's place in the lane). */
  vehicleCapacity?: number;
}

export interface SailingChance {
  sailingId: string;
  departureTime: string;
  /** Whole percent; null when Unknown. */
  percent: number | null;
  band: ChanceBand;
  reason?: ChanceUnknownReason;
  /** Minutes old the reading is (with `stale-reading`). */
  readingAgeMinutes?: number;
  /** Check-in closes before the car arrives. */
  closed?: boolean;
}

/** A day's arrival from leaving at `leaveAt` with a drive of `driveMinutes` (DRIVE_SPREAD_* either way). */
export function arrivalAfterDrive(leaveAt: number, driveMinutes: number): ChanceArrival {
  return {
    at: leaveAt + driveMinutes * MINUTE,
    earliest: leaveAt + Math.round(driveMinutes * DRIVE_SPREAD_LOW) * MINUTE,
    latest: leaveAt + Math.round(driveMinutes * DRIVE_SPREAD_HIGH) * MINUTE,
  };
}

/** A car already at the terminal (in the lane), or arriving at an exact instant. */
export function arrivalAt(at: number): ChanceArrival {
  return { at, earliest: at, latest: at };
}

export function chanceBand(percent: number | null): ChanceBand {
  if (percent === null) return 'unknown';
  if (percent <= CHANCE_RED_MAX) return 'red';
  if (percent >= CHANCE_GREEN_MIN) return 'green';
  return 'orange';
}

function arrivalSamples(arrival: ChanceArrival): number[] {
  const from = Math.min(arrival.earliest, arrival.latest);
  const to = Math.max(arrival.earliest, arrival.latest);
  if (to === from) return [from];
  const n = CHANCE_ARRIVAL_SAMPLES;
  return Array.from({ length: n }, (_, i) => from + ((to - from) * i) / (n - 1));
}

/** A curve's checkpoints that have a fill, from the earliest (largest minutes before) to the latest. */
type CurvePoints = ReadonlyArray<readonly [minutesBefore: number, fill: number]>;

function curvePoints(minutesBefore: readonly number[], fills: ReadonlyArray<number | null>): CurvePoints {
  const known: Array<[number, number]> = [];
  minutesBefore.forEach((m, i) => {
    const fill = fills[i];
    if (fill !== null && fill !== undefined) known.push([m, fill]);
  });
  return known;
}

function fillAtPoints(known: CurvePoints, at: number): number | undefined {
  const first = known[0];
  const last = known[known.length - 1];
  if (!first || !last) return undefined;
  if (at >= first[0]) return first[1];
  if (at <= last[0]) return last[1];
  for (let i = 1; i < known.length; i++) {
    const [m1, f1] = known[i - 1] as readonly [number, number];
    const [m2, f2] = known[i] as readonly [number, number];
    if (at <= m1 && at >= m2) return m1 === m2 ? f2 : f1 + ((f2 - f1) * (m1 - at)) / (m1 - m2);
  }
  return last[1];
}

/** A curve's fill `minutesBefore` departure, linear between its checkpoints; undefined with no reading at all. */
export function curveFillAt(
  minutesBefore: readonly number[],
  fills: ReadonlyArray<number | null>,
  at: number,
): number | undefined {
  // Checkpoints run from the earliest (largest) to the latest; a missing fill is skipped.
  return fillAtPoints(curvePoints(minutesBefore, fills), at);
}

/** Each similar sailing's fill at `minutesBefore`, paced to today's reading when there is one. */
function projectedFills(
  curves: ReadonlyArray<{ weight: number; known: CurvePoints }>,
  minutesBefore: number,
  reading: { fill: number; minutesBefore: number } | undefined,
): Array<{ weight: number; fill: number }> {
  const out: Array<{ weight: number; fill: number }> = [];
  for (const { weight, known } of curves) {
    const then = fillAtPoints(known, minutesBefore);
    if (then === undefined) continue;
    if (!reading || reading.minutesBefore < minutesBefore) {
      out.push({ weight, fill: then });
      continue;
    }
    const atReading = fillAtPoints(known, reading.minutesBefore) ?? 0;
    const projected =
      atReading >= MIN_SCALE_FILL ? then * (reading.fill / atReading) : reading.fill + (then - atReading);
    out.push({ weight, fill: Math.min(100, Math.max(reading.fill, projected)) });
  }
  return out;
}

export interface SailingChanceInput {
  /** The route's next sailings that can be taken (not cancelled), departure order. */
  sailings: readonly ChanceSailing[];
  /** The stored forecast of a sailing, by its id. */
  forecastOf: (sailingId: string) => SailingForecast | undefined;
  arrival: ChanceArrival;
  /** The rider's place in the lane, when they are in it. */
  lane?: LanePlace | null;
  /** The instant the chance is for: now, or (offline) the time of the newest stored reading. */
  now: number;
}

/** Does the rider's place in the lane fit on each sailing (free spaces up to it reach their place)? Undefined where unknown. */
function laneFits(sailings: readonly ChanceSailing[], lane: LanePlace): Array<boolean | undefined> {
  let spaces = 0;
  let known = true;
  return sailings.map((s) => {
    if (!known || s.carFill === undefined || !s.vehicleCapacity) {
      known = false;
      return undefined;
    }
    spaces += Math.max(0, Math.floor((s.vehicleCapacity * (100 - s.carFill)) / 100));
    return spaces >= Math.max(0, Math.floor(lane.carsAhead)) + 1;
  });
}

/** What every sailing's chance reads: the arrival's instants and, in the lane, where the rider fits. */
interface ChanceBasis {
  input: SailingChanceInput;
  samples: number[];
  fits: Array<boolean | undefined>;
}

function chanceBasis(input: SailingChanceInput): ChanceBasis {
  return {
    input,
    samples: input.lane ? [input.now] : arrivalSamples(input.arrival),
    fits: input.lane ? laneFits(input.sailings, input.lane) : [],
  };
}

/** THE sailing chance (the rule above) of the sailing at `index`. */
function chanceAt({ input, samples, fits }: ChanceBasis, index: number): SailingChance {
  const { now, lane } = input;
  const s = input.sailings[index] as ChanceSailing;
  const depMs = Date.parse(s.departureTime);
  const base = { sailingId: s.id, departureTime: s.departureTime };
  const cutoff = depMs - CHECKIN_CUTOFF_MINUTES * MINUTE;
  if (!lane && samples.every((t) => t > cutoff)) return { ...base, percent: 0, band: 'red', closed: true };
  const unknown = (reason: ChanceUnknownReason, extra: Partial<SailingChance> = {}): SailingChance => ({
    ...base,
    percent: null,
    band: 'unknown',
    reason,
    ...extra,
  });
  if (ROUTES_WITHOUT_CAPACITY_DATA.has(s.routeId)) return unknown('not-published');
  const observedMs = s.observedAt ? Date.parse(s.observedAt) : NaN;
  const hasReading = s.carFill !== undefined && !Number.isNaN(observedMs);
  if (hasReading && now - observedMs > READING_MAX_AGE_MS) {
    return unknown('stale-reading', { readingAgeMinutes: Math.floor((now - observedMs) / MINUTE) });
  }
  const forecast = input.forecastOf(s.id);
  if (!forecast) return unknown('no-forecast');
  const curves = forecast.fillCurves;
  if (forecast.status !== 'ok' || !curves) return unknown('short-history');
  const reading =
    hasReading && s.carFill !== undefined
      ? { fill: s.carFill, minutesBefore: Math.max(0, (depMs - observedMs) / MINUTE) }
      : undefined;
  const similar = curves.sailings.map(({ weight, fills }) => ({
    weight,
    known: curvePoints(curves.minutesBefore, fills),
  }));
  let total = 0;
  let counted = 0;
  for (const t of samples) {
    if (!lane && t > cutoff) {
      counted += 1;
      continue;
    }
    const projected = projectedFills(similar, Math.max(0, (depMs - Math.max(t, now)) / MINUTE), reading);
    if (projected.length < MIN_BASIS) return unknown('short-history');
    const weight = projected.reduce((sum, p) => sum + p.weight, 0);
    const room = projected.reduce((sum, p) => sum + (p.fill < FULL_FILL ? p.weight : 0), 0);
    const n = projected.length;
    total += ((weight > 0 ? room / weight : 0.5) * n + PRIOR_WEIGHT / 2) / (n + PRIOR_WEIGHT);
    counted += 1;
  }
  let chance = total / counted;
  const fit = fits[index];
  if (lane && fit !== undefined) {
    const confidence = Math.min(1, Math.max(0, lane.confidence));
    chance = confidence * (fit ? 1 : 0) + (1 - confidence) * chance;
  }
  const percent = Math.round(chance * 100);
  return { ...base, percent, band: chanceBand(percent) };
}

/** THE sailing chance (the rule above) of each sailing, in the order given. */
export function sailingChances(input: SailingChanceInput): SailingChance[] {
  const basis = chanceBasis(input);
  return input.sailings.map((_, index) => chanceAt(basis, index));
}

/** A chance with its place in the window shown. */
export interface PlacedChance extends SailingChance {
  place: ChancePlace;
}

/**
 * The sailing the rider likely makes ("Estimated": the first with at least ESTIMATED_AT; without one,
 * the first whose check-in is still open at the arrival) and the ones either side.
 */
export function chanceWindow(chances: readonly SailingChance[], arrival: ChanceArrival): PlacedChance[] {
  return placedWindow(chances.length, (index) => chances[index] as SailingChance, arrival);
}

/**
 * `chanceWindow(sailingChances(input), input.arrival)`, working out each sailing's chance only when
 * the window needs it: the sailings up to the Estimated one and the one after, not the whole day and
 * the next. Screens recompute it every second (its chances are as of now), so that is the cost of a
 * tick on a slow phone.
 */
export function sailingChanceWindow(input: SailingChanceInput): PlacedChance[] {
  const basis = chanceBasis(input);
  const worked: SailingChance[] = [];
  const chanceOf = (index: number) => (worked[index] ??= chanceAt(basis, index));
  return placedWindow(input.sailings.length, chanceOf, input.arrival);
}

function placedWindow(
  count: number,
  chanceOf: (index: number) => SailingChance,
  arrival: ChanceArrival,
): PlacedChance[] {
  let estimated = -1;
  for (let index = 0; index < count && estimated < 0; index += 1) {
    const { percent } = chanceOf(index);
    if (percent !== null && percent >= ESTIMATED_AT) estimated = index;
  }
  for (let index = 0; index < count && estimated < 0; index += 1) {
    if (Date.parse(chanceOf(index).departureTime) - CHECKIN_CUTOFF_MINUTES * MINUTE >= arrival.at) estimated = index;
  }
  if (estimated < 0) return [];
  const out: PlacedChance[] = [];
  if (estimated > 0) out.push({ ...chanceOf(estimated - 1), place: 'Earlier' });
  out.push({ ...chanceOf(estimated), place: 'Estimated' });
  if (estimated + 1 < count) out.push({ ...chanceOf(estimated + 1), place: 'Later' });
  return out;
}

// ---- The texts shown ----

export const CHANCE_BAND_WORD: Record<Exclude<ChanceBand, 'unknown'>, string> = {
  green: 'likely',
  orange: 'uncertain',
  red: 'unlikely',
};

export const CHANCE_UNKNOWN_TEXT: Record<Exclude<ChanceUnknownReason, 'stale-reading'>, string> = {
  'short-history': 'Unknown: not enough recorded history of this sailing',
  'no-forecast': 'Unknown: the history of this sailing is not on this device yet',
  'not-published': 'Unknown: BC Ferries does not publish car-deck space on this route',
};

/** "72% · likely", "0% · check-in closes at 2:50 pm, before you arrive", "Unknown: the car deck reading is 5 min old". */
export function chanceText(chance: SailingChance): string {
  if (chance.closed)
    return `0% · check-in closes at ${formatClockLower(Date.parse(chance.departureTime) - CHECKIN_CUTOFF_MINUTES * MINUTE)}, before you arrive`;
  if (chance.percent === null || chance.band === 'unknown') {
    if (chance.reason === 'stale-reading')
      return `Unknown: the car deck reading is ${chance.readingAgeMinutes ?? READING_MAX_AGE_MS / MINUTE} min old`;
    return CHANCE_UNKNOWN_TEXT[chance.reason ?? 'short-history'];
  }
  return `${chance.percent}% · ${CHANCE_BAND_WORD[chance.band]}`;
}

/**
 * "If you arrive between 2:35 pm and 2:50 pm", "If you arrive at 2:35 pm", "If you arrive now" (an
 * exact arrival within a minute of `now`), "From your place in the lane (12 cars ahead)".
 */
export function arrivalText(arrival: ChanceArrival, lane?: LanePlace | null, now?: number): string {
  if (lane) {
    const cars = Math.max(0, Math.floor(lane.carsAhead));
    return `From your place in the lane (${cars} ${cars === 1 ? 'car' : 'cars'} ahead)`;
  }
  const from = Math.min(arrival.earliest, arrival.latest);
  const to = Math.max(arrival.earliest, arrival.latest);
  if (to - from < MINUTE) {
    if (now !== undefined && Math.abs(arrival.at - now) < MINUTE) return 'If you arrive now';
    return `If you arrive at ${formatClockLower(arrival.at)}`;
  }
  return `If you arrive between ${formatClockLower(from)} and ${formatClockLower(to)}`;
}
