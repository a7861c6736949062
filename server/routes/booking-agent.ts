/**
 * The booking-agent console's API (membership §2 "Booking-agent console", §7), admin only (each
 * contract's access is 'admin'; server/auth/back-office-session.ts enforces it before the body).
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

import {
  activeMonitors,
  AGENT_ALERTS_LISTED,
  agentMailbox,
  agentSettings,
  MAILBOX_LISTED,
  monitorAlerts,
  monitorStatus,
  saveAgentSettings,
  startAgent,
  startMonitor,
  stopMonitor,
} from '@/domain/contracts/booking-agent';

import * as consoleData from '../booking-agent/agent-console-repository';
import { readAgentSettings, saveAgentSettings as storeAgentSettings } from '../booking-agent/agent-settings';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';
import { commitWrite } from '../http/idempotency';

export function registerBookingAgentRoutes(
  api: FastifyInstance,
  deps: { database: Database; now?: () => number },
): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  route(api, startAgent, {}, async (request, reply, admin) => {
    const now = new Date(clock());
    const started = await commitWrite(deps.database, request, reply, 200, async (tx) => {
      const startedAt = await consoleData.startAgentSystem(tx, admin.username, now);
      return {
        started: true,
        startedAt: startedAt.toISOString(),
        message: 'The booking automation system is running.',
      };
    });
    return reply.send(started);
  });

  route(api, startMonitor, {}, async (request, reply, admin) => {
    const input = request.body;
    if (!(await consoleData.riderExists(db, input.userId)))
      throw httpError(404, 'rider_not_found', `No rider with id ${input.userId}`);
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
    const status = await commitWrite(deps.database, request, reply, 201, (tx) =>
      consoleData.replaceMonitor(tx, input.userId, fields, settings.maxMonitors),
    );
    return reply.send(status);
  });

  route(api, stopMonitor, {}, async (request, reply) => {
    const { userId } = request.params;
    return reply.send(
      await commitWrite(deps.database, request, reply, 200, (tx) => consoleData.stopMonitor(tx, userId)),
    );
  });

  route(api, monitorStatus, {}, async (request) => consoleData.monitorStatus(db, request.params.userId));

  route(api, monitorAlerts, {}, async (request) =>
    consoleData.riderAgentAlerts(db, request.params.userId, AGENT_ALERTS_LISTED),
  );

  route(api, activeMonitors, {}, async () => consoleData.activeMonitors(db));

  route(api, agentSettings, {}, async () => readAgentSettings(db));

  route(api, saveAgentSettings, {}, async (request, reply) => {
    await commitWrite(deps.database, request, reply, 200, (tx) => storeAgentSettings(tx, request.body));
    return reply.send(await readAgentSettings(db));
  });

  route(api, agentMailbox, {}, async () => consoleData.latestOutboundMessages(db, MAILBOX_LISTED));
}
