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
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  monitorInputSchema,
  type ActiveMonitorView,
  type AgentAlertView,
  type AgentStatusView,
} from '@/domain/booking-agent';
import { backOfficeAccount } from '../auth/back-office-session';
import { agentSettingsSchema, readAgentSettings, saveAgentSettings } from '../booking-agent/agent-settings';
import type { Database } from '../db/client';
import { bookingAgentAlerts, bookingAgentMonitors, bookingAgentSettings, outboundMessages, users, watcherOpenings } from '../db/schema';
import { httpError, parseBody, parseParams } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { SETTINGS_ROW_ID } from '../booking-agent/agent-watcher';

const ADMIN = { config: { role: 'admin' as const } };
const userParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
const ALERTS_LISTED = 20;
const MAILBOX_LISTED = 50;

type MonitorRow = typeof bookingAgentMonitors.$inferSelect;
const toStatus = (row: MonitorRow): AgentStatusView => ({ status: row.status, message: row.message, lastChecked: row.lastChecked?.toISOString() ?? null });


export function registerBookingAgentRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  api.post('/booking-agent/start', ADMIN, async (request, reply) => {
    const admin = backOfficeAccount(request);
    const now = new Date(clock());
    return reply.send(
      await commitWrite(deps.database, request, reply, 200, async (tx) => {
        await tx
          .insert(bookingAgentSettings)
          .values({ id: SETTINGS_ROW_ID, systemStartedAt: now, systemStartedBy: admin.username })
          .onConflictDoNothing();
        const [row] = await tx.select().from(bookingAgentSettings).where(eq(bookingAgentSettings.id, SETTINGS_ROW_ID));
        let startedAt = row?.systemStartedAt ?? null;
        if (!startedAt) {
          await tx.update(bookingAgentSettings).set({ systemStartedAt: now, systemStartedBy: admin.username }).where(eq(bookingAgentSettings.id, SETTINGS_ROW_ID));
          startedAt = now;
        }
        return { started: true, startedAt: startedAt.toISOString(), message: 'The booking automation system is running.' };
      }),
    );
  });

  api.post('/booking-agent/monitor', ADMIN, async (request, reply) => {
    const input = parseBody(monitorInputSchema, request.body);
    const admin = backOfficeAccount(request);
    const [rider] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!rider) throw httpError(404, 'rider_not_found', `No rider with id ${input.userId}`);
    const settings = await readAgentSettings(db);
    const now = new Date(clock());
    const status = await commitWrite(deps.database, request, reply, 201, async (tx) => {
      const [busy] = await tx
        .select({ n: count() })
        .from(bookingAgentMonitors)
        .where(and(inArray(bookingAgentMonitors.status, ['monitoring', 'booking']), ne(bookingAgentMonitors.userId, input.userId)));
      if ((busy?.n ?? 0) >= settings.maxMonitors) {
        throw httpError(409, 'max_monitors', `The booking agent is already monitoring ${settings.maxMonitors} riders (the maximum); stop one first.`);
      }
      const values = {
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
        createdAt: now,
      };
      await tx.delete(watcherOpenings).where(eq(watcherOpenings.watcher, `agent:${input.userId}`));
      const [row] = await tx
        .insert(bookingAgentMonitors)
        .values({ userId: input.userId, ...values })
        .onConflictDoUpdate({ target: bookingAgentMonitors.userId, set: values })
        .returning();
      if (!row) throw new Error('Upserting a monitor returned no row');
      return toStatus(row);
    });
    return reply.send(status);
  });

  api.post('/booking-agent/stop/:userId', ADMIN, async (request, reply) => {
    const { userId } = parseParams(userParamsSchema, request.params);
    const status = await commitWrite(deps.database, request, reply, 200, async (tx) => {
      const [row] = await tx
        .update(bookingAgentMonitors)
        .set({ status: 'cancelled', message: 'Stopped by an admin.' })
        .where(eq(bookingAgentMonitors.userId, userId))
        .returning();
      if (!row) throw httpError(404, 'not_found', `Rider ${userId} has no monitor`);
      return toStatus(row);
    });
    return reply.send(status);
  });

  api.get('/booking-agent/status/:userId', ADMIN, async (request) => {
    const { userId } = parseParams(userParamsSchema, request.params);
    const [row] = await db.select().from(bookingAgentMonitors).where(eq(bookingAgentMonitors.userId, userId));
    return row ? toStatus(row) : null;
  });

  api.get('/booking-agent/alerts/:userId', ADMIN, async (request): Promise<AgentAlertView[]> => {
    const { userId } = parseParams(userParamsSchema, request.params);
    const rows = await db
      .select()
      .from(bookingAgentAlerts)
      .where(eq(bookingAgentAlerts.userId, userId))
      .orderBy(desc(bookingAgentAlerts.timestamp), desc(bookingAgentAlerts.id))
      .limit(ALERTS_LISTED);
    return rows.map((r) => ({
      routeCode: r.routeCode,
      timestamp: r.timestamp.toISOString(),
      sailingTime: r.sailingTime.toISOString(),
      vehicleSpaces: r.vehicleSpaces,
      passengerSpaces: r.passengerSpaces,
    }));
  });

  api.get('/booking-agent/active', ADMIN, async (): Promise<ActiveMonitorView[]> => {
    const rows = await db
      .select()
      .from(bookingAgentMonitors)
      .where(inArray(bookingAgentMonitors.status, ['monitoring', 'booking']))
      .orderBy(bookingAgentMonitors.createdAt);
    return rows.map((r) => ({ userId: r.userId, status: r.status, routeCode: r.routeCode, departureDate: r.departureDate }));
  });

  api.get('/booking-agent/settings', ADMIN, async () => readAgentSettings(db));

  api.put('/booking-agent/settings', ADMIN, async (request, reply) => {
    const input = parseBody(agentSettingsSchema, request.body);
    await commitWrite(deps.database, request, reply, 200, (tx) => saveAgentSettings(tx, input));
    return reply.send(await readAgentSettings(db));
  });

  api.get('/booking-agent/mailbox', ADMIN, async () => {
    const rows = await db.select().from(outboundMessages).orderBy(desc(outboundMessages.id)).limit(MAILBOX_LISTED);
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      status: r.status,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
    }));
  });
}
