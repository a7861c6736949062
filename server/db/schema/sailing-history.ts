/**
 * The recorded ferry feed: sailings, their observations, feed snapshots and weather records (server/history/).
 */
import { doublePrecision, index, integer, json, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The recorded history of the ferry feed, one row per sailing (src/domain/sailing.ts): its latest
 * figures, the car-deck fill over time before departure (`curve`: [minutes before the scheduled
 * departure, percent], at most one point per 5 minutes), when its car deck was first seen full, and,
 * once it has left, its final figures. Kept HISTORY_RETENTION_DAYS (server/history/). The forecasts
 * (src/domain/fill-forecast.ts) are made from it.
 */
export const recordedSailings = pgTable(
  'recorded_sailings',
  {
    sailingId: text('sailing_id').primaryKey(),
    routeId: text('route_id').notNull(),
    fromTerminal: text('from_terminal').notNull(),
    toTerminal: text('to_terminal').notNull(),
    scheduledDeparture: timestamp('scheduled_departure', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    vesselName: text('vessel_name'),
    status: text('status').notNull(),
    delayMinutes: integer('delay_minutes'),
    fill: doublePrecision('fill'),
    carFill: doublePrecision('car_fill'),
    oversizeFill: doublePrecision('oversize_fill'),
    lastObservedAt: timestamp('last_observed_at', { withTimezone: true }).notNull(),
    curve: jsonb('curve').$type<Array<[number, number]>>().notNull().default([]),
    fullAt: timestamp('full_at', { withTimezone: true }),
    departedAt: timestamp('departed_at', { withTimezone: true }),
    finalFill: doublePrecision('final_fill'),
    finalCarFill: doublePrecision('final_car_fill'),
    finalOversizeFill: doublePrecision('final_oversize_fill'),
  },
  (t) => [
    index('recorded_sailings_route_idx').on(t.routeId, t.fromTerminal, t.scheduledDeparture),
    index('recorded_sailings_departure_idx').on(t.scheduledDeparture),
  ],
);

/**
 * Every observation of a sailing whose figures (status, delay, fills, vessel) differed from the one
 * before: a feed that repeats itself every few seconds adds no rows.
 */
export const sailingObservations = pgTable(
  'sailing_observations',
  {
    id: serial('id').primaryKey(),
    sailingId: text('sailing_id').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    status: text('status').notNull(),
    delayMinutes: integer('delay_minutes'),
    fill: doublePrecision('fill'),
    carFill: doublePrecision('car_fill'),
    oversizeFill: doublePrecision('oversize_fill'),
    vesselName: text('vessel_name'),
  },
  (t) => [
    index('sailing_observations_sailing_idx').on(t.sailingId, t.observedAt),
    index('sailing_observations_observed_idx').on(t.observedAt),
  ],
);

/**
 * The latest data of each polled feed source (server/feed/shared-source.ts): with several instances
 * on PostgreSQL one of them polls a source and writes what it read here; the others serve it.
 */
export const feedSnapshots = pgTable('feed_snapshots', {
  source: text('source').primaryKey(),
  // json, not jsonb: followers serve the leader's lists as written (jsonb would reorder their keys).
  sailings: json('sailings').$type<unknown[]>(),
  vessels: json('vessels').$type<unknown[]>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Will it sail, recorded: for every sailing the weather level covered, the forecast that stood
 * before it (updated until it departs) and what happened (sailed or cancelled), so the thresholds of
 * src/domain/weather-risk.ts can be fitted and the level's accuracy measured
 * (server/weather/weather-record-repository.ts).
 */
export const sailingWeatherRecords = pgTable(
  'sailing_weather_records',
  {
    sailingId: text('sailing_id').primaryKey(),
    routeId: text('route_id').notNull(),
    scheduledDeparture: timestamp('scheduled_departure', { withTimezone: true }).notNull(),
    level: text('level').notNull(),
    knots: integer('knots'),
    reason: text('reason'),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    forecastIssuedAt: timestamp('forecast_issued_at', { withTimezone: true }),
    /** When the level was last noted (the last before departure is the one that stood). */
    notedAt: timestamp('noted_at', { withTimezone: true }).notNull(),
    /** 'sailed' or 'cancelled' once known. */
    outcome: text('outcome'),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
  },
  (t) => [index('sailing_weather_records_departure_idx').on(t.scheduledDeparture)],
);
