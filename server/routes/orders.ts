/**
 * Orders (rider-core §7 POST /api/orders; GET /api/orders and the staff status route).
 * The session decides whose order it is. POST is made exactly-once by the Idempotency-Key hook
 * (server/http/idempotency.ts): a replay answers the first 201 without touching stock again.
 *
 * Staff (or admins) move an order forward with POST /api/staff/orders/:id/status {status}; a move
 * backwards or to the same status is 409, an unknown order 404.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orderInputSchema, orderStatusInputSchema } from '@/domain/store';
import { currentRider, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import { parseBody, parseParams } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { serialId } from '../http/params';
import { checkForwardMove, listRiderOrders, moveOrderForward } from '../orders/order-repository';
import { placeOrder } from '../orders/place-order';

const orderIdParams = z.object({ id: serialId });

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
    return user ? listRiderOrders(db, user.id) : [];
  });

  api.post('/staff/orders/:id/status', { config: { role: 'staff' } }, async (request, reply) => {
    const { id } = parseParams(orderIdParams, request.params);
    const { status } = parseBody(orderStatusInputSchema, request.body);
    await checkForwardMove(db, id, status);
    const order = await commitWrite(deps.database, request, reply, 200, (tx) => moveOrderForward(tx, id, status));
    return reply.send(order);
  });
}
