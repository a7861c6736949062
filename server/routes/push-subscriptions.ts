/**
 * Web Push subscriptions, so alerts reach a rider whose app is closed. The browser's PushSubscription is
 * stored per rider; server/alerts/deliver-alert.ts pushes to all of a rider's subscriptions and drops
 * those the push service answers 404/410 for.
 *
 * - POST   /push/subscriptions {endpoint, keys:{p256dh, auth}, expirationTime?} → 201 { endpoint }
 *   Upsert by endpoint: an endpoint sent again (new keys, or a browser now signed in as another rider)
 *   moves to the caller with the latest keys. A rider keeps at most MAX_PUSH_SUBSCRIPTIONS_PER_RIDER,
 *   the newest, so one account cannot make every alert fan out without bound
 *   (../push/subscription-repository.ts).
 * - DELETE /push/subscriptions {endpoint} → 204, whether or not the caller had it (idempotent); another
 *   rider's subscription is never touched.
 *
 * Endpoints must be public https URLs (../push/endpoint-guard.ts): the server POSTs to whatever is
 * stored here, so loopback, private and reserved addresses and odd ports are refused with 400.
 */
import type { FastifyInstance } from 'fastify';

import { subscribePush, unsubscribePush } from '@/domain/contracts/notifications';

import type { Config } from '../config';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { checkPushEndpoint, parseAllowHosts } from '../push/endpoint-guard';
import { removeSubscription, saveSubscription } from '../push/subscription-repository';

export function registerPushSubscriptionRoutes(
  api: FastifyInstance,
  deps: { database: Database; config: Pick<Config, 'PUSH_ENDPOINT_ALLOW_HOSTS'> },
): void {
  const allowHosts = parseAllowHosts(deps.config.PUSH_ENDPOINT_ALLOW_HOSTS);
  async function requirePublicHttps(endpoint: string): Promise<void> {
    const verdict = await checkPushEndpoint(endpoint, allowHosts);
    if (!verdict.ok) throw httpError(400, 'invalid_request', `Invalid request body: endpoint: ${verdict.reason}`);
  }

  route(api, subscribePush, {}, async (request, reply, user) => {
    const input = request.body;
    await requirePublicHttps(input.endpoint);
    const answer = await commitWrite(deps.database, request, reply, 201, async (tx) => {
      await saveSubscription(tx, user.id, input);
      return { endpoint: input.endpoint };
    });
    return reply.send(answer);
  });

  route(api, unsubscribePush, {}, async (request, reply, user) => {
    await commitWrite(deps.database, request, reply, 204, (tx) =>
      removeSubscription(tx, user.id, request.body.endpoint),
    );
    return reply.send();
  });
}
