/**
 * Liveness and readiness in one: 200 `{status:'ok', db, uptimeSeconds}` after a round trip to the
 * database, 503 `{error:'db_unavailable'}` when the database does not answer. Load balancers use it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { sendError } from '../http/errors';

export function registerHealthRoutes(api: FastifyInstance, deps: { database: Database }): void {
  api.get('/health', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await deps.database.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return sendError(reply, 503, 'db_unavailable', 'The database is not answering');
    }
    return { status: 'ok', db: deps.database.kind, uptimeSeconds: Math.floor(process.uptime()) };
  });
}
