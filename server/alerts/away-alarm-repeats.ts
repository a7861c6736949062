/**
 * Away mode's alarm on the server (src/domain/away-alarm.ts): every scheduler tick, each session whose
 * alarm rings gets its latest due repeat of "Time to head back" pushed, once (`repeats_sent` is moved
 * to it by one caller only, across ticks, restarts and instances). Repeats are pushes, not inbox rows:
 * the inbox holds the return alert once. The push's tag is the return alert's key, so a repeat
 * replaces the notification on the phone and buzzes again (sw/push.ts renotify) instead of stacking.
 * The "Boarding alerts" preference governs it as it governs the return alert.
 */
import { awayAlertKey } from '@/domain/away';
import { awayAlarmRepeatDue, awayAlarmRepeatText } from '@/domain/away-alarm';
import { AWAY_ALERT_URL } from '@/domain/away-alert-text';

import type { Database } from '../db/client';
import type { PushSender } from '../push/push-sender';
import { claimAwayAlarmRepeat, ringingAwayAlarms } from './away-alarm-repository';
import { pushAlert } from './deliver-alert';
import { AWAY_RETURN_STALE_AFTER_MS } from './sources/due-away-sessions';

/** Pushes the repeats due at `now`; answers how many went out. */
export async function pushAwayAlarmRepeats(
  deps: {
    database: Database;
    push: PushSender;
    allowed: (alert: { userId: number; kind: 'away_alert' }) => Promise<boolean>;
    onPushError?: (error: unknown) => void;
  },
  now: Date,
): Promise<number> {
  let pushed = 0;
  for (const row of await ringingAwayAlarms(deps.database, now, AWAY_RETURN_STALE_AFTER_MS)) {
    const n = awayAlarmRepeatDue(
      { alertAt: row.alertAt.getTime(), repeatUntilAcknowledged: true, acknowledgedAt: null, active: true },
      now.getTime(),
    );
    if (n === null || n <= row.repeatsSent) continue;
    if (!(await deps.allowed({ userId: row.userId, kind: 'away_alert' }))) continue;
    if (!(await claimAwayAlarmRepeat(deps.database, row.sessionId, n))) continue;
    const text = awayAlarmRepeatText(
      { currentLocation: row.currentLocation, estimatedBoardingTime: row.estimatedBoardingTime.toISOString() },
      now.getTime(),
    );
    await pushAlert(deps, {
      userId: row.userId,
      key: awayAlertKey(row.sessionId),
      kind: 'away_alert',
      ...text,
      url: AWAY_ALERT_URL,
    });
    pushed += 1;
  }
  return pushed;
}
