/**
 * Hooks that concern only some routes, attached to those routes when they are registered instead of
 * running on every request to find out they have nothing to do (each async hook a request passes
 * costs a promise and a turn of the microtask queue, and a GET of the feed passes many).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

type RouteHookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse';

/** Adds `hook` as a `name` hook of every route `applies` picks, registered from now on. */
export function addRouteHook(
  app: FastifyInstance,
  name: RouteHookName,
  applies: (route: RouteOptions) => boolean,
  hook: unknown,
): void {
  app.addHook('onRoute', (route) => {
    if (!applies(route)) return;
    const existing = (route as unknown as Record<RouteHookName, unknown>)[name];
    const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    (route as unknown as Record<RouteHookName, unknown>)[name] = [...hooks, hook];
  });
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the route answers a state-changing method (POST, PUT, PATCH, DELETE). */
export function isWriteRoute(route: Pick<RouteOptions, 'method'>): boolean {
  return [route.method].flat().some((m) => WRITE_METHODS.has(m));
}
