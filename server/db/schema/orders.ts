/**
 * Store orders and their lines.
 */
import { index, integer, numeric, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { ORDER_STATUSES } from '../../../src/domain/store';
import { createdAt } from './columns';
import { storeItems } from './reference';
import { users } from './riders';

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);

/**
 * A rider's store order. `total` is computed by the server from store_items at order time, in integer
 * cents, and stored with 2 decimals. The status moves only when staff move it
 * (POST /api/staff/orders/:id/status); `statusChangedAt` drives the order-update alerts.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    total: numeric('total', { precision: 8, scale: 2 }).notNull(),
    deliveryLocation: text('delivery_location').notNull(),
    status: orderStatusEnum('status').notNull().default('received'),
    /** What a reward's discount code took off (already subtracted from `total`), and the code. */
    discount: numeric('discount', { precision: 8, scale: 2 }).notNull().default('0.00'),
    discountCode: text('discount_code'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_changed_idx').on(t.status, t.statusChangedAt),
  ],
);

/** One line of an order; `price` is the catalogue price when the order was placed. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeItemId: text('store_item_id')
      .notNull()
      .references(() => storeItems.id),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 8, scale: 2 }).notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);
