/**
 * Order-update alerts: one alert per status an order reaches after "received", keyed
 * `order:{id}:{status}`, for orders whose status changed within ORDER_ALERT_WINDOW_MS. Only the
 * current status is reported: a rider whose order jumped two steps between scheduler ticks hears
 * the newer one, not a stale "preparing" after "delivered". The scheduler delivers each key once.
 */
import { and, gte, ne } from 'drizzle-orm';

import { ORDER_STATUS_LABELS, type OrderStatus } from '@/domain/store';

import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import type { AlertSource, DueAlert } from '../alert-source';

/** Status changes older than this are not announced (the rider has moved on). */
export const ORDER_ALERT_WINDOW_MS = 30 * 60_000;
/** Upper bound on one tick's query. */
const ORDER_ALERT_BATCH = 500;

export function orderAlertKey(orderId: number, status: OrderStatus): string {
  return `order:${orderId}:${status}`;
}

function bodyFor(status: OrderStatus, deliveryLocation: string): string {
  switch (status) {
    case 'preparing':
      return 'Your order is being prepared.';
    case 'on_its_way':
      return `Your order is on its way to ${deliveryLocation}.`;
    case 'delivered':
      return `Your order was delivered to ${deliveryLocation}. Enjoy!`;
    default:
      return 'Your order was received.';
  }
}

export const orderUpdateAlertSource: AlertSource = {
  name: 'order-updates',
  async due(database: Database, now: Date): Promise<DueAlert[]> {
    const since = new Date(now.getTime() - ORDER_ALERT_WINDOW_MS);
    const rows = await database.db
      .select({
        id: orders.id,
        userId: orders.userId,
        status: orders.status,
        deliveryLocation: orders.deliveryLocation,
      })
      .from(orders)
      .where(and(ne(orders.status, 'received'), gte(orders.statusChangedAt, since)))
      .limit(ORDER_ALERT_BATCH);
    return rows.map((row) => ({
      userId: row.userId,
      key: orderAlertKey(row.id, row.status),
      kind: 'order_update',
      title: `Order #${row.id}: ${ORDER_STATUS_LABELS[row.status]}`,
      body: bodyFor(row.status, row.deliveryLocation),
      url: '/app/store',
    }));
  },
};
