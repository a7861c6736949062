/**
 * GET /api/ferries: the feed's current vessels in the spec's Ferry shape (rider-core §3, §7),
 * earliest next departure first. The body is the feed's cached JSON (one stringify and one schema
 * check per change), so this route costs about as much as serving a constant string.
 */
import type { FastifyInstance } from 'fastify';
import { ferriesJson } from '../feed/ferries-json';
import type { FerryFeed } from '../feed/ferry-feed';

export function registerFerryRoutes(api: FastifyInstance, deps: { feed: FerryFeed }): void {
  api.get('/ferries', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8');
    return ferriesJson(deps.feed.current());
  });
}
