/**
 * Orders (rider-core §7 POST /api/orders; GET /api/orders and the staff status route).
 * The session decides whose order it is. POST is made exactly-once by the Idempotency-Key hook
 * (server/http/idempotency.ts): a replay answers the first 201 without touching stock again.
 *
 * Staff (or admins) move an order forward with POST /api/staff/orders/:id/status {status}; a move
 * backwards or to the same status is 409, an unknown order 404.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ORDER_STATUSES, isForwardMove, orderInputSchema, orderStatusInputSchema, type Order } from '@/domain/store';
import { currentRider, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import { orderItems, orders } from '../db/schema';
import { httpError, parseBody, parseParams } from '../http/errors';
import { placeOrder } from '../orders/place-order';
import { commitWrite } from '../http/idempotency';
import { serialId } from '../http/params';

export const ORDER_LIST_LIMIT = 50;

const orderIdParams = z.object({ id: serialId });

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

function toOrder(row: OrderRow, items: readonly OrderItemRow[]): Order {
  return {
    id: row.id,
    status: row.status,
    total: row.total,
    discount: row.discount,
    discountCode: row.discountCode,
    deliveryLocation: row.deliveryLocation,
    createdAt: row.createdAt.toISOString(),
    statusChangedAt: row.statusChangedAt.toISOString(),
    items: items.map((item) => ({ storeItemId: item.storeItemId, name: item.name, quantity: item.quantity, price: item.price })),
  };
}

export function registerOrderRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  api.post('/orders', async (request, reply) => {
    const input = parseBody(orderInputSchema, request.body);
    const user = await requireRider(request, reply);
    const order = await commitWrite(deps.database, request, reply, 201, (tx) => placeOrder(tx, user.id, input, new Date(clock())));
    return reply.send(order);
  });

  api.get('/orders', async (request, reply) => {
    const user = await currentRider(request, reply);
    if (!user) return [];
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.userId, user.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDER_LIST_LIMIT);
    if (rows.length === 0) return [];
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(orderItems.id);
    return rows.map((row) => toOrder(row, items.filter((item) => item.orderId === row.id)));
  });

  api.post('/staff/orders/:id/status', { config: { role: 'staff' } }, async (request, reply) => {
    const { id } = parseParams(orderIdParams, request.params);
    const { status } = parseBody(orderStatusInputSchema, request.body);
    const [current] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
    if (!current) throw httpError(404, 'not_found', `No order ${id}`);
    if (!isForwardMove(current.status, status)) {
      throw httpError(409, 'invalid_transition', `Order ${id} is already ${current.status.replace(/_/g, ' ')}; statuses only move forward`);
    }
    const earlier = ORDER_STATUSES.slice(0, ORDER_STATUSES.indexOf(status));
    const order = await commitWrite(deps.database, request, reply, 200, async (tx) => {
      const [updated] = await tx
        .update(orders)
        .set({ status, statusChangedAt: new Date() })
        .where(and(eq(orders.id, id), inArray(orders.status, earlier)))
        .returning();
      if (!updated) throw httpError(409, 'invalid_transition', `Order ${id} changed meanwhile; reload and try again`);
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.id);
      return toOrder(updated, items);
    });
    return reply.send(order);
  });
}
