/**
 * One log line per request, made cheaply. Fastify's own request logging writes two lines a request
 * (one on arrival, one on completion, each through its request and response serialisers), which cost
 * about as much as answering a cached read. This keeps Fastify's other lines (errors, 404s, stream
 * failures) and writes one line once the answer has gone: method, URL, status and time in ms, as
 * the message of the request's logger (which carries its reqId). A request that failed is logged
 * as Fastify logs it.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    request.log.info(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`);
  }
}
