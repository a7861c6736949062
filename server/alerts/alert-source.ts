/**
 * An alert source tells the scheduler which alerts are due now. The scheduler
 * (server/jobs/alert-scheduler.ts) asks every source each tick and hands each due alert to
 * deliverAlert (server/alerts/deliver-alert.ts), which stores it in the rider's inbox at most once
 * per (userId, key) and pushes it only when it was new. So a source may report the same alert on
 * many ticks, and across restarts, and the rider still gets it once.
 */
import type { NotificationKind } from '@/domain/notification';

import type { Database } from '../db/client';

export interface DueAlert {
  userId: number;
  /** Stable identity of this alert, e.g. awayAlertKey(sessionId). */
  key: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Same-origin path the notification opens. */
  url: string;
  /**
   * The departure (ISO) of the trip the alert is about, when it is about one: quiet hours never hold
   * it in the trip's last 2 hours (src/domain/quiet-hours.ts holdAlertUntil).
   */
  tripDeparture?: string;
}

export interface AlertSource {
  name: string;
  /** Alerts due at `now` that may not have been delivered yet. Keep the query bounded (e.g. active rows). */
  due(database: Database, now: Date): Promise<DueAlert[]>;
}
