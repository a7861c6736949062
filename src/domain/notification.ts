/**
 * The rider's notification inbox and the alert payload shared by Web Push, the inbox and in-app
 * alerts (DESIGN.md "Placeholders become live values": bell = unread notifications).
 *
 * Invariant: an alert has one `key` everywhere. The server stores at most one notification per
 * (user, key) and pushes only when it stored a new one; the service worker uses the key as the
 * notification tag; the page shows an in-app alert once per key. So no alert is shown twice.
 */
import { z } from 'zod/mini';

export const NOTIFICATION_KINDS = [
  'away_alert',
  'queue_moving',
  'arrival_timer',
  'order_update',
  'booking_update',
  'membership_update',
  'animal_reminder',
  'sailing_disruption',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.int(),
  key: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** Same-origin path to open, e.g. "/app?away=open". */
  url: z.string(),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.int(),
  /** How many alerts the rider's quiet hours hold now (./quiet-hours.ts); they come when the quiet hours end. */
  held: z.optional(z.int()),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** The JSON body of a Web Push message (sw/push.ts parses it; `tag` is the alert key). */
export interface AlertPushPayload {
  title: string;
  body: string;
  tag: string;
  url: string;
  kind: NotificationKind;
}

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url().check(z.maxLength(2000)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: z.string().check(z.minLength(1), z.maxLength(200)),
    auth: z.string().check(z.minLength(1), z.maxLength(100)),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions: the endpoint this browser stops receiving pushes at. */
export const pushUnsubscribeInputSchema = z.object({ endpoint: z.string().check(z.minLength(1), z.maxLength(2000)) });
