/**
 * The booking boundary of Ninja Booking (membership §2 "auto-book"; DESIGN.md "nothing pretends").
 *
 * Deckhand finds openings on its own; booking one needs someone who can make a reservation and take
 * the rider's payment. A BookingProvider is that someone. It is chosen by BOOKING_PROVIDER:
 * - `none` (the default): no provider. Auto-book is not offered (the request route refuses it with
 *   422 `auto_book_unavailable`, the form does not show it) and the watcher never books: it alerts
 *   the rider, who books the opening themselves.
 * - `simulator`: the built-in reservation simulator (server/feed/reservations.ts), for tests and
 *   demos. `simulated` is true, and every screen and alert says so: its "bookings" are rows in
 *   Deckhand's own table, not reservations, and the success fee is recorded, never charged.
 * A real provider implements `reserve` against the operator's booking system (and a payment method
 * saved with it) and adds its name to BOOKING_PROVIDER.
 */
import type { Db } from '../db/db-handle';
import { reservationBookings } from '../db/schema';

export interface Reservation {
  requestId: string;
  userId: number;
  sailingId: string;
  pool: string;
  passengers: number;
  departureTime: Date;
  /** Dollars, 2 decimals. */
  successFee: string;
}

export interface BookingProvider {
  /** Shown to riders, e.g. "the Deckhand simulator". */
  name: string;
  /** True when bookings are not real reservations (the simulator). */
  simulated: boolean;
  /**
   * Reserves the space inside the watcher's transaction (which holds the sailing's lock and has
   * recounted its bookings); throws when the provider refuses, which rolls the booking back.
   */
  reserve(tx: Db, reservation: Reservation): Promise<void>;
}

export const simulatorBookingProvider: BookingProvider = {
  name: 'the Deckhand simulator',
  simulated: true,
  async reserve(tx, reservation) {
    await tx.insert(reservationBookings).values(reservation);
  },
};

export function bookingProviderFromConfig(config: { BOOKING_PROVIDER: 'none' | 'simulator' }): BookingProvider | null {
  return config.BOOKING_PROVIDER === 'simulator' ? simulatorBookingProvider : null;
}

/** What GET /api/services tells the app about booking: null when nobody can book. */
export function bookingService(provider: BookingProvider | null): { name: string; simulated: boolean } | null {
  return provider ? { name: provider.name, simulated: provider.simulated } : null;
}
