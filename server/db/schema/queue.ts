/**
 * The queue: terminal layouts, lane geometry and riders' queue positions.
 */
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import type { LatLng } from '../../../src/domain/lane-geometry';
import { routes, terminals } from './reference';
import { users } from './riders';

/** A terminal's entrance and ticket booth (deep links, the GPS fallback, camera frames). */
export const terminalLayouts = pgTable('terminal_layouts', {
  terminalId: text('terminal_id')
    .primaryKey()
    .references(() => terminals.id),
  entrance: jsonb('entrance').$type<LatLng>().notNull(),
  booth: jsonb('booth').$type<LatLng>().notNull(),
});

/** One vehicle lane as a polyline, front (booth end) first; a route's lanes fill in laneNumber order. */
export const terminalLanes = pgTable(
  'terminal_lanes',
  {
    id: text('id').primaryKey(),
    terminalId: text('terminal_id')
      .notNull()
      .references(() => terminals.id),
    routeId: text('route_id')
      .notNull()
      .references(() => routes.id),
    laneNumber: integer('lane_number').notNull(),
    points: jsonb('points').$type<LatLng[]>().notNull(),
  },
  (t) => [index('terminal_lanes_terminal_idx').on(t.terminalId)],
);

/**
 * The rider's latest GPS fix in a lane (one row per user). The position itself is recomputed from it
 * with the current camera counts whenever it is read, so it follows the queue as cars board.
 */
export const queuePositions = pgTable('queue_positions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  terminalId: text('terminal_id').notNull(),
  laneId: text('lane_id').notNull(),
  gpsLat: doublePrecision('gps_lat').notNull(),
  gpsLng: doublePrecision('gps_lng').notNull(),
  gpsAccuracy: doublePrecision('gps_accuracy'),
  /** Set by a verified photo of this very fix; a new fix clears it. */
  verified: boolean('verified').notNull().default(false),
  /** When the GPS fix was taken: the position's lastUpdated; 3 hours later the position ends. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The sailing the car was expected to board when the fix was taken (its vessel and departure);
   * once it has left the position ends: a position belongs to one visit. Null when none was known.
   */
  sailingFerryId: text('sailing_ferry_id'),
  sailingDepartureAt: timestamp('sailing_departure_at', { withTimezone: true }),
});
