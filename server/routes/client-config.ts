/**
 * GET /api/config: what the PWA needs at run time and cannot know at build time — where the
 * realtime database is (hosted project, or the port of the server's local emulator) and the Web
 * Push public key (null until push is configured), and whether desktop visitors get the landing page.
 */
import type { FastifyInstance } from 'fastify';

import { readClientConfig } from '@/domain/contracts/client-config';
import type { ClientRealtimeConfig } from '@/domain/realtime';

import type { Config } from '../config';
import { route } from '../http/contract-route';

export function registerConfigRoutes(
  api: FastifyInstance,
  deps: { realtime: ClientRealtimeConfig; vapidPublicKey?: string; config: Pick<Config, 'LANDING_ENABLED'> },
): void {
  route(api, readClientConfig, {}, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return {
      realtime: deps.realtime,
      vapidPublicKey: deps.vapidPublicKey ?? null,
      landingEnabled: deps.config.LANDING_ENABLED,
    };
  });
}
