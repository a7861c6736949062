/**
 * GET /api/ferries: the feed's current vessels in the spec's Ferry shape (rider-core §3, §7),
 * earliest next departure first. The body is made once per feed change (the feed's cached JSON,
 * brotli and gzip, with ETags: server/http/encoded-body.ts), so a request costs about as much as
 * serving a constant; a client that has the current list gets a 304. The contract's answer schema
 * documents the shape and lets the client check it; the bytes sent are the cached ones, never
 * serialised again per request.
 */
import type { FastifyInstance } from 'fastify';

import { listFerries } from '@/domain/contracts/ferries';

import { ferriesJson } from '../feed/ferries-json';
import type { FerryFeed } from '../feed/ferry-feed';
import { route } from '../http/contract-route';
import { encodedOnce, sendEncoded } from '../http/encoded-body';

const ferriesBody = encodedOnce(ferriesJson);

export function registerFerryRoutes(api: FastifyInstance, deps: { feed: FerryFeed }): void {
  // Already compressed, once per change: the per-response compression is not wanted here.
  route(api, listFerries, { compress: false }, async (request, reply) => {
    const body = await ferriesBody(deps.feed.current());
    return sendEncoded(
      request,
      reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8'),
      body,
    );
  });
}
