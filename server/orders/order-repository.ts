/**
 * Reading a rider's orders and moving an order's status forward (rider-core §7 GET /api/orders,
 * POST /api/staff/orders/:id/status). Placing an order is ./place-order.ts.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';

import { ORDER_LIST_LIMIT } from '@/domain/contracts/orders';
import { isForwardMove, ORDER_STATUSES, type Order, type OrderStatus } from '@/domain/store';

import type { Db } from '../db/db-handle';
import { orderItems, orders } from '../db/schema';
import { httpError } from '../http/errors';

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
    items: items.map((item) => ({
      storeItemId: item.storeItemId,
      name: item.name,
      quantity: item.quantity,
      price: item.price,
    })),
  };
}

/** The rider's latest ORDER_LIST_LIMIT orders, newest first, each with its lines. */
export async function listRiderOrders(db: Db, userId: number): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
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
  return rows.map((row) =>
    toOrder(
      row,
      items.filter((item) => item.orderId === row.id),
    ),
  );
}

/** 404 for an unknown order, 409 when `status` is not ahead of the order's current one. */
export async function checkForwardMove(db: Db, id: number, status: OrderStatus): Promise<void> {
  const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).limit(1);
  if (!current) throw httpError(404, 'not_found', `No order ${id}`);
  if (!isForwardMove(current.status, status)) {
    throw httpError(
      409,
      'invalid_transition',
      `Order ${id} is already ${current.status.replace(/_/g, ' ')}; statuses only move forward`,
    );
  }
}

/**
 * Moves the order to `status` only from a status before it (one conditional UPDATE, so two staff
 * moving the same order cannot both win); 409 when it moved meanwhile. Runs inside the caller's transaction.
 */
export async function moveOrderForward(tx: Db, id: number, status: OrderStatus): Promise<Order> {
  const earlier = ORDER_STATUSES.slice(0, ORDER_STATUSES.indexOf(status));
  const [updated] = await tx
    .update(orders)
    .set({ status, statusChangedAt: new Date() })
    .where(and(eq(orders.id, id), inArray(orders.status, earlier)))
    .returning();
  if (!updated) throw httpError(409, 'invalid_transition', `Order ${id} changed meanwhile; reload and try again`);
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.id);
  return toOrder(updated, items);
}
