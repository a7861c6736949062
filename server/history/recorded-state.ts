/**
 * What the history keeps of one sailing, and how one observation changes it: a pure function, so
 * the recorder (./sailing-recorder.ts, on the database) and the backtest (bench/forecast-backtest.ts,
 * in memory) record the same thing.
 *
 * - Its latest figures (status, delay, fill, car-deck fill, oversize fill, vessel);
 * - its car-deck fill over time before departure (`curve`: [minutes before the scheduled departure,
 *   percent], one point per CURVE_STEP_MIN, observations earlier than CURVE_SPAN_MIN counting as
 *   that point);
 * - when its car deck was first seen full before departure;
 * - once it has left (status departed or arrived), when, and its final figures (the ones it left
 *   with, or the last known before).
 * A cancelled sailing keeps its status and no curve.
 */
import type { FillHistoryEntry } from '@/domain/fill-forecast';
import type { Sailing } from '@/domain/sailing';

const MINUTE = 60_000;
export const CURVE_STEP_MIN = 5;
export const CURVE_SPAN_MIN = 24 * 60;

export type Curve = Array<[number, number]>;

export interface RecordedState {
  /** The figures that count as a change, as one string (see `sailingFigures`). */
  figures: string;
  depMs: number;
  status: Sailing['status'];
  carFill: number | null;
  fill: number | null;
  oversizeFill: number | null;
  curve: Curve;
  fullAt: number | null;
  departedAt: number | null;
  finalCarFill: number | null;
  finalFill: number | null;
  finalOversizeFill: number | null;
}

/** What counts as a change: status, delay, the three fills and the vessel. */
export function sailingFigures(
  s: Pick<Sailing, 'status' | 'delayMinutes' | 'fill' | 'carFill' | 'oversizeFill' | 'vesselName'>,
): string {
  return JSON.stringify([
    s.status,
    s.delayMinutes ?? null,
    s.fill ?? null,
    s.carFill ?? null,
    s.oversizeFill ?? null,
    s.vesselName ?? null,
  ]);
}

/** A sailing worth recording: it carries a figure beyond its timetable entry. */
export function hasFigures(s: Sailing): boolean {
  return (
    s.status !== 'scheduled' ||
    s.fill !== undefined ||
    s.carFill !== undefined ||
    s.oversizeFill !== undefined ||
    (s.delayMinutes ?? 0) !== 0
  );
}

/** The curve with the point of `carFill` observed at `observedMs`. */
export function addCurvePoint(curve: Curve, depMs: number, observedMs: number, carFill: number): Curve {
  const minutesBefore = (depMs - observedMs) / MINUTE;
  if (minutesBefore < 0) return curve;
  const bucket = Math.min(CURVE_SPAN_MIN, Math.floor(minutesBefore / CURVE_STEP_MIN) * CURVE_STEP_MIN);
  return [...curve.filter(([m]) => m !== bucket), [bucket, carFill] as [number, number]].sort((a, b) => b[0] - a[0]);
}

const left = (status: Sailing['status']) => status === 'departed' || status === 'arrived';

/**
 * The state after observing `s`, or undefined when its figures did not change (nothing to record).
 * `finalized` is true when this observation is the first that saw it leave.
 */
export function observeSailing(
  before: RecordedState | undefined,
  s: Sailing,
): { state: RecordedState; finalized: boolean } | undefined {
  const figures = sailingFigures(s);
  if (before?.figures === figures) return undefined;
  const depMs = Date.parse(s.scheduledDeparture);
  const observedMs = Date.parse(s.observedAt);
  if (Number.isNaN(depMs) || Number.isNaN(observedMs)) return undefined;
  const carFill = s.carFill ?? null;
  const state: RecordedState = {
    figures,
    depMs,
    status: s.status,
    carFill,
    fill: s.fill ?? null,
    oversizeFill: s.oversizeFill ?? null,
    curve: before?.curve ?? [],
    fullAt: before?.fullAt ?? null,
    departedAt: before?.departedAt ?? null,
    finalCarFill: before?.finalCarFill ?? null,
    finalFill: before?.finalFill ?? null,
    finalOversizeFill: before?.finalOversizeFill ?? null,
  };
  if (!left(s.status) && s.status !== 'cancelled' && carFill !== null) {
    state.curve = addCurvePoint(state.curve, depMs, observedMs, carFill);
    if (state.fullAt === null && carFill >= 100) state.fullAt = observedMs;
  }
  let finalized = false;
  if (left(s.status) && state.departedAt === null) {
    const expected = s.expectedDeparture ? Date.parse(s.expectedDeparture) : NaN;
    state.departedAt = Number.isNaN(expected) ? observedMs : expected;
    state.finalCarFill = carFill ?? before?.carFill ?? null;
    state.finalFill = s.fill ?? before?.fill ?? null;
    state.finalOversizeFill = s.oversizeFill ?? before?.oversizeFill ?? null;
    finalized = true;
  }
  return { state, finalized };
}

/** The sailing as the forecast reads it, once it has left with a known car-deck fill. */
export function historyEntry(
  sailing: Pick<Sailing, 'routeId' | 'from' | 'scheduledDeparture'>,
  state: Pick<RecordedState, 'status' | 'finalCarFill' | 'fullAt' | 'curve'>,
): FillHistoryEntry | undefined {
  if (state.finalCarFill === null || state.status === 'cancelled') return undefined;
  return {
    routeId: sailing.routeId,
    from: sailing.from,
    scheduledDeparture: sailing.scheduledDeparture,
    finalCarFill: state.finalCarFill,
    ...(state.fullAt === null ? {} : { fullAt: new Date(state.fullAt).toISOString() }),
    curve: state.curve,
  };
}
