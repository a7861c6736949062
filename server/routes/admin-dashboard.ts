/**
 * The admin dashboard's figures (membership §7 polling calls; DESIGN.md "every figure comes from the
 * database"). All admin only.
 *
 * - GET /api/admin/metrics: each Overview figure with its last 7 days ({today, days, values}).
 * - GET /api/admin/users/active: riders seen today (session activity), newest first.
 * - GET /api/admin/booking-requests: the booking-agent monitors and Ninja requests known to the database.
 * - GET /api/admin/system-status: database kind and latency, sockets, feed age, push sent/failed since the
 *   process started, the mail/SMS outbox by status, scheduler lag, realtime bridge state, memory, uptime,
 *   table sizes.
 * - GET /api/staff/system-status, /api/staff/booking-requests: the same, for the staff dashboard.
 * - GET /api/staff/alerts: the latest alerts riders were sent (staff dashboard's Active Alerts).
 * - GET/PUT /api/admin/settings: max monitors and check interval (saved; the booking agent reads them).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { SystemStatus } from '@/domain/back-office';
import * as contracts from '@/domain/contracts/admin-dashboard';

import { recordAudit } from '../audit/audit-log';
import {
  databaseFigures,
  overviewMetrics,
  recentAlerts,
  ridersSeenToday,
  watchedBookingRequests,
} from '../back-office/dashboard-figures';
import { readAgentSettings, saveAgentSettings } from '../booking-agent/agent-settings';
import type { Database } from '../db/client';
import type { FerryFeed } from '../feed/ferry-feed';
import type { ProcessHealth } from '../health/process-health';
import { route } from '../http/contract-route';
import { commitWrite } from '../http/idempotency';
import type { BridgeState } from '../realtime/firebase-bridge';

export function registerAdminDashboardRoutes(
  api: FastifyInstance,
  deps: {
    database: Database;
    feed: FerryFeed;
    now?: () => number;
    processHealth?: ProcessHealth;
    bridgeState?: () => BridgeState;
  },
): void {
  const { database } = deps;
  const clock = deps.now ?? Date.now;
  const startedAt = clock();
  let lastFeedChangeAt: number | null = null;
  deps.feed.subscribe(() => {
    lastFeedChangeAt = clock();
  });

  route(api, contracts.overviewMetrics, {}, async () => overviewMetrics(database, new Date(clock())));

  route(api, contracts.ridersSeenToday, {}, async () => ridersSeenToday(database));

  const bookingRequests = async () => watchedBookingRequests(database);
  route(api, contracts.adminBookingRequests, {}, bookingRequests);
  // The staff dashboard's Booking Monitoring tab lists the same requests.
  route(api, contracts.staffBookingRequests, {}, bookingRequests);

  route(api, contracts.recentAlerts, {}, async () => recentAlerts(database));

  const systemStatus = async (request: FastifyRequest): Promise<SystemStatus> => {
    const figures = await databaseFigures(database);
    const memory = process.memoryUsage();
    const now = clock();
    return {
      database: { kind: database.kind, queryMs: figures.queryMs },
      websocketClients: request.server.websocketServer?.clients.size ?? 0,
      feed: { lastChangeAgoSeconds: lastFeedChangeAt === null ? null : Math.round((now - lastFeedChangeAt) / 1000) },
      // Push outcomes are not stored anywhere, so they are this process's counts since it started.
      push: {
        subscriptions: figures.pushSubscriptions,
        ...(deps.processHealth ? deps.processHealth.pushes() : { sent: null, failed: null, gone: null, since: null }),
      },
      outboundMessages: figures.outboundMessages,
      schedulers: deps.processHealth?.tickLags() ?? [],
      realtimeBridge: deps.bridgeState?.() ?? { mode: null, state: 'disabled', restarts: 0 },
      memory: { rssMb: Math.round(memory.rss / 1_048_576), heapUsedMb: Math.round(memory.heapUsed / 1_048_576) },
      uptimeSeconds: Math.round((now - startedAt) / 1000),
      // The server side of the riders' outboxes: stored answers for replayed writes (pending = a write
      // in flight), and the mail/SMS outbox.
      tables: {
        idempotencyKeys: figures.idempotencyKeys.pending + figures.idempotencyKeys.done,
        idempotencyKeysPending: figures.idempotencyKeys.pending,
        outboundMessages: figures.outboundMessages.reduce((sum, r) => sum + r.n, 0),
      },
      checkedAt: new Date(now).toISOString(),
    };
  };
  route(api, contracts.adminSystemStatus, {}, systemStatus);
  // The staff dashboard's System Status tab reads the same figures.
  route(api, contracts.staffSystemStatus, {}, systemStatus);

  // The booking agent's own settings (server/booking-agent/agent-settings.ts): what is saved here is what the engine does.
  route(api, contracts.agentSettings, {}, async () => {
    const { maxMonitors, checkIntervalSeconds } = await readAgentSettings(database.db);
    return { maxMonitors, checkIntervalSeconds };
  });

  route(api, contracts.saveAgentSettings, {}, async (request, reply, account) => {
    const input = request.body;
    const saved = await commitWrite(database, request, reply, 200, async (tx) => {
      await saveAgentSettings(tx, input);
      await recordAudit(
        tx,
        account,
        'settings.update',
        'booking agent',
        `max monitors ${input.maxMonitors}, check every ${input.checkIntervalSeconds} s`,
      );
      return input;
    });
    return reply.send(saved);
  });
}
