/**
 * The rider's notification inbox (DESIGN.md: bell = unread notifications) and the Web Push
 * subscriptions that bring alerts to a closed app. Only the caller's own rows exist for a caller.
 */
import { z } from 'zod/mini';

import {
  notificationListSchema,
  notificationSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '../notification';
import { serialIdParam } from '../value-ranges';
import { defineContract } from './contract';

/** The newest notifications listed; the unread count counts them all. */
export const NOTIFICATION_LIST_LIMIT = 50;
/** The newest subscriptions a rider keeps: one account cannot make every alert fan out without bound. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_RIDER = 10;

export const listNotifications = defineContract({
  method: 'GET',
  path: '/api/notifications',
  summary: `The caller's newest ${NOTIFICATION_LIST_LIMIT} notifications and how many of all are unread (empty without a session)`,
  tag: 'Notifications',
  access: 'anyone',
  responses: { 200: notificationListSchema },
});

export const markNotificationRead = defineContract({
  method: 'POST',
  path: '/api/notifications/:id/read',
  summary:
    "Marks one of the caller's notifications read (its first read time kept); 404 for another's or an unknown id",
  tag: 'Notifications',
  access: 'rider',
  params: z.object({ id: serialIdParam }),
  responses: { 200: notificationSchema },
});

export const markAllNotificationsRead = defineContract({
  method: 'POST',
  path: '/api/notifications/read-all',
  summary: 'Marks every unread notification of the caller read',
  tag: 'Notifications',
  access: 'rider',
  responses: { 200: z.object({ updated: z.int(), unreadCount: z.int() }) },
});

export const subscribePush = defineContract({
  method: 'POST',
  path: '/api/push/subscriptions',
  summary: `Stores this browser's push subscription for the caller (a public https endpoint), keeping their newest ${MAX_PUSH_SUBSCRIPTIONS_PER_RIDER}`,
  tag: 'Notifications',
  access: 'rider',
  body: pushSubscriptionInputSchema,
  responses: { 201: z.object({ endpoint: z.string() }) },
});

export const unsubscribePush = defineContract({
  method: 'DELETE',
  path: '/api/push/subscriptions',
  summary: "Removes the caller's subscription for the endpoint, if they have it",
  tag: 'Notifications',
  access: 'rider',
  body: pushUnsubscribeInputSchema,
  responses: { 204: z.null() },
});
