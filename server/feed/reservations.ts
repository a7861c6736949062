/**
 * Reservations in the simulated ferry world (DESIGN.md "Honest data"), a pure function of the clock
 * like ./simulator.ts: every instance and every test sees the same spaces at the same minute.
 *
 * Per sailing and per space pool (standard, oversized and motorcycle vehicle spaces, passengers):
 * - a share of the vessel is reservable; bookings made ahead fill it (most sailings sell out);
 * - over the last RESERVATION_WINDOW_MS before the cut-off, reservations are cancelled one at a time
 *   at fixed minutes, each freeing one space; about half of those spaces are taken again by someone
 *   else a while later (so a space can open, close and open again);
 * - at the cut-off (RESERVATION_CUTOFF_MS before the scheduled departure) unredeemed reservations are
 *   released; at departure every space is gone.
 * Spaces Deckhand itself books are subtracted by the caller (server/booking-agent/availability.ts).
 */
import type { SpacePool } from '@/domain/ninja';
import { routeById } from '@/domain/terminals';

import type { LocalDay } from './local-time';
import { hash01, hashInt } from './seeded-random';
import { ROTATIONS, vesselSailingsOn, type ScheduledSailing } from './timetable';

const MINUTE = 60_000;
/** Reserved vehicles must check in this long before departure; unredeemed spaces are released then. */
export const RESERVATION_CUTOFF_MS = 30 * MINUTE;
/** Cancellations happen over the day before the cut-off. */
export const RESERVATION_WINDOW_MS = 24 * 60 * MINUTE;
/** A cancelled space someone else takes again is taken 10-120 minutes after it was freed. */
const RETAKE_MIN_MINUTES = 10;
const RETAKE_MAX_MINUTES = 120;
/** Share of sailings whose reservable vehicle spaces are sold out ahead of the day. */
const SOLD_OUT_SHARE = 0.75;

export type ReservationPool = SpacePool | 'passenger';
function reservable(s: ScheduledSailing, pool: ReservationPool): number {
  switch (pool) {
    case 'standard':
      return Math.round(s.vessel.vehicleCapacity * 0.55);
    case 'oversized':
      return Math.max(4, Math.round(s.vessel.vehicleCapacity * 0.08));
    case 'motorcycle':
      return Math.max(3, Math.round(s.vessel.vehicleCapacity * 0.03));
    case 'passenger':
      return Math.round(s.vessel.passengerCapacity * 0.5);
  }
}

/** Spaces still free once the bookings made ahead are in. */
function freeAhead(s: ScheduledSailing, pool: ReservationPool): number {
  const total = reservable(s, pool);
  if (pool === 'passenger') return Math.round(total * (0.05 + hash01('pax-free', s.id) * 0.4));
  if (hash01('sold-out', s.id, pool) < SOLD_OUT_SHARE) return 0;
  return hashInt(1, Math.max(1, Math.round(total * 0.15)), 'free-ahead', s.id, pool);
}

export interface ReservationEvent {
  atMs: number;
  /** +1 a space freed (cancellation, release), -1 a freed space taken again. */
  change: number;
}

/** The day's reservation changes of one pool, in time order (deterministic per sailing). */
export function reservationEvents(s: ScheduledSailing, pool: ReservationPool): ReservationEvent[] {
  const cutoff = s.scheduledMs - RESERVATION_CUTOFF_MS;
  const start = cutoff - RESERVATION_WINDOW_MS;
  const events: ReservationEvent[] = [];
  const cancellations = pool === 'standard' ? hashInt(3, 8, 'cancels', s.id) : hashInt(1, 3, 'cancels', s.id, pool);
  for (let k = 0; k < cancellations; k += 1) {
    const atMs = start + Math.floor((hash01('cancel-at', s.id, pool, k) * RESERVATION_WINDOW_MS) / MINUTE) * MINUTE;
    events.push({ atMs, change: 1 });
    if (hash01('retaken', s.id, pool, k) < 0.5) {
      const retakeMs = atMs + hashInt(RETAKE_MIN_MINUTES, RETAKE_MAX_MINUTES, 'retake-at', s.id, pool, k) * MINUTE;
      if (retakeMs < cutoff) events.push({ atMs: retakeMs, change: -1 });
    }
  }
  const released = hashInt(0, Math.max(1, Math.round(reservable(s, pool) * 0.05)), 'no-shows', s.id, pool);
  if (released > 0) events.push({ atMs: cutoff, change: released });
  return events.sort((a, b) => a.atMs - b.atMs || b.change - a.change);
}

/** Free reservable spaces of `pool` on sailing `s` at instant `t` (0 once it has departed). */
export function spacesAt(s: ScheduledSailing, pool: ReservationPool, t: number): number {
  if (t >= s.scheduledMs) return 0;
  let free = freeAhead(s, pool);
  for (const event of reservationEvents(s, pool)) {
    if (event.atMs > t) break;
    free = Math.max(0, free + event.change);
  }
  return Math.min(free, reservable(s, pool));
}

export interface SailingSpaces {
  sailingId: string;
  routeId: string;
  from: string;
  to: string;
  departureTime: string;
  localMinute: number;
  vehicleSpaces: Record<SpacePool, number>;
  passengerSpaces: number;
}

export function sailingSpaces(s: ScheduledSailing, t: number): SailingSpaces {
  return {
    sailingId: s.id,
    routeId: s.routeId,
    from: s.from,
    to: s.to,
    departureTime: new Date(s.scheduledMs).toISOString(),
    localMinute: s.localMinute,
    vehicleSpaces: {
      standard: spacesAt(s, 'standard', t),
      oversized: spacesAt(s, 'oversized', t),
      motorcycle: spacesAt(s, 'motorcycle', t),
    },
    passengerSpaces: spacesAt(s, 'passenger', t),
  };
}

/** The timetabled sailings of a route on a local day (from `from` only, when given), in departure order. */
export function sailingsOfRoute(routeId: string, day: LocalDay, from?: string): ScheduledSailing[] {
  const rotation = ROTATIONS.find((r) => r.routeId === routeId);
  if (!rotation || !routeById(routeId)) return [];
  return rotation.vesselIds
    .flatMap((_, index) => vesselSailingsOn(rotation, index, day))
    .filter((s) => from === undefined || s.from === from)
    .sort((a, b) => a.scheduledMs - b.scheduledMs);
}
