/**
 * A bare Fastify app serving only the routes a test registers (under /api), with the real error
 * handling and contracts: for a service the test builds itself (a forecast service over its own
 * sailings, a weather service over a fake source). Ready when returned; close it in afterAll.
 */
import Fastify, { type FastifyInstance } from 'fastify';

import { registerContracts } from '../../../server/http/contract-route';
import { registerErrorHandling } from '../../../server/http/errors';

export async function routesApp(routes: (scope: FastifyInstance) => Promise<void> | void): Promise<FastifyInstance> {
  const api = Fastify();
  registerErrorHandling(api);
  await registerContracts(api, { version: 'test' });
  await api.register(async (scope) => routes(scope), { prefix: '/api' });
  await api.ready();
  return api;
}
