/**
 * One log line per request, made cheaply: Fastify's own request logging writes two lines a request
 * (one on arrival, one on completion, each through its request and response serialisers), which cost
 * about as much as answering a cached read. This writes one line once the answer has gone: method,
 * URL, status and time in ms, as the message of the request's logger (which carries its reqId).
 * A failed request is also logged where it fails (server/http/errors.ts).
 */
import type { FastifyInstance } from 'fastify';

/** Fastify options that turn its two lines a request off; registerRequestLog writes the one. */
export const REQUEST_LOGGING_OPTIONS = { disableRequestLogging: true } as const;

/** `level`: LOG_LEVEL; above info (or silent) there is nothing to write and no hook is added. */
export function registerRequestLog(app: FastifyInstance, level: string): void {
  if (!['trace', 'debug', 'info'].includes(level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`);
    done();
  });
}
