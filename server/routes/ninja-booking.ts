/**
 * Ninja Booking requests (membership §2, §3, §5, §7), for ninja, premium_plus and contributor riders
 * (403 membership_required otherwise; server/membership/tiers.ts).
 *
 * - GET /api/ninja-booking/requests → the caller's requests, newest first, with status
 *   (active | booked | expired | cancelled), attempts, last check and the booking once booked.
 * - POST /api/ninja-booking/requests {id (client UUID), …the spec's fields} → 201 the request,
 *   active, expiring 30 days after creation. A departure date before today is 422 `date_past`;
 *   auto-book without a booking provider 422 `auto_book_unavailable`; e-mail or SMS alerts without
 *   their transport (SMTP_URL, SMS_URL) 422 `email_unavailable` / `sms_unavailable`; a departure time
 *   that is none of the route's sailings that day (src/domain/ninja-sailing-times.ts) 422 `unknown_sailing`.
 *   Re-sending the same id answers the stored request; an id owned by another rider is 409.
 * - POST /api/ninja-booking/requests/:id/cancel → 200 the request, cancelled (an active one only;
 *   cancelling a cancelled one answers it again; a booked or expired one is 409).
 * The watcher engine (server/booking-agent/*) does the rest.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { localDateKey, NINJA_REQUEST_LIFETIME_MS, ninjaRoute, type NinjaRequestView } from '@/domain/ninja';
import { ninjaRequestInputSchema } from '@/domain/ninja-input';
import { ninjaSailingTimes } from '@/domain/ninja-sailing-times';
import type { Sailing } from '@/domain/sailing';
import type { Database } from '../db/client';
import { ninjaRequests, reservationBookings } from '../db/schema';
import { httpError, parseBody, parseParams } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { requireMembership } from '../membership/tiers';
import type { BookingProvider } from '../booking-agent/booking-provider';
import { liveChannels, type MessageTransports } from '../booking-agent/messages';

const idParamsSchema = z.object({ id: z.uuid() });

type Row = typeof ninjaRequests.$inferSelect;
type BookingRow = Pick<typeof reservationBookings.$inferSelect, 'departureTime' | 'successFee'>;

export function toNinjaView(row: Row, booking?: BookingRow | null): NinjaRequestView {
  return {
    id: row.id,
    route: row.route,
    departureDate: row.departureDate,
    departureTime: row.departureTime,
    returnDate: row.returnDate,
    returnTime: row.returnTime,
    vehicleType: row.vehicleType,
    vehicleLength: row.vehicleLength,
    passengerCount: row.passengerCount,
    maxServiceFee: row.maxServiceFee,
    isFlexible: row.isFlexible,
    flexibilityHours: row.flexibilityHours,
    priority: row.priority,
    autoBookEnabled: row.autoBookEnabled,
    notifyViaEmail: row.notifyViaEmail,
    notifyViaSms: row.notifyViaSms,
    contactEmail: row.contactEmail,
    status: row.status,
    currentAttempts: row.currentAttempts,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    booking: booking ? { departureTime: booking.departureTime.toISOString(), successFee: booking.successFee } : null,
  };
}

/** A re-sent id answers the stored request; an id another rider holds is 409. */
function storedRequest(row: Row, riderId: number): NinjaRequestView {
  if (row.userId !== riderId) throw httpError(409, 'conflict', 'This request id is taken; create the request with a new id');
  return toNinjaView(row);
}

export function registerNinjaBookingRoutes(
  api: FastifyInstance,
  deps: {
    database: Database;
    now?: () => number;
    booking: BookingProvider | null;
    transports: MessageTransports;
    feed?: { sailings(): readonly Pick<Sailing, 'routeId' | 'from' | 'scheduledDeparture' | 'status'>[] };
  },
): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  api.get('/ninja-booking/requests', async (request, reply) => {
    const rider = await requireMembership(deps, request, reply, 'ninjaBooking');
    const rows = await db
      .select({ request: ninjaRequests, booking: { departureTime: reservationBookings.departureTime, successFee: reservationBookings.successFee } })
      .from(ninjaRequests)
      .leftJoin(reservationBookings, eq(reservationBookings.requestId, ninjaRequests.id))
      .where(eq(ninjaRequests.userId, rider.id))
      .orderBy(desc(ninjaRequests.createdAt));
    return rows.map((r) => toNinjaView(r.request, r.booking));
  });

  api.post('/ninja-booking/requests', async (request, reply) => {
    const input = parseBody(ninjaRequestInputSchema, request.body);
    const rider = await requireMembership(deps, request, reply, 'ninjaBooking');
    const now = clock();
    const view = await commitWrite(deps.database, request, reply, 201, async (tx) => {
      const [existing] = await tx.select().from(ninjaRequests).where(eq(ninjaRequests.id, input.id)).limit(1);
      if (existing) return storedRequest(existing, rider.id);
      if (input.departureDate < localDateKey(now)) {
        throw httpError(422, 'date_past', 'The departure date has passed; choose today or a later date.');
      }
      // A chosen time is one of the route's sailings, by the rule the phone offers them with; a route
      // or day without any known sailing leaves the time as the rider wrote it.
      if (input.departureTime) {
        const { times } = ninjaSailingTimes(deps.feed?.sailings() ?? [], ninjaRoute(input.route), input.departureDate);
        if (times.length > 0 && !times.includes(input.departureTime)) {
          throw httpError(422, 'unknown_sailing', `No ${input.route} sailing leaves at ${input.departureTime}; choose one of the route's sailings: ${times.join(', ')}.`);
        }
      }
      // Nothing is accepted that cannot happen: auto-book needs a booking provider, each channel its transport.
      if (input.autoBookEnabled && !deps.booking) {
        throw httpError(422, 'auto_book_unavailable', 'Auto-book is not available: Deckhand alerts you to an opening and you book it yourself.');
      }
      const channels = liveChannels(deps.transports);
      if (input.notifyViaEmail && !channels.email) throw httpError(422, 'email_unavailable', 'E-mail alerts are not available on this server; you get alerts in the app.');
      if (input.notifyViaSms && !channels.sms) throw httpError(422, 'sms_unavailable', 'SMS alerts are not available on this server; you get alerts in the app.');
      // Insert-or-nothing in one statement: of many requests with one id, one inserts and the
      // others (waiting on its commit) insert nothing and answer the row it stored.
      const [row] = await tx
        .insert(ninjaRequests)
        .values({
          id: input.id,
          userId: rider.id,
          route: input.route,
          departureDate: input.departureDate,
          departureTime: input.departureTime || null,
          returnDate: input.returnDate || null,
          returnTime: input.returnTime || null,
          vehicleType: input.vehicleType,
          vehicleLength: input.vehicleLength ?? null,
          passengerCount: input.passengerCount,
          maxServiceFee: input.maxServiceFee,
          isFlexible: input.isFlexible,
          flexibilityHours: input.flexibilityHours,
          priority: input.priority,
          autoBookEnabled: input.autoBookEnabled,
          notifyViaEmail: input.notifyViaEmail,
          notifyViaSms: input.notifyViaSms,
          contactEmail: input.contactEmail || null,
          expiresAt: new Date(now + NINJA_REQUEST_LIFETIME_MS),
          createdAt: new Date(now),
        })
        .onConflictDoNothing({ target: ninjaRequests.id })
        .returning();
      if (row) return toNinjaView(row);
      const [stored] = await tx.select().from(ninjaRequests).where(eq(ninjaRequests.id, input.id)).limit(1);
      if (!stored) throw new Error('A ninja request id conflicted but no row holds it');
      return storedRequest(stored, rider.id);
    });
    return reply.send(view);
  });

  api.post('/ninja-booking/requests/:id/cancel', async (request, reply) => {
    const { id } = parseParams(idParamsSchema, request.params);
    const rider = await requireMembership(deps, request, reply, 'ninjaBooking');
    const [existing] = await db
      .select()
      .from(ninjaRequests)
      .where(and(eq(ninjaRequests.id, id), eq(ninjaRequests.userId, rider.id)))
      .limit(1);
    if (!existing) throw httpError(404, 'not_found', 'No such Ninja Booking request');
    if (existing.status === 'cancelled') return toNinjaView(existing);
    if (existing.status !== 'active') throw httpError(409, 'not_active', `This request is already ${existing.status}; only an active request can be cancelled.`);
    const view = await commitWrite(deps.database, request, reply, 200, async (tx) => {
      const [row] = await tx
        .update(ninjaRequests)
        .set({ status: 'cancelled' })
        .where(and(eq(ninjaRequests.id, id), eq(ninjaRequests.status, 'active')))
        .returning();
      if (!row) throw httpError(409, 'not_active', 'This request is no longer active.');
      return toNinjaView(row);
    });
    return reply.send(view);
  });
}
