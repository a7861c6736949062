/**
 * Writes only from the app's own pages. A browser sends Origin with every cross-origin request and
 * with same-origin writes; a state-changing request (POST/PUT/PATCH/DELETE) whose Origin is another
 * site (or "null", a sandboxed frame) is refused with 403 before it reaches a route, on top of the
 * session cookie's SameSite=Lax. Requests without Origin (curl, server-to-server, tests) are not
 * browser cross-site requests and pass.
 */
import type { FastifyInstance } from 'fastify';

import { sendError } from './errors';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when `origin` names the same scheme, host and port the request was sent to. */
export function isSameOrigin(origin: string, protocol: string, host: string): boolean {
  try {
    const parsed = new URL(origin);
    return parsed.protocol === `${protocol}:` && parsed.host === new URL(`${protocol}://${host}`).host;
  } catch {
    return false;
  }
}

export function registerOriginCheck(app: FastifyInstance): void {
  // Callback style: most requests are reads and pass at once, without a promise made for them.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (
      !WRITE_METHODS.has(request.method) ||
      origin === undefined ||
      isSameOrigin(origin, request.protocol, request.host)
    ) {
      done();
      return;
    }
    sendError(reply, 403, 'forbidden_origin', "Changes are accepted only from Deckhand's own pages");
  });
}
