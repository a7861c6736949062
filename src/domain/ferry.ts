/**
 * The Ferry shape (rider-core §3) shared by the server's feed, the REST/WebSocket answers and the
 * client's local store, plus the pure figures the Next Ferry card derives from it.
 */
// zod/mini keeps the client's first-render bundle small; the schemas work the same on the server.
import { z } from 'zod/mini';

import { minutesUntil } from './countdown';
import { figureSourceSchema } from './sailing';

export const ferrySchema = z.object({
  id: z.string(),
  name: z.string(),
  route: z.string(),
  /** ISO timestamp of the vessel's next (or current, while loading) departure. */
  departureTime: z.string(),
  /** Passenger capacity. */
  capacity: z.int().check(z.nonnegative()),
  currentPassengers: z.int().check(z.nonnegative()),
  currentVehicles: z.int().check(z.nonnegative()),
  vehicleCapacity: z.int().check(z.nonnegative()),
  /** "docked" and "en_route" are the known states; anything else (e.g. "delayed") is shown as a problem. */
  status: z.string(),
  /** Speed over ground in knots. */
  speed: z.number().check(z.nonnegative()),
  /** Deckhand extensions (optional, beyond the spec's shape): route id, departure terminal id. */
  routeId: z.optional(z.string()),
  terminalId: z.optional(z.string()),
  /** Timetabled departure (ISO); departureTime differs from it by delayMinutes. */
  scheduledDepartureTime: z.optional(z.string()),
  /** Whole minutes departureTime is behind the timetable (0 = on time). */
  delayMinutes: z.optional(z.int().check(z.nonnegative())),
  /** Expected arrival (ISO): of the crossing under way (en_route), else of the coming departure. */
  arrivalTime: z.optional(z.string()),
  /** When cars start boarding for departureTime (ISO): the lane starts to move. */
  boardingStartTime: z.optional(z.string()),
  /** Vehicles waiting in the lanes for this route at the departure terminal (queue model, estimated). */
  vehiclesWaiting: z.optional(z.int().check(z.nonnegative())),
  /**
   * Sailings a car joining the lane now waits before boarding (0 = it boards this one; 3 = three or
   * more), from the queue model (src/domain/capacity.ts).
   */
  sailingWaits: z.optional(z.int().check(z.nonnegative())),
  /**
   * Where the entry's schedule and load came from and when (./sailing.ts): `simulator` for the
   * built-in simulator, `bcferries` when derived from the BC Ferries document. Absent on lists
   * stored before sources were named.
   */
  source: z.optional(figureSourceSchema),
  observedAt: z.optional(z.string()),
  /**
   * false when no source reported the load of the crossing the counts are for (a real source's
   * sailing that left before any fill was read for it): currentPassengers and currentVehicles are
   * then 0 placeholders, and nothing shows them as a load. Absent = reported (or modelled).
   */
  loadReported: z.optional(z.boolean()),
  /**
   * The load of the departure the entry announces (`departureTime` from `terminalId`) as its source
   * publishes it ("% full" counts the cars already checked in for it). It differs from the counts
   * above while the vessel crosses (they are the crossing under way's) and, in the simulator, at the
   * berth too (they are the cars aboard so far). Absent: at the berth the counts above are that
   * load; while the vessel crosses, no source reported one.
   */
  departureLoad: z.optional(
    z.object({
      passengers: z.int().check(z.nonnegative()),
      vehicles: z.int().check(z.nonnegative()),
    }),
  ),
});
export type Ferry = z.infer<typeof ferrySchema>;
export const ferryListSchema = z.array(ferrySchema);

/** Realtime channel messages (rider-core §7): "ferries" on connect, "ferry_update" on change. */
export const realtimeMessageSchema = z.object({
  type: z.string(),
  data: z.unknown(),
});
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;

/** Whole minutes from `now` until departure: the one countdown (./countdown.ts); 0 means boarding now. */
export function minutesUntilDeparture(ferry: Pick<Ferry, 'departureTime'>, now: number): number {
  return minutesUntil(ferry.departureTime, now) ?? 0;
}

export type FerryStatusTone = 'docked' | 'en_route' | 'destructive';
export function ferryStatusTone(status: string): FerryStatusTone {
  if (status === 'docked' || status === 'en_route') return status;
  return 'destructive';
}
