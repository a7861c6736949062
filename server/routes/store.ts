/**
 * Read-only reference data for the store and the help page (rider-core §7 GET /api/store/items;
 * GET /api/faq, GET /api/fares). Public: no session needed. The data comes from
 * server/reference/reference-repository.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { listFaq, listFares, listStoreItems } from '../reference/reference-repository';

export function registerStoreRoutes(api: FastifyInstance, deps: { database: Database }): void {
  api.get('/store/items', () => listStoreItems(deps.database));
  api.get('/faq', () => listFaq(deps.database));
  api.get('/fares', () => listFares(deps.database));
}
