/**
 * The alert scheduler: every ALERT_TICK_INTERVAL_MS it asks each alert source what is due and hands
 * every due alert to deliverAlert, which stores and pushes each (rider, key) at most once.
 *
 * Invariants:
 * - Ticks never overlap: the next one is scheduled only when the previous one has finished, so a slow
 *   database or push service delays alerts instead of piling up ticks.
 * - A source or a delivery that fails is reported and skipped; the other sources and alerts of the
 *   same tick still run, and the failed ones are tried again next tick.
 * - Quiet hours (src/domain/quiet-hours.ts): an alert due while its rider's quiet hours hold it is
 *   kept in held_alerts instead of being delivered; every tick first delivers the held alerts that
 *   the rider's current settings no longer hold (quiet hours over or switched off, or the trip's last
 *   2 hours begun). Holding and releasing go through the same once-per-key inbox write.
 * - Nothing is remembered in memory: what was delivered is the notifications table. A restarted
 *   server (or a second instance) sees due alerts again, and the unique (user_id, key) makes them
 *   no-ops. The first tick runs at start, so alerts that fell due while the server was down go out.
 */
import { eq } from 'drizzle-orm';

import { alertAllowed, type NotificationPreferences } from '@/domain/settings';

import { heldAlertsNow, releaseHeldAlert } from '../alerts/alert-settings-repository';
import type { AlertSource, DueAlert } from '../alerts/alert-source';
import { pushAwayAlarmRepeats } from '../alerts/away-alarm-repeats';
import { deliverAlert } from '../alerts/deliver-alert';
import { heldByQuietHours, quietHoursHold } from '../alerts/quiet-hours-hold';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { TickRecorder } from '../health/process-health';
import type { PushSender } from '../push/push-sender';

/**
 * 5 s: an alert goes out at most ~5 s after it falls due, the same cadence as the client's
 * active-session poll (rider-core §9), for the cost of two indexed queries per tick.
 */
export const ALERT_TICK_INTERVAL_MS = 5_000;
/** The loop's name on the System Health tab. */
export const ALERT_SCHEDULER_LOOP = 'Alert scheduler';

export interface AlertTickDeps {
  database: Database;
  push: PushSender;
  sources: readonly AlertSource[];
}

export interface AlertSchedulerLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** One pass over every source at `now`; answers how many alerts were new (stored and pushed). */
export async function runAlertTick(deps: AlertTickDeps & { log?: AlertSchedulerLog }, now: Date): Promise<number> {
  const reportError = (obj: object, msg: string) => (deps.log ? deps.log.error(obj, msg) : console.error(msg, obj));
  let delivered = 0;
  const allowed = preferenceCheck(deps.database);
  const holdOf = quietHoursHold(deps.database, now);
  const deliver = async (alert: DueAlert) => {
    const isNew = await deliverAlert(
      {
        database: deps.database,
        push: deps.push,
        onPushError: (error) => reportError({ err: error, key: alert.key }, 'push delivery failed'),
      },
      alert,
    );
    if (isNew) delivered += 1;
  };

  // Held alerts the rider's quiet hours no longer hold go out first.
  let held: DueAlert[] = [];
  try {
    held = await heldAlertsNow(deps.database);
  } catch (error) {
    reportError({ err: error }, 'held alerts could not be read');
  }
  for (const alert of held) {
    try {
      if ((await holdOf(alert)) !== null) continue;
      if (await allowed(alert)) await deliver(alert);
      await releaseHeldAlert(deps.database, alert.userId, alert.key);
    } catch (error) {
      reportError({ err: error, key: alert.key }, 'held alert delivery failed');
    }
  }

  for (const source of deps.sources) {
    let due;
    try {
      due = await source.due(deps.database, now);
    } catch (error) {
      reportError({ err: error, source: source.name }, 'alert source failed');
      continue;
    }
    for (const alert of due) {
      try {
        if (!(await allowed(alert))) continue;
        if (await heldByQuietHours(deps.database, holdOf, alert, now)) continue;
        await deliver(alert);
      } catch (error) {
        reportError({ err: error, source: source.name, key: alert.key }, 'alert delivery failed');
      }
    }
  }

  // Away mode's alarm: the return alert repeats until acknowledged (pushes only; never held, it is
  // within the trip's last 2 hours by nature).
  try {
    delivered += await pushAwayAlarmRepeats(
      {
        database: deps.database,
        push: deps.push,
        allowed,
        onPushError: (error) => reportError({ err: error }, 'push delivery failed'),
      },
      now,
    );
  } catch (error) {
    reportError({ err: error }, 'away alarm repeats failed');
  }
  return delivered;
}

/**
 * The rider's notification preferences decide whether an alert is sent at all (src/domain/settings.ts
 * alertAllowed); read once per rider and tick. A silenced alert is not stored, so switching the
 * preference back on before the alert stops being due still delivers it.
 */
function preferenceCheck(database: Database): (alert: Pick<DueAlert, 'userId' | 'kind'>) => Promise<boolean> {
  const cache = new Map<number, Promise<NotificationPreferences | undefined>>();
  return async (alert) => {
    let prefs = cache.get(alert.userId);
    if (!prefs) {
      prefs = database.db
        .select({
          notifyQueueUpdates: users.notifyQueueUpdates,
          notifyBoardingAlerts: users.notifyBoardingAlerts,
          notifyAnimalReminders: users.notifyAnimalReminders,
        })
        .from(users)
        .where(eq(users.id, alert.userId))
        .then((rows) => rows[0]);
      cache.set(alert.userId, prefs);
    }
    const found = await prefs;
    return found ? alertAllowed(alert.kind, found) : true;
  };
}

/**
 * Starts ticking at once and then every `intervalMs` after each tick ends. The returned stop function
 * cancels the next tick and resolves once a tick in flight has finished, so the caller can close the
 * database after it.
 */
export function startAlertScheduler(
  deps: AlertTickDeps & { intervalMs: number; now?: () => number; log: AlertSchedulerLog; ticks?: TickRecorder },
): () => Promise<void> {
  const clock = deps.now ?? Date.now;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      const delivered = await runAlertTick(deps, new Date(clock()));
      if (delivered > 0) deps.log.info({ delivered }, 'alerts delivered');
    } catch (error) {
      deps.log.error({ err: error }, 'alert tick failed');
    }
  };
  const schedule = (delayMs: number) => {
    deps.ticks?.scheduled(ALERT_SCHEDULER_LOOP, deps.intervalMs, delayMs);
    timer = setTimeout(() => {
      timer = undefined;
      deps.ticks?.started(ALERT_SCHEDULER_LOOP);
      running = tick().then(() => {
        if (!stopped) schedule(deps.intervalMs);
      });
    }, delayMs);
    timer.unref();
  };
  schedule(0);

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    await running;
  };
}
