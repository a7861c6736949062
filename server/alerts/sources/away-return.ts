/**
 * "Time to head back" (rider-core §2, §4, §9): an active away session whose alert time (estimated
 * boarding minus its threshold, stored as alert_at) has come. Sessions whose boarding was more than
 * AWAY_RETURN_STALE_AFTER_MS ago are left alone: that sailing has gone, and a server coming back from
 * a long outage must not call riders back to it. Ended sessions never alert.
 *
 * The words are the page's in-app alert's (src/domain/away-alert-text.ts): one alert key, one text,
 * whichever of the push and the in-app alert reaches the rider first.
 */
import { lte } from 'drizzle-orm';

import { awayAlertKey } from '@/domain/away';
import { AWAY_ALERT_URL, awayReturnAlertText } from '@/domain/away-alert-text';

import { awaySessions } from '../../db/schema';
import type { AlertSource, DueAlert } from '../alert-source';
import { dueAwaySessions } from './due-away-sessions';

export const awayReturnSource: AlertSource = {
  name: 'away-return',
  async due(database, now) {
    const rows = await dueAwaySessions(
      database,
      now,
      awayAlertKey,
      lte(awaySessions.alertAt, now),
      awaySessions.alertAt,
    );
    return rows.map((s): DueAlert => ({
      userId: s.userId,
      key: awayAlertKey(s.id),
      kind: 'away_alert',
      ...awayReturnAlertText(s),
      url: AWAY_ALERT_URL,
      // The rider is at the terminal: within the trip's last 2 hours, never held by quiet hours.
      tripDeparture: s.estimatedBoardingTime.toISOString(),
    }));
  },
};
