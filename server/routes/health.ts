/**
 * Liveness and readiness in one: 200 `{status:'ok', db, uptimeSeconds}` after a round trip to the
 * database, 503 `{error:'db_unavailable'}` when the database does not answer. Load balancers use it.
 */
import type { FastifyInstance } from 'fastify';

import { checkHealth } from '@/domain/contracts/health';

import type { Database } from '../db/client';
import { pingDatabase } from '../health/database-ping';
import { route } from '../http/contract-route';
import { sendError } from '../http/errors';

export function registerHealthRoutes(api: FastifyInstance, deps: { database: Database }): void {
  route(api, checkHealth, {}, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await pingDatabase(deps.database);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return sendError(reply, 503, 'db_unavailable', 'The database is not answering');
    }
    return { status: 'ok' as const, db: deps.database.kind, uptimeSeconds: Math.floor(process.uptime()) };
  });
}
