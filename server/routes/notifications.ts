/**
 * The rider's notification inbox (DESIGN.md: bell = unread notifications). Alerts land here through
 * server/alerts/deliver-alert.ts; riders only read and mark them read
 * (server/notifications/inbox-repository.ts). Only the caller's rows exist for a caller: another
 * rider's notification id is a 404 like an unknown one.
 *
 * - GET    /notifications           → { items: Notification[] (newest first, at most 50), unreadCount }
 *   unreadCount counts every unread notification, not only the 50 listed. Never cached.
 * - POST   /notifications/:id/read  → 200 Notification (readAt kept from the first read on repeats)
 * - POST   /notifications/read-all  → 200 { updated: number, unreadCount: number }
 */
import type { FastifyInstance } from 'fastify';

import { listNotifications, markAllNotificationsRead, markNotificationRead } from '@/domain/contracts/notifications';

import { heldCountOf } from '../alerts/alert-settings-repository';
import { currentRider } from '../auth/session';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { markAllRead, markRead, readInbox } from '../notifications/inbox-repository';

export function registerNotificationRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;

  route(api, listNotifications, {}, async (request, reply) => {
    const user = await currentRider(request, reply);
    reply.header('Cache-Control', 'no-store');
    if (!user) return { items: [], unreadCount: 0 };
    return { ...(await readInbox(database, user.id)), held: await heldCountOf(database.db, user.id) };
  });

  route(api, markAllNotificationsRead, {}, async (request, reply, user) => {
    return reply.send(await commitWrite(database, request, reply, 200, (tx) => markAllRead(tx, user.id)));
  });

  route(api, markNotificationRead, {}, async (request, reply, user) => {
    const notification = await commitWrite(database, request, reply, 200, async (tx) => {
      const marked = await markRead(tx, user.id, request.params.id);
      if (!marked) throw httpError(404, 'not_found', 'No notification with this id');
      return marked;
    });
    return reply.send(notification);
  });
}
