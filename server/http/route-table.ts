/**
 * Every route the app registers (method and URL pattern), collected through Fastify's onRoute hook
 * as they are added. Tests walk it to fuzz and check every route; it lists what exists, nothing more.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  /** Whether it was registered from a contract (./contract-route.ts). */
  hasContract: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
  }
}

/** Call before any route is registered. */
export function registerRouteTable(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, hasContract: Boolean(route.config?.contract) });
    }
  });
}
