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
import { count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { backOfficeAccount } from '../auth/back-office-session';
import { agentSettingsSchema, readAgentSettings, saveAgentSettings } from '../booking-agent/agent-settings';
import { recordAudit } from '../back-office/audit';
import { dailyTrend } from '../back-office/daily-counts';
import type { Database } from '../db/client';
import { bookingAgentMonitors, idempotencyKeys, ninjaRequests, notifications, outboundMessages, pushSubscriptions, sessions, users } from '../db/schema';
import type { ProcessHealth } from '../health/process-health';
import type { BridgeState } from '../realtime/firebase-bridge';
import type { FerryFeed } from '../feed/ferry-feed';
import { parseBody } from '../http/errors';
import { commitWrite } from '../http/idempotency';

export const ACTIVE_USERS_LIMIT = 100;
export const RECENT_ALERTS_LIMIT = 50;
export const BOOKING_REQUESTS_LISTED = 100;

export function registerAdminDashboardRoutes(
  api: FastifyInstance,
  deps: { database: Database; feed: FerryFeed; now?: () => number; processHealth?: ProcessHealth; bridgeState?: () => BridgeState },
): void {
  const { database } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;
  const startedAt = clock();
  let lastFeedChangeAt: number | null = null;
  deps.feed.subscribe(() => {
    lastFeedChangeAt = clock();
  });

  api.get('/admin/metrics', { config: { role: 'admin' } }, async () => {
    const [ridersActive, orderCount, valuePlaced, valueDelivered, openComplaints, awayStarted, pushTrend, passes] = await Promise.all([
      dailyTrend(database, sql`select last_seen_at as at, 1 as amount from sessions`),
      dailyTrend(database, sql`select created_at as at, 1 as amount from orders`),
      dailyTrend(database, sql`select created_at as at, total as amount from orders`),
      // Delivered = staff marked it delivered (the status moves only then), dated by that move.
      dailyTrend(database, sql`select status_changed_at as at, total as amount from orders where status = 'delivered'`),
      dailyTrend(database, sql`select created_at as at, 1 as amount from complaints where status <> 'resolved'`),
      dailyTrend(database, sql`select created_at as at, 1 as amount from away_sessions`),
      dailyTrend(database, sql`select created_at as at, 1 as amount from push_subscriptions`),
      dailyTrend(database, sql`select created_at as at, 1 as amount from exception_passes`),
    ]);
    const [[openNow], [awayNow], [pushNow]] = await Promise.all([
      db.execute(sql`select count(*)::int as n from complaints where status <> 'resolved'`).then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows),
      db.execute(sql`select count(*)::int as n from away_sessions where status = 'active'`).then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows),
      db.select({ n: count() }).from(pushSubscriptions),
    ]);
    const [ninja, contributions, ninjaByStatus] = await Promise.all([
      dailyTrend(database, sql`select created_at as at, 1 as amount from ninja_requests`),
      dailyTrend(database, sql`select created_at as at, 1 as amount from contributions`),
      db
        .select({ status: ninjaRequests.status, n: count() })
        .from(ninjaRequests)
        .where(inArray(ninjaRequests.status, ['active', 'booked']))
        .groupBy(ninjaRequests.status),
    ]);
    const ninjaNow = (status: 'active' | 'booked') => ninjaByStatus.find((r) => r.status === status)?.n ?? 0;
    return {
      ridersActiveToday: ridersActive,
      ordersToday: orderCount,
      // Order values, not revenue: no payment is taken in the app (riders pay at the car).
      orderValuePlaced: valuePlaced,
      orderValueDelivered: valueDelivered,
      openComplaints: { ...openComplaints, now: openNow?.n ?? 0 },
      activeAwaySessions: { ...awayStarted, now: awayNow?.n ?? 0 },
      pushSubscriptions: { ...pushTrend, now: pushNow?.n ?? 0 },
      exceptionPasses: passes,
      // The chart is requests created per day; active and booked are the counts right now.
      ninjaRequests: { ...ninja, active: ninjaNow('active'), booked: ninjaNow('booked') },
      contributionsToday: contributions,
      generatedAt: new Date(clock()).toISOString(),
    };
  });

  api.get('/admin/users/active', { config: { role: 'admin' } }, async () => {
    const since = sql`date_trunc('day', now() at time zone 'America/Vancouver') at time zone 'America/Vancouver'`;
    const rows = await db
      .select({ id: users.id, username: users.username, membershipType: users.membershipType, lastSeenAt: sql<Date>`max(${sessions.lastSeenAt})` })
      .from(users)
      .innerJoin(sessions, eq(sessions.userId, users.id))
      .where(gte(sessions.lastSeenAt, since))
      .groupBy(users.id)
      .orderBy(desc(sql`max(${sessions.lastSeenAt})`))
      .limit(ACTIVE_USERS_LIMIT);
    return rows.map((r) => ({ ...r, lastSeenAt: new Date(r.lastSeenAt).toISOString() }));
  });

  /** What the booking agent watches: riders' active Ninja requests and the console's monitors. */
  const bookingRequests = async () => {
    const [requests, monitors] = await Promise.all([
      db
        .select({ id: ninjaRequests.id, route: ninjaRequests.route, status: ninjaRequests.status, lastChecked: ninjaRequests.lastCheckedAt, rider: users.username })
        .from(ninjaRequests)
        .innerJoin(users, eq(users.id, ninjaRequests.userId))
        .where(eq(ninjaRequests.status, 'active'))
        .orderBy(desc(ninjaRequests.createdAt))
        .limit(BOOKING_REQUESTS_LISTED),
      db
        .select({ userId: bookingAgentMonitors.userId, route: bookingAgentMonitors.routeCode, status: bookingAgentMonitors.status, lastChecked: bookingAgentMonitors.lastChecked, rider: users.username })
        .from(bookingAgentMonitors)
        .innerJoin(users, eq(users.id, bookingAgentMonitors.userId))
        .where(inArray(bookingAgentMonitors.status, ['monitoring', 'booking']))
        .orderBy(desc(bookingAgentMonitors.createdAt))
        .limit(BOOKING_REQUESTS_LISTED),
    ]);
    return [
      ...requests.map((r) => ({ id: `ninja-${r.id}`, kind: 'Ninja request', route: r.route, status: r.status, rider: r.rider, lastChecked: r.lastChecked?.toISOString() ?? null })),
      ...monitors.map((m) => ({ id: `monitor-${m.userId}`, kind: 'Agent monitor', route: m.route, status: m.status, rider: m.rider, lastChecked: m.lastChecked?.toISOString() ?? null })),
    ];
  };
  api.get('/admin/booking-requests', { config: { role: 'admin' } }, bookingRequests);
  // The staff dashboard's Booking Monitoring tab lists the same requests.
  api.get('/staff/booking-requests', { config: { role: 'staff' } }, bookingRequests);

  api.get('/staff/alerts', { config: { role: 'staff' } }, async () => {
    const rows = await db
      .select({ id: notifications.id, kind: notifications.kind, title: notifications.title, body: notifications.body, createdAt: notifications.createdAt, rider: users.username })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(RECENT_ALERTS_LIMIT);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  });

  const systemStatus = async (request: FastifyRequest) => {
    const started = performance.now();
    await db.execute(sql`select 1`);
    const queryMs = Math.round((performance.now() - started) * 100) / 100;
    const [idem, [push], outbound] = await Promise.all([
      db.select({ state: idempotencyKeys.state, n: count() }).from(idempotencyKeys).groupBy(idempotencyKeys.state),
      db.select({ n: count() }).from(pushSubscriptions),
      db.select({ channel: outboundMessages.channel, status: outboundMessages.status, n: count() }).from(outboundMessages).groupBy(outboundMessages.channel, outboundMessages.status),
    ]);
    const memory = process.memoryUsage();
    const now = clock();
    const idemIn = (state: 'pending' | 'done') => idem.find((r) => r.state === state)?.n ?? 0;
    return {
      database: { kind: database.kind, queryMs },
      websocketClients: request.server.websocketServer?.clients.size ?? 0,
      feed: { lastChangeAgoSeconds: lastFeedChangeAt === null ? null : Math.round((now - lastFeedChangeAt) / 1000) },
      // Push outcomes are not stored anywhere, so they are this process's counts since it started.
      push: { subscriptions: push?.n ?? 0, ...(deps.processHealth ? deps.processHealth.pushes() : { sent: null, failed: null, gone: null, since: null }) },
      outboundMessages: outbound,
      schedulers: deps.processHealth?.tickLags() ?? [],
      realtimeBridge: deps.bridgeState?.() ?? { mode: null, state: 'disabled', restarts: 0 },
      memory: { rssMb: Math.round(memory.rss / 1_048_576), heapUsedMb: Math.round(memory.heapUsed / 1_048_576) },
      uptimeSeconds: Math.round((now - startedAt) / 1000),
      // The server side of the riders' outboxes: stored answers for replayed writes (pending = a write
      // in flight), and the mail/SMS outbox.
      tables: {
        idempotencyKeys: idemIn('pending') + idemIn('done'),
        idempotencyKeysPending: idemIn('pending'),
        outboundMessages: outbound.reduce((sum, r) => sum + r.n, 0),
      },
      checkedAt: new Date(now).toISOString(),
    };
  };
  api.get('/admin/system-status', { config: { role: 'admin' } }, systemStatus);
  // The staff dashboard's System Status tab reads the same figures.
  api.get('/staff/system-status', { config: { role: 'staff' } }, systemStatus);

  // The booking agent's own settings (server/booking-agent/agent-settings.ts): what is saved here is what the engine does.
  api.get('/admin/settings', { config: { role: 'admin' } }, async () => {
    const { maxMonitors, checkIntervalSeconds } = await readAgentSettings(db);
    return { maxMonitors, checkIntervalSeconds };
  });

  api.put('/admin/settings', { config: { role: 'admin' } }, async (request, reply) => {
    const input = parseBody(agentSettingsSchema, request.body);
    const account = backOfficeAccount(request);
    const saved = await commitWrite(database, request, reply, 200, async (tx) => {
      await saveAgentSettings(tx, input);
      await recordAudit(tx, account, 'settings.update', 'booking agent', `max monitors ${input.maxMonitors}, check every ${input.checkIntervalSeconds} s`);
      return input;
    });
    return reply.send(saved);
  });
}
