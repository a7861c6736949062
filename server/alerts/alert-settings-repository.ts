/**
 * The rider's alert timing (quiet hours, the daily digest) and the alerts quiet hours hold, as stored
 * (src/domain/quiet-hours.ts has the rules). A rider without a row has the defaults.
 */
import { and, eq } from 'drizzle-orm';

import { DEFAULT_ALERT_TIMING, type AlertTiming } from '@/domain/quiet-hours';

import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { alertSettings, heldAlerts } from '../db/schema';
import type { DueAlert } from './alert-source';

export async function readAlertTiming(handle: Db, userId: number): Promise<AlertTiming> {
  const [row] = await handle.select().from(alertSettings).where(eq(alertSettings.userId, userId)).limit(1);
  return row ? timingOf(row) : { ...DEFAULT_ALERT_TIMING };
}

function timingOf(row: typeof alertSettings.$inferSelect): AlertTiming {
  return {
    quietHoursEnabled: row.quietHoursEnabled,
    quietHoursStart: row.quietHoursStart,
    quietHoursEnd: row.quietHoursEnd,
    dailyDigest: row.dailyDigest,
  };
}

export async function saveAlertTiming(handle: Db, userId: number, timing: Partial<AlertTiming>): Promise<void> {
  if (Object.keys(timing).length === 0) return;
  await handle
    .insert(alertSettings)
    .values({ userId, ...DEFAULT_ALERT_TIMING, ...timing })
    .onConflictDoUpdate({ target: alertSettings.userId, set: timing });
}

/** Holds an alert (once per rider and key; holding it again changes nothing). */
export async function holdAlert(database: Database, alert: DueAlert, now: Date): Promise<void> {
  await database.db
    .insert(heldAlerts)
    .values({
      userId: alert.userId,
      key: alert.key,
      kind: alert.kind,
      title: alert.title,
      body: alert.body,
      url: alert.url,
      tripDeparture: alert.tripDeparture ? new Date(alert.tripDeparture) : null,
      heldAt: now,
    })
    .onConflictDoNothing({ target: [heldAlerts.userId, heldAlerts.key] });
}

/** Every held alert (bounded by riders' quiet hours: a night's alerts at most). */
export async function heldAlertsNow(database: Database): Promise<DueAlert[]> {
  const rows = await database.db.select().from(heldAlerts);
  return rows.map((row) => ({
    userId: row.userId,
    key: row.key,
    kind: row.kind,
    title: row.title,
    body: row.body,
    url: row.url,
    ...(row.tripDeparture ? { tripDeparture: row.tripDeparture.toISOString() } : {}),
  }));
}

export async function releaseHeldAlert(database: Database, userId: number, key: string): Promise<void> {
  await database.db.delete(heldAlerts).where(and(eq(heldAlerts.userId, userId), eq(heldAlerts.key, key)));
}

/** How many alerts are held for the rider now. */
export async function heldCountOf(handle: Db, userId: number): Promise<number> {
  const rows = await handle.select({ key: heldAlerts.key }).from(heldAlerts).where(eq(heldAlerts.userId, userId));
  return rows.length;
}

/** The riders who asked for the daily digest, with their timing (bounded: those riders only). */
export async function digestRiders(database: Database): Promise<Array<{ userId: number; timing: AlertTiming }>> {
  const rows = await database.db.select().from(alertSettings).where(eq(alertSettings.dailyDigest, true));
  return rows.map((row) => ({ userId: row.userId, timing: timingOf(row) }));
}
