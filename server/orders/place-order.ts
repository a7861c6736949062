/**
 * Placing an order (rider-core §7 POST /api/orders; DESIGN.md "The server computes money").
 *
 * Invariants:
 * - Prices come from store_items; the client's userId, total and line prices are ignored.
 * - Lines naming one item twice are merged; a merged quantity above ORDER_QUANTITY_MAX is refused.
 * - Stock is taken with one conditional UPDATE per line (`stock = stock - q WHERE stock >= q`)
 *   inside the caller's transaction: a line that cannot be covered rolls the whole order back, and two
 *   concurrent orders can never take the same units (the row lock serialises them on PostgreSQL;
 *   PGlite runs transactions one at a time).
 * - A rider has at most RIDER_OPEN_ITEMS_MAX items in orders not yet delivered (409 `order_limit`).
 * - The total is Σ quantity × price in integer cents, less a reward's discount code (checked and
 *   marked used in this same transaction: server/orders/discount-code.ts), stored with 2 decimals.
 */
import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';

import { centsToDecimal } from '@/domain/money';
import {
  mergeOrderLines,
  ORDER_QUANTITY_MAX,
  orderAllowance,
  orderTotalCents,
  RIDER_OPEN_ITEMS_MAX,
  type Order,
  type OrderInput,
} from '@/domain/store';

import type { Db } from '../db/db-handle';
import { orderItems, orders, storeItems, users } from '../db/schema';
import { httpError } from '../http/errors';
import { redeemDiscountCode } from './discount-code';

/** Runs inside the caller's transaction (the route commits it together with the stored answer). */
export async function placeOrder(tx: Db, userId: number, input: OrderInput, now: Date = new Date()): Promise<Order> {
  const lines = mergeOrderLines(input.items);
  for (const line of lines) {
    if (line.quantity > ORDER_QUANTITY_MAX) {
      throw httpError(
        400,
        'invalid_request',
        `Invalid request body: quantity of ${line.storeItemId} must be at most ${ORDER_QUANTITY_MAX} (lines for the same item are added up)`,
      );
    }
  }

  // Per-rider cap on undelivered items; the rider's row lock serialises their concurrent orders.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [open] = await tx
    .select({ items: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), ne(orders.status, 'delivered')));
  const allowance = orderAllowance(open?.items ?? 0);
  const asked = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (asked > allowance) {
    throw httpError(
      409,
      'order_limit',
      `You can have up to ${RIDER_OPEN_ITEMS_MAX} items on order at once; ${allowance === 0 ? 'wait for your orders to arrive' : `you can add ${allowance} more now`}`,
    );
  }

  const ids = lines.map((line) => line.storeItemId);
  const catalogue = await tx.select().from(storeItems).where(inArray(storeItems.id, ids));
  const byId = new Map(catalogue.map((item) => [item.id, item]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw httpError(422, 'unknown_item', `Unknown store item: ${unknown.join(', ')}`);
  }

  const priced = lines.map((line) => {
    const item = byId.get(line.storeItemId)!;
    return { ...line, name: item.name, price: item.price, category: item.category };
  });
  for (const line of priced) {
    const taken = await tx
      .update(storeItems)
      .set({ stock: sql`${storeItems.stock} - ${line.quantity}` })
      .where(and(eq(storeItems.id, line.storeItemId), gte(storeItems.stock, line.quantity)))
      .returning({ stock: storeItems.stock });
    if (taken.length === 0) {
      const left = byId.get(line.storeItemId)!.stock;
      throw left <= 0
        ? httpError(409, 'sold_out', `${line.name} is sold out`)
        : httpError(409, 'insufficient_stock', `Only ${left} of ${line.name} left; lower the quantity and try again`);
    }
  }

  const code = input.order.discountCode || null;
  const gross = orderTotalCents(priced);
  const discount = code ? Math.min(gross, await redeemDiscountCode(tx, userId, code, priced, now)) : 0;
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      total: centsToDecimal(gross - discount),
      discount: centsToDecimal(discount),
      discountCode: code,
      deliveryLocation: input.order.deliveryLocation,
    })
    .returning();
  if (!order) throw new Error('Inserting an order returned no row');
  await tx.insert(orderItems).values(
    priced.map((line) => ({
      orderId: order.id,
      storeItemId: line.storeItemId,
      name: line.name,
      quantity: line.quantity,
      price: line.price,
    })),
  );
  return {
    id: order.id,
    status: order.status,
    total: order.total,
    discount: order.discount,
    discountCode: order.discountCode,
    deliveryLocation: order.deliveryLocation,
    createdAt: order.createdAt.toISOString(),
    statusChangedAt: order.statusChangedAt.toISOString(),
    items: priced.map(({ storeItemId, name, quantity, price }) => ({ storeItemId, name, quantity, price })),
  };
}
