/** Store orders (rider-core §7): a rider places and reads their orders; staff move an order forward. */
import { z } from 'zod/mini';

import { orderInputSchema, orderListSchema, orderSchema, orderStatusInputSchema } from '../store';
import { defineContract } from './contract';
import { serialIdParam } from './params';

/** At most this many of the caller's orders come back, newest first. */
export const ORDER_LIST_LIMIT = 50;

export const placeOrder = defineContract({
  method: 'POST',
  path: '/api/orders',
  summary:
    "Places an order as the session's rider, priced from the store's catalogue (the body's userId, total and prices are ignored)",
  tag: 'Orders',
  access: 'rider',
  body: orderInputSchema,
  responses: { 201: orderSchema },
});

export const listOrders = defineContract({
  method: 'GET',
  path: '/api/orders',
  summary: `The caller's own orders, newest first, at most ${ORDER_LIST_LIMIT}, each with its lines (empty without a session)`,
  tag: 'Orders',
  access: 'anyone',
  responses: { 200: orderListSchema },
});

export const moveOrderStatus = defineContract({
  method: 'POST',
  path: '/api/staff/orders/:id/status',
  summary: 'Moves an order forward to the given status (409 for a move backwards or to the same status)',
  tag: 'Orders',
  access: 'staff',
  params: z.object({ id: serialIdParam }),
  body: orderStatusInputSchema,
  responses: { 200: orderSchema },
});
