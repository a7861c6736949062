/**
 * GET /api/services (public): what this server can really do for a rider — the Ninja Booking
 * provider (null: riders book openings themselves), the delivery channels that deliver (e-mail only
 * with SMTP_URL, SMS only with SMS_URL), the payment provider (none: nothing is charged in the app)
 * and the watcher's check interval as the admin set it. src/domain/services.ts holds the shape.
 */
import type { FastifyInstance } from 'fastify';

import { services } from '@/domain/contracts/services';

import { readAgentSettings } from '../booking-agent/agent-settings';
import { bookingService, type BookingProvider } from '../booking-agent/booking-provider';
import { liveChannels, type MessageTransports } from '../booking-agent/messages';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';

export function registerServicesRoutes(
  api: FastifyInstance,
  deps: { database: Database; booking: BookingProvider | null; transports: MessageTransports; vapidPublicKey?: string },
): void {
  route(api, services, {}, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    const settings = await readAgentSettings(deps.database.db);
    return {
      booking: bookingService(deps.booking),
      channels: { inbox: true, push: Boolean(deps.vapidPublicKey), ...liveChannels(deps.transports) },
      payments: null,
      ninjaCheckIntervalSeconds: settings.checkIntervalSeconds,
    };
  });
}
