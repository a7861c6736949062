/**
 * The quiet-hours decision for every alert the server sends (src/domain/quiet-hours.ts holdAlertUntil:
 * "Quiet hours in Settings (none during the trip's last 2 hours)"): the alert scheduler's sources and
 * the Ninja Booking watcher's openings both go through it, so one rule holds them all.
 *
 * An alert its rider's quiet hours hold is kept in held_alerts (alert-settings-repository.ts holdAlert),
 * neither stored in the inbox nor pushed; the alert scheduler delivers it once the rider's current
 * settings no longer hold it (server/jobs/alert-scheduler.ts).
 */
import { DEFAULT_ALERT_TIMING, holdAlertUntil, type AlertTiming } from '@/domain/quiet-hours';

import type { Database } from '../db/client';
import { hasNotification } from '../notifications/inbox-repository';
import { holdAlert, readAlertTiming } from './alert-settings-repository';
import type { DueAlert } from './alert-source';

export type QuietHoursHold = (alert: Pick<DueAlert, 'userId' | 'kind' | 'tripDeparture'>) => Promise<number | null>;

/** Until when the rider's quiet hours hold an alert at `now` (null: deliver it); timing read once per rider. */
export function quietHoursHold(database: Database, now: Date): QuietHoursHold {
  const cache = new Map<number, Promise<AlertTiming>>();
  return async (alert) => {
    let timing = cache.get(alert.userId);
    if (!timing) {
      timing = readAlertTiming(database.db, alert.userId).catch(() => ({ ...DEFAULT_ALERT_TIMING }));
      cache.set(alert.userId, timing);
    }
    return holdAlertUntil(now.getTime(), await timing, {
      kind: alert.kind,
      tripDeparture: alert.tripDeparture ? Date.parse(alert.tripDeparture) : undefined,
    });
  };
}

/**
 * Holds `alert` when its rider's quiet hours hold it now; answers true when it is held (the caller
 * must not deliver it). An alert already in the inbox (delivered before the quiet hours began) is
 * not news to hold: true, and nothing is stored.
 */
export async function heldByQuietHours(
  database: Database,
  holdOf: QuietHoursHold,
  alert: DueAlert,
  now: Date,
): Promise<boolean> {
  if ((await holdOf(alert)) === null) return false;
  if (!(await hasNotification(database.db, alert.userId, alert.key))) await holdAlert(database, alert, now);
  return true;
}
