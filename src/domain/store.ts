/**
 * Essentials Store and orders (rider-core §2 Store, §3 Store item / Order, §4 Cart, §8, §9), shared
 * by the client and the server's routes.
 *
 * The order body keeps the spec's shape {order:{userId,total,deliveryLocation}, items:[{storeItemId,
 * quantity,price}]}, but the server prices it from its own catalogue: userId, total and each line's
 * price are accepted and ignored (DESIGN.md "The server computes money"). Lines naming the same item
 * twice are merged (quantities summed) before the per-line limit is checked.
 */
import { z } from 'zod/mini';

import { toCents } from './money';
import { discountCodeSchema } from './store-discount';

export const STORE_CATEGORIES = ['beverages', 'food', 'reading', 'snacks', 'other'] as const;

/** GET /api/store/items */
export const storeItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Decimal string, e.g. "3.25". */
  price: z.string(),
  category: z.enum(STORE_CATEGORIES),
  stock: z.int().check(z.nonnegative()),
  available: z.boolean(),
});
export type StoreItem = z.infer<typeof storeItemSchema>;
export const storeItemListSchema = z.array(storeItemSchema);

/** rider-core §9: the home preview shows 3 items. */
export const STORE_PREVIEW_COUNT = 3;
/** Most of one item in one order: a car's worth, not a pallet. Larger asks are refused with 400. */
export const ORDER_QUANTITY_MAX = 20;
/**
 * Most items (units, all lines added up) one rider may have on order at once, across orders not
 * yet delivered: a car's snacks, so one client cannot empty the terminal store. The store says so.
 */
export const RIDER_OPEN_ITEMS_MAX = 10;
export const ORDER_CAP_NOTE = `You can have up to ${RIDER_OPEN_ITEMS_MAX} items on order at once.`;

/** How many more items a rider with `openItems` undelivered items may order now. */
export function orderAllowance(openItems: number): number {
  return Math.max(0, RIDER_OPEN_ITEMS_MAX - openItems);
}

/** Most distinct lines in one order (the catalogue is far smaller). */
export const ORDER_LINES_MAX = 50;
export const DELIVERY_LOCATION_MAX = 200;
/**
 * The default delivery location when the car and lane are unknown. The spec's default is the literal
 * template "{personal}", which riders saw as is; "Your car" is what it stands for.
 */
export const DEFAULT_DELIVERY_LOCATION = 'Your car';

export const ORDER_STATUSES = ['received', 'preparing', 'on_its_way', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  received: 'Received',
  preparing: 'Preparing',
  on_its_way: 'On its way',
  delivered: 'Delivered',
};

/** rider-core §8 successes and failure. */
export const ORDER_TOASTS = {
  added: 'Added to Cart',
  placed: { title: 'Order Placed', description: 'Your order will be delivered to your car.' },
  queued: { title: 'Order queued', description: "You're offline. It will be sent once, as soon as you reconnect." },
  failure: 'Failed to place order. Please try again.',
} as const;

const quantity = z
  .int(`quantity must be a whole number`)
  .check(
    z.minimum(1, 'quantity must be at least 1'),
    z.maximum(ORDER_QUANTITY_MAX, `quantity must be at most ${ORDER_QUANTITY_MAX}`),
  );

/** POST /api/orders */
export const orderInputSchema = z.object({
  order: z.object({
    userId: z.optional(z.unknown()),
    total: z.optional(z.unknown()),
    deliveryLocation: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Delivery location is required'),
        z.maxLength(DELIVERY_LOCATION_MAX, `Delivery location must be at most ${DELIVERY_LOCATION_MAX} characters`),
      ),
    /** A reward's DH-… code; the server checks it and takes its discount off (src/domain/store-discount.ts). */
    discountCode: z.optional(z.nullable(discountCodeSchema)),
  }),
  items: z
    .array(
      z.object({
        storeItemId: z.string().check(z.minLength(1), z.maxLength(100)),
        quantity,
        price: z.optional(z.unknown()),
      }),
    )
    .check(z.minLength(1, 'An order needs at least one item'), z.maxLength(ORDER_LINES_MAX)),
});
export type OrderInput = z.infer<typeof orderInputSchema>;

export interface OrderLineRequest {
  storeItemId: string;
  quantity: number;
}

/** Sums the quantities of lines naming the same item, keeping first-seen order. */
export function mergeOrderLines(lines: readonly OrderLineRequest[]): OrderLineRequest[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.storeItemId, (merged.get(line.storeItemId) ?? 0) + line.quantity);
  return [...merged].map(([storeItemId, q]) => ({ storeItemId, quantity: q }));
}

/** Σ quantity × price, in cents. */
export function orderTotalCents(lines: ReadonlyArray<{ quantity: number; price: string }>): number {
  return lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
}

export const orderSchema = z.object({
  id: z.int(),
  status: z.enum(ORDER_STATUSES),
  total: z.string(),
  /** Already taken off `total`; "0.00" without a code. */
  discount: z.optional(z.string()),
  discountCode: z.optional(z.nullable(z.string())),
  deliveryLocation: z.string(),
  createdAt: z.string(),
  statusChangedAt: z.string(),
  items: z.array(z.object({ storeItemId: z.string(), name: z.string(), quantity: z.int(), price: z.string() })),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/** POST /api/staff/orders/:id/status */
export const orderStatusInputSchema = z.object({ status: z.enum(ORDER_STATUSES) });

/** Statuses move forward only (received → preparing → on its way → delivered). */
export function isForwardMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUSES.indexOf(to) > ORDER_STATUSES.indexOf(from);
}

/**
 * Where the order goes: "Your car", then what is known of where it stands — the car's number, the
 * lane and place in the queue (from the rider's queue position) and the terminal — e.g. "Your car
 * (ABC 123), Lane 2, position 14, Horseshoe Bay". The rider can edit it before ordering.
 */
export function defaultDeliveryLocation(
  carNumber: string | null | undefined,
  position: { lane?: unknown; positionInQueue?: number; terminalName?: string } | null | undefined,
): string {
  const car =
    carNumber && carNumber.trim() ? `${DEFAULT_DELIVERY_LOCATION} (${carNumber.trim()})` : DEFAULT_DELIVERY_LOCATION;
  const parts: string[] = [car];
  const lane = position?.lane;
  if (typeof lane === 'string' && lane.trim())
    parts.push(/lane|queue/i.test(lane) ? lane.trim() : `Lane ${lane.trim()}`);
  else if (typeof lane === 'number') parts.push(`Lane ${lane}`);
  if (position?.positionInQueue) parts.push(`position ${position.positionInQueue}`);
  if (parts.length > 1 && position?.terminalName) parts.push(position.terminalName);
  return parts.join(', ');
}

/** Catalogue order, as GET /api/store/items answers it: by category (declaration order), then id. */
export function sortStoreItems<T extends Pick<StoreItem, 'id' | 'category'>>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      STORE_CATEGORIES.indexOf(a.category) - STORE_CATEGORIES.indexOf(b.category) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
