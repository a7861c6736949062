/**
 * Read-only reference data for the store and the help page (rider-core §7 GET /api/store/items;
 * GET /api/faq, GET /api/fares). Public: no session needed. The data comes from
 * server/reference/reference-repository.ts.
 */
import type { FastifyInstance } from 'fastify';

import * as contracts from '@/domain/contracts/reference';

import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { listFaq, listFares, listStoreItems } from '../reference/reference-repository';

export function registerStoreRoutes(api: FastifyInstance, deps: { database: Database }): void {
  route(api, contracts.listStoreItems, {}, () => listStoreItems(deps.database));
  route(api, contracts.listFaq, {}, () => listFaq(deps.database));
  route(api, contracts.listFares, {}, () => listFares(deps.database));
}
