/**
 * The page's local half of the away-mode alerts, so they arrive with no network: while an away
 * session is active, every AWAY_COUNTDOWN_TICK_MS it reads it and the ferries from Dexie and
 *  - at the session's alert time (boarding − threshold) shows the "head back" alert;
 *  - once the rider's sailing (src/domain/rider-route.ts riderSailingNow, the one the overlay shows)
 *    has started boarding (its boarding start, from the realtime-fed local sailings and ferries)
 *    shows the "queue is moving" alert.
 *  - while the session's alarm rings (src/domain/away-alarm.ts: set, not acknowledged) shows the
 *    return alert again every AWAY_ALARM_REPEAT_MINUTES, each repeat under its own key.
 * It needs no network, so the alert fires on time offline. showAlert() keys the alerts exactly as
 * the server's push does (awayAlertKey / queueMovingAlertKey), so each shows once on this device
 * whichever arrives first, across reloads.
 */
import { liveQuery } from 'dexie';

import type { DeckhandDB } from '@/data/db';
import { readRiderRoute, riderSailingIn } from '@/data/rider-route';
import { AWAY_COUNTDOWN_TICK_MS, awayAlertAt, awayAlertKey, queueMovingAlertKey } from '@/domain/away';
import { awayAlarmRepeatDue, awayAlarmRepeatKey, awayAlarmRepeatText } from '@/domain/away-alarm';
import { awayReturnAlertText, queueMovingAlertText } from '@/domain/away-alert-text';
import type { InAppAlert } from '@/lib/alerts';

/** src/lib/alerts.ts showAlert, passed in so this chunk imports nothing of the UI layer. */
export type ShowAlert = (alert: InAppAlert) => boolean;

/** src/lib/alerts.ts: what shows an alert and what loads it ahead of the alert. */
export interface AlertDisplay {
  showAlert: ShowAlert;
  preloadAlertDisplay: () => void;
}

/** Shows the alerts now due; returns how many away sessions are active. */
export async function checkAwayAlerts(
  database: DeckhandDB,
  showAlert: ShowAlert,
  now: number = Date.now(),
): Promise<number> {
  const sessions = await database.awaySessions.where('status').equals('active').toArray();
  const boardingStart =
    sessions.length > 0 ? (riderSailingIn(await readRiderRoute(database), now)?.boardingStart ?? null) : null;
  for (const session of sessions) {
    if (awayAlertAt(session) <= now) {
      showAlert({ key: awayAlertKey(session.id), ...awayReturnAlertText(session) });
    }
    const repeat = awayAlarmRepeatDue(
      {
        alertAt: awayAlertAt(session),
        repeatUntilAcknowledged: session.repeatUntilAcknowledged === true,
        acknowledgedAt: session.acknowledgedAt ? Date.parse(session.acknowledgedAt) : null,
        active: session.status === 'active',
      },
      now,
    );
    if (repeat !== null) {
      showAlert({ key: awayAlarmRepeatKey(session.id, repeat), ...awayAlarmRepeatText(session, now) });
    }
    if (boardingStart !== null && boardingStart <= now) {
      showAlert({ key: queueMovingAlertKey(session.id), ...queueMovingAlertText() });
    }
  }
  return sessions.length;
}

/**
 * Start the once-a-second check while the device holds an active away session; returns the stop
 * function. Which sessions are active is followed by a live query, so with none (most of the time)
 * nothing runs each second. While a session is active the alert's display is kept loaded, so the
 * alert can show offline on a first visit too.
 */
export function watchAwayAlerts(database: DeckhandDB, { showAlert, preloadAlertDisplay }: AlertDisplay): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    checkAwayAlerts(database, showAlert)
      .then((active) => {
        if (active > 0) preloadAlertDisplay();
      })
      .catch((error: unknown) => console.warn('Away alert check failed', error));
  };
  const follow = (active: number) => {
    if (active === 0) {
      clearInterval(timer);
      timer = undefined;
      return;
    }
    if (timer !== undefined) return;
    tick();
    timer = setInterval(tick, AWAY_COUNTDOWN_TICK_MS);
  };
  const subscription = liveQuery(() => database.awaySessions.where('status').equals('active').count()).subscribe({
    next: follow,
    error: (error: unknown) => console.warn('Away session watch failed', error),
  });
  return () => {
    subscription.unsubscribe();
    clearInterval(timer);
  };
}
