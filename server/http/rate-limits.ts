/**
 * Abuse limits on the API (@fastify/rate-limit), two at once:
 * - per client: every /api and /ws request counts against the caller's IP address
 *   (RATE_LIMIT_PER_CLIENT a minute; the address comes from a trusted proxy only, see TRUST_PROXY);
 * - per rider: writes (POST/PUT/PATCH/DELETE under /api) count against the session, or the IP
 *   address without one (RATE_LIMIT_WRITES_PER_RIDER a minute), so one account cannot flood writes
 *   from many addresses.
 * Over a limit the answer is 429 `{error: "too_many_requests", message}` with Retry-After (and the
 * X-RateLimit-* headers; answers under the limit carry none). The
 * built app's files are not limited: a page load fetches dozens of them.
 *
 * Whether a request is limited is decided on what the router serves, not on the raw URL: the route
 * it matched, or else the percent-decoded path. `/%61pi/ferries` and `/w%73` reach the same
 * handlers as `/api/ferries` and `/ws`, so they count against the same limits.
 *
 * The plugin runs one limiter per request per registration, so each limiter is its own
 * registration in its own scope, and the root calls both.
 */
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

import type { Config } from '../config';
import { HttpError } from './errors';

export const RATE_LIMIT_WINDOW_MS = 60_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isLimitedPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/ws' || path.startsWith('/ws/');
}

/** The request's path as the router reads it: query cut off, percent-encoding decoded. */
function decodedPath(url: string): string {
  const raw = url.split('?', 1)[0] ?? url;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The matched route (the routing table's spelling) or the decoded path falls under /api or /ws. */
export function isLimitedRequest(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): boolean {
  const route = request.routeOptions.url;
  return (route !== undefined && isLimitedPath(route)) || isLimitedPath(decodedPath(request.url));
}

/** The rider's limit key: their session cookie's hash, or the address without one. */
function riderKey(sessionCookie: string): (request: FastifyRequest) => string {
  return (request) => {
    const token = request.cookies?.[sessionCookie];
    return token ? `session:${createHash('sha256').update(token).digest('base64url')}` : `ip:${request.ip}`;
  };
}

async function limiter(
  app: FastifyInstance,
  options: { max: number; keyGenerator?: (request: FastifyRequest) => string; what: string },
): Promise<onRequestAsyncHookHandler> {
  let handler: onRequestAsyncHookHandler | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      // An answer under the limit carries no X-RateLimit-* headers (three headers checked and sent on
      // every API answer, read by no client); a refused one still says when to retry.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    });
    handler = scope.rateLimit({
      max: options.max,
      timeWindow: RATE_LIMIT_WINDOW_MS,
      ...(options.keyGenerator ? { keyGenerator: options.keyGenerator } : {}),
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          429,
          'too_many_requests',
          `Too many ${options.what}; try again in ${Math.ceil(context.ttl / 1000)} s`,
        ),
    }) as onRequestAsyncHookHandler;
  });
  if (!handler) throw new Error('rate limiter was not created');
  return handler;
}

export async function registerRateLimits(
  app: FastifyInstance,
  config: Pick<Config, 'RATE_LIMIT_PER_CLIENT' | 'RATE_LIMIT_WRITES_PER_RIDER'>,
  /** The rider session cookie's name (server/auth/session.ts; http/ never imports auth/). */
  session: { cookie: string },
): Promise<void> {
  const perClient = await limiter(app, { max: config.RATE_LIMIT_PER_CLIENT, what: 'requests from this address' });
  const perRider = await limiter(app, {
    max: config.RATE_LIMIT_WRITES_PER_RIDER,
    keyGenerator: riderKey(session.cookie),
    what: 'changes from this account',
  });
  app.addHook('onRequest', async function (request, reply) {
    if (!isLimitedRequest(request)) return;
    await perClient.call(this, request, reply);
    if (WRITE_METHODS.has(request.method)) await perRider.call(this, request, reply);
  });
}
