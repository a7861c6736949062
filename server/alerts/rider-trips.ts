/**
 * The rider's trip as the server knows it: the planned sailing of each rider, from what they have told
 * the server (the trip alerts, src/domain/trip-alerts.ts):
 * - an active arrival timer: its ferryId is the sailing's id (what the arrival timer's picker sends),
 *   or the vessel's id with the sailing's departure (scheduled, or expected with its delay) as its
 *   target; the rider leaves at its alarm time with its travel time;
 * - an active away session: the vessel's first sailing departing (expected, else scheduled) at or after
 *   the session started; the rider's car is already in the lane;
 * - a Ninja Booking booked: the sailing Deckhand booked for them (reservation_bookings).
 * The departure calculator is a what-if on the device and tells the server nothing: a rider who means
 * to take the sailing it names sets an arrival timer for it.
 *
 * Bounded: active timers and sessions (one of each per rider), bookings of sailings still to come.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';

import type { Sailing } from '@/domain/sailing';
import { arrivalAfterDrive, arrivalAt, type ChanceArrival } from '@/domain/sailing-chance';

import type { Database } from '../db/client';
import { arrivalTimers, awaySessions, ninjaRequests, reservationBookings } from '../db/schema';

const MINUTE = 60_000;

export type TripPlan = 'timer' | 'away' | 'ninja';

export interface RiderTrip {
  userId: number;
  sailing: Sailing;
  plan: TripPlan;
  /** When the rider's car reaches the terminal (the chance's arrival), when the plan says. */
  arrival?: ChanceArrival;
}

export const tripDeparture = (s: Sailing) => Date.parse(s.expectedDeparture ?? s.scheduledDeparture);

/** Every rider's planned sailing among `sailings` (a rider may have one per plan). */
export async function riderTrips(database: Database, sailings: readonly Sailing[], now: Date): Promise<RiderTrip[]> {
  const [timers, sessions, bookings] = await Promise.all([
    database.db
      .select({
        userId: arrivalTimers.userId,
        ferryId: arrivalTimers.ferryId,
        targetDeparture: arrivalTimers.targetDeparture,
        alarmTime: arrivalTimers.alarmTime,
        travelTime: arrivalTimers.travelTime,
      })
      .from(arrivalTimers)
      .where(eq(arrivalTimers.status, 'active')),
    database.db
      .select({ userId: awaySessions.userId, ferryId: awaySessions.ferryId, createdAt: awaySessions.createdAt })
      .from(awaySessions)
      .where(eq(awaySessions.status, 'active')),
    database.db
      .select({ userId: reservationBookings.userId, sailingId: reservationBookings.sailingId })
      .from(reservationBookings)
      .innerJoin(ninjaRequests, eq(ninjaRequests.id, reservationBookings.requestId))
      .where(
        and(
          gt(reservationBookings.departureTime, new Date(now.getTime() - 2 * 60 * MINUTE)),
          inArray(ninjaRequests.status, ['booked']),
        ),
      ),
  ]);
  const byId = new Map(sailings.map((s) => [s.id, s]));
  const trips: RiderTrip[] = [];
  for (const timer of timers) {
    const target = timer.targetDeparture?.getTime();
    const sailing =
      byId.get(timer.ferryId) ??
      (target === undefined
        ? undefined
        : sailings.find(
            (s) =>
              s.vesselId === timer.ferryId &&
              target >= Date.parse(s.scheduledDeparture) - MINUTE &&
              target <= tripDeparture(s) + MINUTE,
          ));
    if (sailing)
      trips.push({
        userId: timer.userId,
        sailing,
        plan: 'timer',
        arrival: arrivalAfterDrive(timer.alarmTime.getTime(), timer.travelTime),
      });
  }
  for (const session of sessions) {
    const started = session.createdAt.getTime();
    const own = sailings
      .filter((s) => s.vesselId === session.ferryId && tripDeparture(s) >= started)
      .sort((a, b) => tripDeparture(a) - tripDeparture(b))[0];
    if (own) trips.push({ userId: session.userId, sailing: own, plan: 'away', arrival: arrivalAt(started) });
  }
  for (const booking of bookings) {
    const sailing = byId.get(booking.sailingId);
    if (sailing) trips.push({ userId: booking.userId, sailing, plan: 'ninja' });
  }
  return trips;
}
