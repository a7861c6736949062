/**
 * What the booking-agent console reads and writes (membership §2 "Booking-agent console"): the
 * system's start, the riders' monitors, the openings found for them, and the outgoing mailbox.
 */
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';

import type { ActiveMonitorView, AgentAlertView, AgentStatusView } from '@/domain/booking-agent';

import type { Db } from '../db/db-handle';
import {
  bookingAgentAlerts,
  bookingAgentMonitors,
  bookingAgentSettings,
  outboundMessages,
  users,
  watcherOpenings,
} from '../db/schema';
import { httpError } from '../http/errors';
import { SETTINGS_ROW_ID } from './agent-watcher';

type MonitorRow = typeof bookingAgentMonitors.$inferSelect;
/** A monitor's stored fields; the rider is given apart. */
export type MonitorFields = Omit<MonitorRow, 'userId'>;

const toStatus = (row: MonitorRow): AgentStatusView => ({
  status: row.status,
  message: row.message,
  lastChecked: row.lastChecked?.toISOString() ?? null,
});

/** Marks the automation system started (once: a later start keeps the first time); answers when it started. */
export async function startAgentSystem(tx: Db, startedBy: string, now: Date): Promise<Date> {
  await tx
    .insert(bookingAgentSettings)
    .values({ id: SETTINGS_ROW_ID, systemStartedAt: now, systemStartedBy: startedBy })
    .onConflictDoNothing();
  const [row] = await tx.select().from(bookingAgentSettings).where(eq(bookingAgentSettings.id, SETTINGS_ROW_ID));
  if (row?.systemStartedAt) return row.systemStartedAt;
  await tx
    .update(bookingAgentSettings)
    .set({ systemStartedAt: now, systemStartedBy: startedBy })
    .where(eq(bookingAgentSettings.id, SETTINGS_ROW_ID));
  return now;
}

export async function riderExists(db: Db, userId: number): Promise<boolean> {
  const [rider] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return Boolean(rider);
}

/**
 * Makes `fields` the rider's monitor in place of any earlier one (its openings forgotten), unless
 * `maxMonitors` other riders are already monitored or booked for (409 max_monitors).
 */
export async function replaceMonitor(
  tx: Db,
  userId: number,
  fields: MonitorFields,
  maxMonitors: number,
): Promise<AgentStatusView> {
  const [busy] = await tx
    .select({ n: count() })
    .from(bookingAgentMonitors)
    .where(
      and(inArray(bookingAgentMonitors.status, ['monitoring', 'booking']), ne(bookingAgentMonitors.userId, userId)),
    );
  if ((busy?.n ?? 0) >= maxMonitors) {
    throw httpError(
      409,
      'max_monitors',
      `The booking agent is already monitoring ${maxMonitors} riders (the maximum); stop one first.`,
    );
  }
  await tx.delete(watcherOpenings).where(eq(watcherOpenings.watcher, `agent:${userId}`));
  const [row] = await tx
    .insert(bookingAgentMonitors)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: bookingAgentMonitors.userId, set: fields })
    .returning();
  if (!row) throw new Error('Upserting a monitor returned no row');
  return toStatus(row);
}

/** Cancels the rider's monitor; 404 when they have none. */
export async function stopMonitor(tx: Db, userId: number): Promise<AgentStatusView> {
  const [row] = await tx
    .update(bookingAgentMonitors)
    .set({ status: 'cancelled', message: 'Stopped by an admin.' })
    .where(eq(bookingAgentMonitors.userId, userId))
    .returning();
  if (!row) throw httpError(404, 'not_found', `Rider ${userId} has no monitor`);
  return toStatus(row);
}

export async function monitorStatus(db: Db, userId: number): Promise<AgentStatusView | null> {
  const [row] = await db.select().from(bookingAgentMonitors).where(eq(bookingAgentMonitors.userId, userId));
  return row ? toStatus(row) : null;
}

/** The rider's latest `limit` alerts, newest first. */
export async function riderAgentAlerts(db: Db, userId: number, limit: number): Promise<AgentAlertView[]> {
  const rows = await db
    .select()
    .from(bookingAgentAlerts)
    .where(eq(bookingAgentAlerts.userId, userId))
    .orderBy(desc(bookingAgentAlerts.timestamp), desc(bookingAgentAlerts.id))
    .limit(limit);
  return rows.map((r) => ({
    routeCode: r.routeCode,
    timestamp: r.timestamp.toISOString(),
    sailingTime: r.sailingTime.toISOString(),
    vehicleSpaces: r.vehicleSpaces,
    passengerSpaces: r.passengerSpaces,
  }));
}

/** The monitors monitoring or booking, oldest first. */
export async function activeMonitors(db: Db): Promise<ActiveMonitorView[]> {
  const rows = await db
    .select()
    .from(bookingAgentMonitors)
    .where(inArray(bookingAgentMonitors.status, ['monitoring', 'booking']))
    .orderBy(bookingAgentMonitors.createdAt);
  return rows.map((r) => ({
    userId: r.userId,
    status: r.status,
    routeCode: r.routeCode,
    departureDate: r.departureDate,
  }));
}

/** The latest `limit` outgoing e-mails and SMS, newest first, with what happened to each. */
export async function latestOutboundMessages(db: Db, limit: number) {
  const rows = await db.select().from(outboundMessages).orderBy(desc(outboundMessages.id)).limit(limit);
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
}
