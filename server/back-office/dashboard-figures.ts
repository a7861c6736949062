/**
 * The back-office dashboards' figures read from the database (membership §7 polling calls;
 * DESIGN.md "every figure comes from the database"): the admin Overview's trends and counts, the
 * riders seen today, what the booking agent watches, the latest alerts riders were sent, and the
 * database's part of System Status. The figures only this process knows (sockets, push outcomes,
 * loop lag, memory) are added by the route.
 */
import { count, desc, eq, gte, inArray, sql } from 'drizzle-orm';

import { ACTIVE_USERS_LIMIT, BOOKING_REQUESTS_LISTED, RECENT_ALERTS_LIMIT } from '@/domain/contracts/admin-dashboard';

import type { Database } from '../db/client';
import {
  bookingAgentMonitors,
  idempotencyKeys,
  ninjaRequests,
  notifications,
  outboundMessages,
  pushSubscriptions,
  sessions,
  users,
} from '../db/schema';
import { dailyTrend } from './daily-counts';

/** Each Overview figure with its last 7 days ({today, days, values}) and, where it has one, the count right now. */
export async function overviewMetrics(database: Database, now: Date) {
  const { db } = database;
  const [ridersActive, orderCount, valuePlaced, valueDelivered, openComplaints, awayStarted, pushTrend, passes] =
    await Promise.all([
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
    db
      .execute(sql`select count(*)::int as n from complaints where status <> 'resolved'`)
      .then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows),
    db
      .execute(sql`select count(*)::int as n from away_sessions where status = 'active'`)
      .then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows),
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
    generatedAt: now.toISOString(),
  };
}

/** Riders seen today (session activity, terminal-zone day), most recently seen first. */
export async function ridersSeenToday(database: Database) {
  const since = sql`date_trunc('day', now() at time zone 'America/Vancouver') at time zone 'America/Vancouver'`;
  const rows = await database.db
    .select({
      id: users.id,
      username: users.username,
      membershipType: users.membershipType,
      lastSeenAt: sql<Date>`max(${sessions.lastSeenAt})`,
    })
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(gte(sessions.lastSeenAt, since))
    .groupBy(users.id)
    .orderBy(desc(sql`max(${sessions.lastSeenAt})`))
    .limit(ACTIVE_USERS_LIMIT);
  return rows.map((r) => ({ ...r, lastSeenAt: new Date(r.lastSeenAt).toISOString() }));
}

/** What the booking agent watches: riders' active Ninja requests and the console's monitors. */
export async function watchedBookingRequests(database: Database) {
  const { db } = database;
  const [requests, monitors] = await Promise.all([
    db
      .select({
        id: ninjaRequests.id,
        route: ninjaRequests.route,
        status: ninjaRequests.status,
        lastChecked: ninjaRequests.lastCheckedAt,
        rider: users.username,
      })
      .from(ninjaRequests)
      .innerJoin(users, eq(users.id, ninjaRequests.userId))
      .where(eq(ninjaRequests.status, 'active'))
      .orderBy(desc(ninjaRequests.createdAt))
      .limit(BOOKING_REQUESTS_LISTED),
    db
      .select({
        userId: bookingAgentMonitors.userId,
        route: bookingAgentMonitors.routeCode,
        status: bookingAgentMonitors.status,
        lastChecked: bookingAgentMonitors.lastChecked,
        rider: users.username,
      })
      .from(bookingAgentMonitors)
      .innerJoin(users, eq(users.id, bookingAgentMonitors.userId))
      .where(inArray(bookingAgentMonitors.status, ['monitoring', 'booking']))
      .orderBy(desc(bookingAgentMonitors.createdAt))
      .limit(BOOKING_REQUESTS_LISTED),
  ]);
  return [
    ...requests.map((r) => ({
      id: `ninja-${r.id}`,
      kind: 'Ninja request',
      route: r.route,
      status: r.status,
      rider: r.rider,
      lastChecked: r.lastChecked?.toISOString() ?? null,
    })),
    ...monitors.map((m) => ({
      id: `monitor-${m.userId}`,
      kind: 'Agent monitor',
      route: m.route,
      status: m.status,
      rider: m.rider,
      lastChecked: m.lastChecked?.toISOString() ?? null,
    })),
  ];
}

/** The latest alerts riders were sent, newest first, with the rider's name. */
export async function recentAlerts(database: Database) {
  const rows = await database.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      createdAt: notifications.createdAt,
      rider: users.username,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(RECENT_ALERTS_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * The database's part of System Status: a round trip's time, push subscriptions, the stored answers
 * for replayed writes (pending = a write in flight) and the mail/SMS outbox by channel and status.
 */
export async function databaseFigures(database: Database) {
  const { db } = database;
  const started = performance.now();
  await db.execute(sql`select 1`);
  const queryMs = Math.round((performance.now() - started) * 100) / 100;
  const [idem, [push], outbound] = await Promise.all([
    db.select({ state: idempotencyKeys.state, n: count() }).from(idempotencyKeys).groupBy(idempotencyKeys.state),
    db.select({ n: count() }).from(pushSubscriptions),
    db
      .select({ channel: outboundMessages.channel, status: outboundMessages.status, n: count() })
      .from(outboundMessages)
      .groupBy(outboundMessages.channel, outboundMessages.status),
  ]);
  const idemIn = (state: 'pending' | 'done') => idem.find((r) => r.state === state)?.n ?? 0;
  return {
    queryMs,
    pushSubscriptions: push?.n ?? 0,
    idempotencyKeys: { pending: idemIn('pending'), done: idemIn('done') },
    outboundMessages: outbound,
  };
}
