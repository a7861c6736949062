/**
 * Requests Fastify refuses before any route runs still get the API's `{error, message}` body:
 * - a path that is not valid URL encoding (`/api/x/%E0%A4%A`) → 400 `invalid_request`;
 * - a JSON body in a charset other than UTF-8 → 415 (JSON is UTF-8, RFC 8259);
 * - a body with invalid UTF-8 bytes → 400 `invalid_json` (the parser would otherwise read U+FFFD);
 * - a body nesting arrays/objects deeper than MAX_JSON_DEPTH → 400 `invalid_json`, measured in one
 *   pass before parsing, so no later walk over the value (NUL rule, idempotency hash) can recurse deep.
 * Unparseable JSON, empty JSON, bodies over the limit and unknown content types are mapped in
 * ./errors.ts.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '@/domain/json-depth';

import { httpError, sendError } from './errors';

/** Fastify's `frameworkErrors` option: errors raised while routing, before hooks run. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, _request, reply) => {
  if (error.code === 'FST_ERR_BAD_URL')
    return sendError(reply, 400, 'invalid_request', 'The path is not valid URL encoding');
  return sendError(reply, 400, 'invalid_request', error.message);
};

const decoder = new TextDecoder('utf-8', { fatal: true });

export function registerBodyParsing(app: FastifyInstance): void {
  // Fastify's own JSON parser, with __proto__ / constructor.prototype refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: undefined }, (request, body, done) => {
    const charset = /charset\s*=\s*"?([^;"\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      return done(
        httpError(415, 'unsupported_media_type', 'JSON bodies must be UTF-8; send charset=utf-8 or no charset'),
        undefined,
      );
    }
    const buffer = body as Buffer;
    if (buffer.length === 0)
      return done(
        httpError(400, 'invalid_json', "Request body is empty but Content-Type is 'application/json'"),
        undefined,
      );
    let text: string;
    try {
      text = decoder.decode(buffer);
    } catch {
      return done(httpError(400, 'invalid_json', 'Request body is not valid UTF-8'), undefined);
    }
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(
        httpError(400, 'invalid_json', `Request body nests arrays and objects more than ${MAX_JSON_DEPTH} deep`),
        undefined,
      );
    }
    parseJson(request, text, (error, value) => {
      if (error) done(httpError(400, 'invalid_json', 'Request body is not valid JSON'), undefined);
      else done(null, value);
    });
  });
}
