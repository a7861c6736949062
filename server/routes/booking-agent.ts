/**
 * The booking-agent console's API (membership §2 "Booking-agent console", §7), admin only (each
 * route declares { role: 'admin' }; server/auth/back-office-session.ts enforces it before the body).
 *
 * - POST /start → starts the automation system (idempotent): {started: true, startedAt, message}.
 * - POST /monitor {userId, routeCode, fromTerminal, toTerminal, departureDate, adults, children,
 *   infants, hasVehicle, vehicleHeight?, vehicleLength?, notificationEmail?} → 201 the status.
 *   Monitors on behalf of the rider `userId` (404 rider_not_found); replaces that rider's monitor.
 *   More than the max monitors (admin setting, default 50) monitoring at once is 409 max_monitors.
 * - POST /stop/:userId → 200 the status, cancelled (404 when the rider has no monitor).
 * - GET /status/:userId → {status, message, lastChecked} or null (no monitor).
 * - GET /alerts/:userId → the rider's alerts, newest first.
 * - GET /active → [{userId, status, routeCode, departureDate}] of monitors monitoring or booking.
 * - GET /settings, PUT /settings {checkIntervalSeconds, maxMonitors} → the agent settings.
 * - GET /mailbox → the latest outgoing e-mail/SMS with what happened to each (the local mailbox).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { monitorInputSchema } from '@/domain/booking-agent';
import { backOfficeAccount } from '../auth/back-office-session';
import {
  activeMonitors,
  latestOutboundMessages,
  monitorStatus,
  replaceMonitor,
  riderAgentAlerts,
  riderExists,
  startAgentSystem,
  stopMonitor,
} from '../booking-agent/agent-console-repository';
import { agentSettingsSchema, readAgentSettings, saveAgentSettings } from '../booking-agent/agent-settings';
import type { Database } from '../db/client';
import { httpError, parseBody, parseParams } from '../http/errors';
import { commitWrite } from '../http/idempotency';

const ADMIN = { config: { role: 'admin' as const } };
const userParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
const ALERTS_LISTED = 20;
const MAILBOX_LISTED = 50;

export function registerBookingAgentRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  api.post('/booking-agent/start', ADMIN, async (request, reply) => {
    const admin = backOfficeAccount(request);
    const now = new Date(clock());
    const started = await commitWrite(deps.database, request, reply, 200, async (tx) => {
      const startedAt = await startAgentSystem(tx, admin.username, now);
      return { started: true, startedAt: startedAt.toISOString(), message: 'The booking automation system is running.' };
    });
    return reply.send(started);
  });

  api.post('/booking-agent/monitor', ADMIN, async (request, reply) => {
    const input = parseBody(monitorInputSchema, request.body);
    const admin = backOfficeAccount(request);
    if (!(await riderExists(db, input.userId))) throw httpError(404, 'rider_not_found', `No rider with id ${input.userId}`);
    const settings = await readAgentSettings(db);
    const fields = {
      routeCode: input.routeCode,
      fromTerminal: input.fromTerminal,
      toTerminal: input.toTerminal,
      departureDate: input.departureDate,
      adults: input.adults,
      children: input.children,
      infants: input.infants,
      hasVehicle: input.hasVehicle,
      vehicleHeight: input.hasVehicle ? (input.vehicleHeight ?? null) : null,
      vehicleLength: input.hasVehicle ? (input.vehicleLength ?? null) : null,
      notificationEmail: input.notificationEmail || null,
      status: 'monitoring' as const,
      message: settings.systemStartedAt
        ? `Watching for openings; the first check runs within ${settings.checkIntervalSeconds} s.`
        : 'Waiting for the booking automation system to start.',
      lastChecked: null,
      startedBy: admin.username,
      createdAt: new Date(clock()),
    };
    const status = await commitWrite(deps.database, request, reply, 201, (tx) => replaceMonitor(tx, input.userId, fields, settings.maxMonitors));
    return reply.send(status);
  });

  api.post('/booking-agent/stop/:userId', ADMIN, async (request, reply) => {
    const { userId } = parseParams(userParamsSchema, request.params);
    return reply.send(await commitWrite(deps.database, request, reply, 200, (tx) => stopMonitor(tx, userId)));
  });

  api.get('/booking-agent/status/:userId', ADMIN, async (request) => monitorStatus(db, parseParams(userParamsSchema, request.params).userId));

  api.get('/booking-agent/alerts/:userId', ADMIN, async (request) => riderAgentAlerts(db, parseParams(userParamsSchema, request.params).userId, ALERTS_LISTED));

  api.get('/booking-agent/active', ADMIN, async () => activeMonitors(db));

  api.get('/booking-agent/settings', ADMIN, async () => readAgentSettings(db));

  api.put('/booking-agent/settings', ADMIN, async (request, reply) => {
    const input = parseBody(agentSettingsSchema, request.body);
    await commitWrite(deps.database, request, reply, 200, (tx) => saveAgentSettings(tx, input));
    return reply.send(await readAgentSettings(db));
  });

  api.get('/booking-agent/mailbox', ADMIN, async () => latestOutboundMessages(db, MAILBOX_LISTED));
}
