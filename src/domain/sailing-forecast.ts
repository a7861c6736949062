/**
 * What the server forecasts for an upcoming sailing (today and the next 7 days) from the recorded
 * history of the same route, weekday and departure time, and how accurate such forecasts have been.
 * The answer of `GET /api/forecasts` and the shape stored on the device. With too little history the
 * forecast says so (`status: "insufficient-history"`) and carries no number.
 */
import { z } from 'zod/mini';

export const forecastAccuracySchema = z.object({
  /** Window the accuracy was measured over, in weeks (e.g. 4: "last 4 weeks"). */
  weeks: z.int().check(z.minimum(1)),
  /** Forecasts checked against what happened in that window. */
  checked: z.int().check(z.minimum(0)),
  /** Of those, how many were within 10 points of the car-deck fill at departure. */
  withinTenPoints: z.int().check(z.minimum(0)),
  /** Mean absolute error of the car-deck fill at departure, in points. */
  meanAbsoluteError: z.number().check(z.minimum(0)),
  /** Brier score of "fills up before departure" (0 best, 1 worst). */
  brier: z.number().check(z.minimum(0), z.maximum(1)),
});
export type ForecastAccuracy = z.infer<typeof forecastAccuracySchema>;

/**
 * How the similar sailings a forecast rests on filled before they left: each one's car-deck fill
 * (whole percent; null before its first reading) at each of `minutesBefore` (the checkpoints of
 * src/domain/fill-forecast.ts FILL_CURVE_CHECKPOINTS), with its weight. The sailing chance
 * (src/domain/sailing-chance.ts) reads them, on the server and on the device offline.
 */
export const fillCurvesSchema = z.object({
  minutesBefore: z.array(z.int().check(z.minimum(0))),
  sailings: z.array(
    z.object({
      weight: z.number().check(z.minimum(0)),
      fills: z.array(z.nullable(z.number().check(z.minimum(0), z.maximum(100)))),
    }),
  ),
});
export type FillCurves = z.infer<typeof fillCurvesSchema>;

export const sailingForecastSchema = z.object({
  /** The sailing's id (src/domain/sailing.ts `sailingId`). */
  sailingId: z.string(),
  routeId: z.string(),
  from: z.string(),
  /** Arrival terminal (optional: added with the projected sailings; older servers leave it out). */
  to: z.optional(z.string()),
  scheduledDeparture: z.string(),
  /**
   * Set when no source lists the sailing yet and its time is projected from the timetable recorded
   * on past days of the same weekday (src/domain/projected-timetable.ts): on how many of them.
   */
  timetableRecordedOn: z.optional(z.int().check(z.minimum(1))),
  status: z.enum(['ok', 'insufficient-history']),
  /** Expected car-deck fill at departure, percent (absent with too little history). */
  expectedCarFill: z.optional(z.number().check(z.minimum(0), z.maximum(100))),
  /** Chance (0-1) the car deck fills before departure. */
  fillChance: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  /** Typical minutes before departure at which similar sailings were full (absent when they seldom fill). */
  usuallyFullMinutesBefore: z.optional(z.int().check(z.minimum(0))),
  /** How many recorded similar sailings the forecast rests on ("from 7 similar sailings"). */
  basisCount: z.int().check(z.minimum(0)),
  /** True when today's filling pace so far adjusted the forecast. */
  adjustedByPace: z.optional(z.boolean()),
  /** How its similar sailings filled before they left (absent with too little history). */
  fillCurves: z.optional(fillCurvesSchema),
  /** Accuracy of the forecast over the recorded history; absent until enough has been checked. */
  accuracy: z.optional(forecastAccuracySchema),
  /** When the forecast was computed (ISO instant). */
  computedAt: z.string(),
});
export type SailingForecast = z.infer<typeof sailingForecastSchema>;
export const sailingForecastListSchema = z.array(sailingForecastSchema);

/** Forecasts cover today and this many days after it. */
export const FORECAST_DAYS = 7;
