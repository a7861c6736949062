/**
 * Free reservable spaces as riders and the watcher see them: the simulator's spaces
 * (server/feed/reservations.ts) minus the spaces Deckhand itself booked (reservation_bookings).
 * Answered for a route direction on a local day; also behind GET /api/sailings/availability.
 */
import { inArray, sql } from 'drizzle-orm';

import type { SpacePool } from '@/domain/ninja';

import type { Db } from '../db/db-handle';
import { reservationBookings } from '../db/schema';
import type { LocalDay } from '../feed/local-time';
import { sailingsOfRoute, sailingSpaces, type SailingSpaces } from '../feed/reservations';
import type { ScheduledSailing } from '../feed/timetable';

export interface Booked {
  vehicles: Map<string, number>;
  passengers: Map<string, number>;
}

const poolKey = (sailingId: string, pool: SpacePool | string) => `${sailingId}|${pool}`;

/** Spaces Deckhand booked on these sailings, by sailing and pool, and passengers by sailing. */
export async function bookedOn(db: Db, sailingIds: readonly string[]): Promise<Booked> {
  const booked: Booked = { vehicles: new Map(), passengers: new Map() };
  if (sailingIds.length === 0) return booked;
  const rows = await db
    .select({
      sailingId: reservationBookings.sailingId,
      pool: reservationBookings.pool,
      count: sql<number>`count(*)::int`,
      passengers: sql<number>`sum(${reservationBookings.passengers})::int`,
    })
    .from(reservationBookings)
    .where(inArray(reservationBookings.sailingId, [...sailingIds]))
    .groupBy(reservationBookings.sailingId, reservationBookings.pool);
  for (const row of rows) {
    booked.vehicles.set(poolKey(row.sailingId, row.pool), row.count);
    booked.passengers.set(row.sailingId, (booked.passengers.get(row.sailingId) ?? 0) + row.passengers);
  }
  return booked;
}

/**
 * The simulator's spaces of `s` at `t` less what Deckhand booked. `cache` (one per pass, for one `t`)
 * keeps the simulator's answer per sailing: a pass asks about the same sailings for many requests.
 */
export function freeSpaces(
  s: ScheduledSailing,
  t: number,
  booked: Booked,
  cache?: Map<string, SailingSpaces>,
): SailingSpaces {
  let raw = cache?.get(s.id);
  if (!raw) {
    raw = sailingSpaces(s, t);
    cache?.set(s.id, raw);
  }
  const less = (pool: SpacePool) =>
    Math.max(0, raw.vehicleSpaces[pool] - (booked.vehicles.get(poolKey(s.id, pool)) ?? 0));
  return {
    ...raw,
    vehicleSpaces: { standard: less('standard'), oversized: less('oversized'), motorcycle: less('motorcycle') },
    passengerSpaces: Math.max(0, raw.passengerSpaces - (booked.passengers.get(s.id) ?? 0)),
  };
}

/** Every sailing of the route direction on `day` with its free spaces at `t`. */
export async function routeAvailability(
  db: Db,
  routeId: string,
  day: LocalDay,
  t: number,
  from?: string,
): Promise<SailingSpaces[]> {
  const sailings = sailingsOfRoute(routeId, day, from);
  const booked = await bookedOn(
    db,
    sailings.map((s) => s.id),
  );
  return sailings.map((s) => freeSpaces(s, t, booked));
}
