/**
 * The rider's notification inbox (DESIGN.md: bell = unread notifications). Alerts land here through
 * server/alerts/deliver-alert.ts; riders only read and mark them read. Only the caller's rows exist
 * for a caller: another rider's notification id is a 404 like an unknown one.
 *
 * - GET    /notifications           → { items: Notification[] (newest first, at most 50), unreadCount }
 *   unreadCount counts every unread notification, not only the 50 listed. Never cached.
 * - POST   /notifications/:id/read  → 200 Notification (readAt kept from the first read on repeats)
 * - POST   /notifications/read-all  → 200 { updated: number, unreadCount: number }
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Notification, NotificationList } from '@/domain/notification';
import { currentRider, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { notifications } from '../db/schema';
import { httpError, parseParams } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { serialId } from '../http/params';

export const NOTIFICATION_LIST_LIMIT = 50;
const paramsSchema = z.object({ id: serialId });

export function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    key: row.key,
    kind: row.kind,
    title: row.title,
    body: row.body,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

export function registerNotificationRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { db } = deps.database;

  async function unreadCountOf(userId: number, tx: Db = db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  api.get('/notifications', async (request, reply): Promise<NotificationList> => {
    const user = await currentRider(request, reply);
    reply.header('Cache-Control', 'no-store');
    if (!user) return { items: [], unreadCount: 0 };
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_LIMIT);
    return { items: rows.map(toNotification), unreadCount: await unreadCountOf(user.id) };
  });

  api.post('/notifications/read-all', async (request, reply) => {
    const user = await requireRider(request, reply);
    const answer = await commitWrite(deps.database, request, reply, 200, async (tx) => {
      const updated = await tx
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return { updated: updated.length, unreadCount: await unreadCountOf(user.id, tx) };
    });
    return reply.send(answer);
  });

  api.post('/notifications/:id/read', async (request, reply) => {
    const { id } = parseParams(paramsSchema, request.params);
    const user = await requireRider(request, reply);
    const mine = and(eq(notifications.id, id), eq(notifications.userId, user.id));
    const notification: Notification = await commitWrite(deps.database, request, reply, 200, async (tx) => {
      const [marked] = await tx
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(mine, isNull(notifications.readAt)))
        .returning();
      if (marked) return toNotification(marked);
      const [row] = await tx.select().from(notifications).where(mine).limit(1);
      if (!row) throw httpError(404, 'not_found', 'No notification with this id');
      return toNotification(row);
    });
    return reply.send(notification);
  });
}
