/**
 * Orders (rider-core §7 POST /api/orders; GET /api/orders and the staff status route).
 * The session decides whose order it is. POST is made exactly-once by the Idempotency-Key hook
 * (server/http/idempotency.ts): a replay answers the first 201 without touching stock again.
 *
 * Staff (or admins) move an order forward with POST /api/staff/orders/:id/status {status}; a move
 * backwards or to the same status is 409, an unknown order 404.
 */
import type { FastifyInstance } from 'fastify';

import { listOrders, moveOrderStatus, placeOrder } from '@/domain/contracts/orders';

import { currentRider } from '../auth/session';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { commitWrite } from '../http/idempotency';
import { checkForwardMove, listRiderOrders, moveOrderForward } from '../orders/order-repository';
import { placeOrder as placeRiderOrder } from '../orders/place-order';

export function registerOrderRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { database } = deps;
  const clock = deps.now ?? Date.now;

  route(api, placeOrder, {}, async (request, reply, user) => {
    return reply.send(
      await commitWrite(database, request, reply, 201, (tx) =>
        placeRiderOrder(tx, user.id, request.body, new Date(clock())),
      ),
    );
  });

  route(api, listOrders, {}, async (request, reply) => {
    const user = await currentRider(request, reply);
    return user ? listRiderOrders(database.db, user.id) : [];
  });

  route(api, moveOrderStatus, {}, async (request, reply) => {
    const { id } = request.params;
    const { status } = request.body;
    await checkForwardMove(database.db, id, status);
    return reply.send(await commitWrite(database, request, reply, 200, (tx) => moveOrderForward(tx, id, status)));
  });
}
