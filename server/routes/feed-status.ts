/**
 * GET /api/feed/status (public): what each ferry data source is doing (src/domain/feed-status.ts):
 * last success, last change, last error, rows and routes dropped from the last document, MMSIs
 * subscribed and vessels heard, whether simulated, and why the simulator stands in when it does
 * under FEED_SOURCE=auto. Nothing secret: no key, no stream URL, no upstream address.
 */
import type { FastifyInstance } from 'fastify';

import { feedStatus } from '@/domain/contracts/feed-status';

import type { FerryFeed } from '../feed/ferry-feed';
import { route } from '../http/contract-route';

export function registerFeedStatusRoutes(api: FastifyInstance, deps: { feed: FerryFeed; now?: () => number }): void {
  const clock = deps.now ?? Date.now;
  route(api, feedStatus, {}, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return deps.feed.status(clock());
  });
}
