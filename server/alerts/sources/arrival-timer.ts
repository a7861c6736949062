/**
 * Arrival timer alerts for the scheduler (server/alerts/alert-source.ts): "leave in 15 minutes" from
 * 15 minutes before a timer's alarm time, and "Time to leave!" at it (rider-core §2). The keys are the
 * ones the page's in-app alert uses (src/domain/arrival-timer.ts), so a rider sees each alert once.
 *
 * Bounded: only active timers whose alarm lies between ALERT_STALE_MS ago and 15 minutes ahead are
 * read. The early alert stops being reported once the alarm time has come (the leave alert replaces
 * it); the leave alert stops after ALERT_STALE_MS.
 */
import { and, eq, gte, lte } from 'drizzle-orm';

import { ARRIVAL_EARLY_ALERT_MINUTES, dueTimerAlerts } from '@/domain/arrival-timer';

import { arrivalTimers } from '../../db/schema';
import type { AlertSource, DueAlert } from '../alert-source';

/** A leave alert more than this late is no use any more. */
export const ALERT_STALE_MS = 30 * 60_000;

export const arrivalTimerAlertSource: AlertSource = {
  name: 'arrival-timer',
  async due(database, now) {
    const t = now.getTime();
    const rows = await database.db
      .select()
      .from(arrivalTimers)
      .where(
        and(
          eq(arrivalTimers.status, 'active'),
          gte(arrivalTimers.alarmTime, new Date(t - ALERT_STALE_MS)),
          lte(arrivalTimers.alarmTime, new Date(t + ARRIVAL_EARLY_ALERT_MINUTES * 60_000)),
        ),
      );
    const due: DueAlert[] = [];
    for (const row of rows) {
      const timer = { id: row.id, alarmTime: row.alarmTime.toISOString(), departureLocation: row.departureLocation };
      for (const alert of dueTimerAlerts(timer, t, ALERT_STALE_MS)) {
        due.push({
          userId: row.userId,
          key: alert.key,
          kind: 'arrival_timer',
          title: alert.title,
          body: alert.body,
          url: '/app',
          ...(row.targetDeparture ? { tripDeparture: row.targetDeparture.toISOString() } : {}),
        });
      }
    }
    return due;
  },
};
