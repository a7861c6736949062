/**
 * What the rider is told about an order between placing it and its handover (rider-core §2 Store,
 * §3 Order; DESIGN.md "nothing invented to fill a gap").
 *
 * The order's status moves only when staff move it (POST /api/staff/orders/:id/status); nothing
 * moves it on a timer. Until staff mark it delivered the rider sees when it usually arrives, named
 * as an estimate, never as a status. Payment happens at the car: Deckhand has no payment provider,
 * so checkout says so instead of implying that the order is paid.
 */
import type { OrderStatus } from './store';

/** Usual minutes from placing an order to its handover at the car (the kiosk's typical run). */
export const ORDER_TYPICAL_DELIVERY_MINUTES = 12;

/** Checkout's one line on payment (no payment provider is configured: nothing is charged in the app). */
export const ORDER_PAYMENT_NOTE = 'Pay on delivery: you pay staff at your car. Deckhand takes no payment in the app.';

export type OrderEstimate = { kind: 'expected'; at: number } | { kind: 'overdue'; at: number } | { kind: 'none' };

/**
 * The estimate to show beside an order's status: the usual handover time while it is still ahead,
 * "overdue" once that time has passed without staff marking it delivered, nothing once delivered.
 */
export function orderDeliveryEstimate(createdAt: number | string, status: OrderStatus, now: number): OrderEstimate {
  if (status === 'delivered') return { kind: 'none' };
  const placed = typeof createdAt === 'number' ? createdAt : Date.parse(createdAt);
  if (Number.isNaN(placed)) return { kind: 'none' };
  const at = placed + ORDER_TYPICAL_DELIVERY_MINUTES * 60_000;
  return at > now ? { kind: 'expected', at } : { kind: 'overdue', at };
}
