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
import type { FastifyInstance } from 'fastify';

import { cancelNinjaRequest, createNinjaRequest, listNinjaRequests } from '@/domain/contracts/ninja-booking';
import { localDateKey, NINJA_REQUEST_LIFETIME_MS, ninjaRoute } from '@/domain/ninja';
import { ninjaSailingTimes } from '@/domain/ninja-sailing-times';
import type { Sailing } from '@/domain/sailing';

import type { BookingProvider } from '../booking-agent/booking-provider';
import { liveChannels, type MessageTransports } from '../booking-agent/messages';
import {
  cancelActiveRequest,
  createRequest,
  riderRequest,
  riderRequests,
  toNinjaView,
} from '../booking-agent/ninja-request-repository';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { requireMembership } from '../membership/tiers';

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

  route(api, listNinjaRequests, {}, async (request, reply) => {
    const rider = await requireMembership(deps, request, reply, 'ninjaBooking');
    return riderRequests(db, rider.id);
  });

  route(api, createNinjaRequest, {}, async (request, reply) => {
    const input = request.body;
    const rider = await requireMembership(deps, request, reply, 'ninjaBooking');
    const now = clock();
    const check = () => {
      if (input.departureDate < localDateKey(now)) {
        throw httpError(422, 'date_past', 'The departure date has passed; choose today or a later date.');
      }
      // A chosen time is one of the route's sailings, by the rule the phone offers them with; a route
      // or day without any known sailing leaves the time as the rider wrote it.
      if (input.departureTime) {
        const { times } = ninjaSailingTimes(deps.feed?.sailings() ?? [], ninjaRoute(input.route), input.departureDate);
        if (times.length > 0 && !times.includes(input.departureTime)) {
          throw httpError(
            422,
            'unknown_sailing',
            `No ${input.route} sailing leaves at ${input.departureTime}; choose one of the route's sailings: ${times.join(', ')}.`,
          );
        }
      }
      // Nothing is accepted that cannot happen: auto-book needs a booking provider, each channel its transport.
      if (input.autoBookEnabled && !deps.booking) {
        throw httpError(
          422,
          'auto_book_unavailable',
          'Auto-book is not available: Deckhand alerts you to an opening and you book it yourself.',
        );
      }
      const channels = liveChannels(deps.transports);
      if (input.notifyViaEmail && !channels.email)
        throw httpError(
          422,
          'email_unavailable',
          'E-mail alerts are not available on this server; you get alerts in the app.',
        );
      if (input.notifyViaSms && !channels.sms)
        throw httpError(
          422,
          'sms_unavailable',
          'SMS alerts are not available on this server; you get alerts in the app.',
        );
    };
    const fields = {
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
    };
    const view = await commitWrite(deps.database, request, reply, 201, (tx) =>
      createRequest(tx, rider.id, input.id, fields, check),
    );
    return reply.send(view);
  });

  route(api, cancelNinjaRequest, {}, async (request, reply) => {
    const { id } = request.params;
    const rider = await requireMembership(deps, request, reply, 'ninjaBooking');
    const existing = await riderRequest(db, rider.id, id);
    if (!existing) throw httpError(404, 'not_found', 'No such Ninja Booking request');
    if (existing.status === 'cancelled') return toNinjaView(existing);
    if (existing.status !== 'active')
      throw httpError(
        409,
        'not_active',
        `This request is already ${existing.status}; only an active request can be cancelled.`,
      );
    const view = await commitWrite(deps.database, request, reply, 200, (tx) => cancelActiveRequest(tx, id));
    return reply.send(view);
  });
}
