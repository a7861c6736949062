/**
 * The rider's orders on the device, offline-first (DESIGN.md "Data flow (client)"): the local order
 * row (queued) and its outbox row (POST /api/orders in the spec's shape) commit in ONE transaction;
 * the flusher sends it once with its Idempotency-Key, whenever the connection allows (at once with
 * `sendQueued(database, database.orders, localId)`).
 *
 * `settleOrders` is how the page learns the outcome, whoever flushed (this page, a later start, or
 * the service worker): it claims every accepted or finally refused order not yet acted on, marking
 * it settled in the same transaction, so each outcome is acted on (cart cleared, toast shown) once.
 */
import { listOrders, placeOrder } from '@/domain/contracts/orders';
import { centsToDecimal } from '@/domain/money';
import { orderTotalCents } from '@/domain/store';
import { callApi, callTarget } from '@/lib/api-client';
import { saveWithOutbox } from '@/sync/outbox';

import { META, type DeckhandDB, type OrderRow } from './db';
import { mergePulledRow } from './pulled-rows';

/** A line of the cart the order is placed from. */
type OrderLine = OrderRow['items'][number];

export async function queueOrder(
  database: DeckhandDB,
  lines: readonly OrderLine[],
  deliveryLocation: string,
  discountCode: string | null = null,
): Promise<OrderRow> {
  const items = lines.map(({ storeItemId, name, quantity, price }) => ({ storeItemId, name, quantity, price }));
  const row: OrderRow = {
    localId: crypto.randomUUID(),
    createdAt: Date.now(),
    items,
    total: centsToDecimal(orderTotalCents(items)),
    deliveryLocation: deliveryLocation.trim(),
    discountCode,
    syncState: 'queued',
  };
  const profile = (await database.meta.get(META.userProfile))?.value as { id?: unknown } | undefined;
  // The spec's shape; the server ignores userId and total and prices the order itself.
  const body = {
    order: {
      userId: typeof profile?.id === 'number' ? profile.id : null,
      total: row.total,
      deliveryLocation: row.deliveryLocation,
      ...(discountCode ? { discountCode } : {}),
    },
    items: items.map(({ storeItemId, quantity, price }) => ({ storeItemId, quantity, price })),
  };
  await saveWithOutbox(database, database.orders, row, { ...callTarget(placeOrder, { body }), body });
  return row;
}

/** An order whose outcome is known and not yet acted on. */
export function needsSettling(row: OrderRow): boolean {
  return row.syncState !== 'queued' && row.settledAs !== row.syncState;
}

/** Claims the orders whose outcome is known but not yet acted on (see the header). */
export async function settleOrders(database: DeckhandDB): Promise<OrderRow[]> {
  return database.transaction('rw', database.orders, async () => {
    const rows = await database.orders.filter(needsSettling).toArray();
    for (const row of rows) await database.orders.update(row.localId, { settledAs: row.syncState });
    return rows;
  });
}

/**
 * Merge the rider's orders from GET /api/orders by serverId (see mergePulledRow): the server's status,
 * total and items win; queued and failed local rows are never dropped; an order made elsewhere is
 * added (settled).
 */
export async function pullOrders(database: DeckhandDB): Promise<void> {
  const orders = await callApi(listOrders, {});
  await database.transaction('rw', database.orders, async () => {
    for (const order of orders) {
      const fields = {
        status: order.status,
        total: order.total,
        discount: order.discount,
        discountCode: order.discountCode,
        items: order.items,
        deliveryLocation: order.deliveryLocation,
      };
      await mergePulledRow(
        database.orders,
        order.id,
        (localId): OrderRow => ({
          localId,
          createdAt: Date.parse(order.createdAt) || Date.now(),
          syncState: 'sent',
          serverId: order.id,
          settledAs: 'sent',
          ...fields,
        }),
        fields,
      );
    }
  });
}
