/**
 * The weather level's record (`sailing_weather_records`): for every sailing a forecast covered, the
 * level and the forecast that stood before it, and whether it sailed, so the thresholds of
 * src/domain/weather-risk.ts can be fitted and the level scored (Brier, AUC against the base
 * cancellation rate) once enough history exists.
 *
 * - `noteLevels` writes the levels of sailings that have not departed yet: a later note replaces an
 *   earlier one, so the row holds the last forecast before departure; a sailing already departed or
 *   with an outcome is left as it was.
 * - `noteOutcomes` sets the outcome of recorded sailings the feed shows cancelled, departed or
 *   arrived (once: an outcome is never rewritten).
 */
import { and, count, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';

import type { Sailing } from '@/domain/sailing';
import {
  scoreWeatherLevels,
  WEATHER_ACCURACY_MIN_CANCELLATIONS,
  WEATHER_ACCURACY_MIN_SAILINGS,
  type SailingWeatherRisk,
  type WeatherAccuracy,
  type WeatherLevel,
} from '@/domain/weather-risk';

import type { Database } from '../db/client';
import { sailingWeatherRecords } from '../db/schema';

const CHUNK = 500;

export async function noteLevels(
  database: Database,
  risks: ReadonlyArray<SailingWeatherRisk & { scheduledDeparture: string }>,
  now: number,
): Promise<void> {
  const rows = risks
    .filter((r) => r.covered && Date.parse(r.scheduledDeparture) > now)
    .map((r) => ({
      sailingId: r.sailingId,
      routeId: r.routeId,
      scheduledDeparture: new Date(r.scheduledDeparture),
      level: r.level,
      knots: r.knots === undefined ? null : Math.round(r.knots),
      reason: r.reason ?? null,
      warnings: r.warnings,
      forecastIssuedAt: r.forecastIssuedAt ? new Date(r.forecastIssuedAt) : null,
      notedAt: new Date(now),
    }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await database.db
      .insert(sailingWeatherRecords)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: sailingWeatherRecords.sailingId,
        set: {
          level: sql`excluded.level`,
          knots: sql`excluded.knots`,
          reason: sql`excluded.reason`,
          warnings: sql`excluded.warnings`,
          forecastIssuedAt: sql`excluded.forecast_issued_at`,
          notedAt: sql`excluded.noted_at`,
        },
        setWhere: and(
          isNull(sailingWeatherRecords.outcome),
          gt(sailingWeatherRecords.scheduledDeparture, new Date(now)),
        ),
      });
  }
}

export async function noteOutcomes(database: Database, sailings: readonly Sailing[], now: number): Promise<number> {
  const settled = sailings.filter((s) => s.status === 'cancelled' || s.status === 'departed' || s.status === 'arrived');
  let written = 0;
  for (const outcome of ['cancelled', 'sailed'] as const) {
    const ids = settled.filter((s) => (s.status === 'cancelled') === (outcome === 'cancelled')).map((s) => s.id);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const done = await database.db
        .update(sailingWeatherRecords)
        .set({ outcome, outcomeAt: new Date(now) })
        .where(
          and(inArray(sailingWeatherRecords.sailingId, ids.slice(i, i + CHUNK)), isNull(sailingWeatherRecords.outcome)),
        )
        .returning({ id: sailingWeatherRecords.sailingId });
      written += done.length;
    }
  }
  return written;
}

/** The level's accuracy on the recorded sailings with an outcome; figures only past the minimum history. */
export async function weatherAccuracy(database: Database): Promise<WeatherAccuracy> {
  const [totals] = await database.db
    .select({
      recorded: count(),
      cancelled: sql<number>`count(*) filter (where ${sailingWeatherRecords.outcome} = 'cancelled')`.mapWith(Number),
    })
    .from(sailingWeatherRecords)
    .where(isNotNull(sailingWeatherRecords.outcome));
  const recordedSailings = totals?.recorded ?? 0;
  const cancelledSailings = totals?.cancelled ?? 0;
  const accuracy: WeatherAccuracy = {
    recordedSailings,
    cancelledSailings,
    neededSailings: WEATHER_ACCURACY_MIN_SAILINGS,
    neededCancellations: WEATHER_ACCURACY_MIN_CANCELLATIONS,
  };
  if (recordedSailings < WEATHER_ACCURACY_MIN_SAILINGS || cancelledSailings < WEATHER_ACCURACY_MIN_CANCELLATIONS)
    return accuracy;
  const rows = await database.db
    .select({ level: sailingWeatherRecords.level, outcome: sailingWeatherRecords.outcome })
    .from(sailingWeatherRecords)
    .where(isNotNull(sailingWeatherRecords.outcome));
  const scored = scoreWeatherLevels(
    rows.map((r) => ({ level: r.level as WeatherLevel, cancelled: r.outcome === 'cancelled' })),
  );
  return { ...accuracy, brier: scored.brier, baseRateBrier: scored.baseRateBrier, auc: scored.auc };
}

/** One sailing's record (tests and the accuracy's inspection). */
export async function weatherRecordOf(database: Database, sailingId: string) {
  const [row] = await database.db
    .select()
    .from(sailingWeatherRecords)
    .where(eq(sailingWeatherRecords.sailingId, sailingId));
  return row;
}
