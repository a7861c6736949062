/**
 * Delivers one due alert: into the rider's inbox at most once, and to the rider's browsers only when
 * this call is the one that stored it.
 *
 * The inbox write (server/notifications/inbox-repository.ts storeNotificationOnce) is
 * `ON CONFLICT (user_id, key) DO NOTHING`, so of any number of ticks, restarts or server instances
 * trying the same alert exactly one stores the row, and only that one pushes. The cost of that rule:
 * a process that dies between the insert and the push loses the push (the alert is still in the inbox,
 * and the open app's own countdown alerts in the foreground). A push that is never sent twice is worth
 * more here than one that might be.
 *
 * Pushes go to every subscription of the rider in parallel (server/push/subscription-repository.ts);
 * those the push service answers 404/410 for are deleted. Push failures are reported and never thrown;
 * a database error is thrown (the scheduler reports it and the next tick tries the alert again if it
 * was not stored).
 */
import type { AlertPushPayload } from '@/domain/notification';

import type { Database } from '../db/client';
import { storeNotificationOnce } from '../notifications/inbox-repository';
import type { PushSender } from '../push/push-sender';
import { removeSubscription, subscriptionsOf } from '../push/subscription-repository';
import type { DueAlert } from './alert-source';

export interface DeliverAlertDeps {
  database: Database;
  push: PushSender;
  /** Where a failed push is reported; default console.warn. */
  onPushError?: (error: unknown) => void;
}

export async function deliverAlert(deps: DeliverAlertDeps, alert: DueAlert): Promise<boolean> {
  if (!(await storeNotificationOnce(deps.database.db, alert))) return false;
  await pushAlert(deps, alert);
  return true;
}

/** Pushes an alert already stored in the inbox (or a repeat of one) to every browser of its rider (see the header). */
export async function pushAlert(
  deps: DeliverAlertDeps,
  alert: Pick<DueAlert, 'userId' | 'key' | 'kind' | 'title' | 'body' | 'url'>,
): Promise<void> {
  const report = deps.onPushError ?? ((error: unknown) => console.warn('push delivery failed', error));
  const payload: AlertPushPayload = {
    title: alert.title,
    body: alert.body,
    tag: alert.key,
    url: alert.url,
    kind: alert.kind,
  };
  try {
    const subscriptions = await subscriptionsOf(deps.database.db, alert.userId);
    const results = await Promise.all(
      subscriptions.map(async (sub) => ({
        endpoint: sub.endpoint,
        result: await deps.push.send(sub, payload).catch((error: unknown) => {
          report(error);
          return 'failed' as const;
        }),
      })),
    );
    for (const { endpoint, result } of results) {
      if (result === 'gone') await removeSubscription(deps.database.db, alert.userId, endpoint);
    }
  } catch (error) {
    report(error);
  }
}
