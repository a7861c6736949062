/**
 * One error shape for the whole API: `{ error: code, message: text }` (DESIGN.md convention 4).
 *
 * - Bad client input (zod, Fastify validation, unparseable JSON) is a 400 whose message says what is
 *   wrong; bodies over the limit are 413; content types the API does not read are 415.
 * - Routes validate through their contracts (./contract-route.ts calls `checkInput`) and refuse
 *   with `throw httpError(status, code, message)`.
 * - A value the database refuses as data (SQLSTATE class 22, e.g. out of range) is a 400: the
 *   schemas should catch it first (src/domain/value-ranges.ts); this is the net under them.
 * - Anything unexpected is logged with its stack and answered as a bare 500 that reveals nothing.
 * - Unknown paths answer 404 JSON. (The SPA fallback in server/http/static.ts hands non-API
 *   navigations to index.html before they get here.)
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { nulFree } from '@/domain/nul-free';

// The messages every 400 quotes ("Too small: expected string to have >=1 characters") are zod's
// English locale. The classic API installs it when loaded; said here so the words never depend on
// which schema happened to load first (src/domain's schemas are zod/mini, which installs none).
z.config(z.locales.en());

export interface ErrorBody {
  error: string;
  message: string;
}

/** An error a route throws on purpose: its status, code and message go to the caller as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function httpError(statusCode: number, code: string, message: string): HttpError {
  return new HttpError(statusCode, code, message);
}

/** "category is required; description: Description is required" — one line a person can act on. */
export function describeZodError(error: { issues: readonly z.core.$ZodIssue[] }, input: unknown): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.map(String).join('.');
      if (!where) return issue.message;
      if (issue.path.length > 0 && valueAt(input, issue.path) === undefined) return `${where} is required`;
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * `value` read by `schema`, or the 400 `invalid_request` naming every problem. Accepts classic and
 * zod/mini schemas alike (src/domain uses zod/mini to keep the client small). Contract routes'
 * validation (./contract-route.ts) calls it for their params, query and body.
 */
export function checkInput<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  what: string,
): { value: z.output<S> } | { error: HttpError } {
  // One rule for every string a client sends, before the route's own schema (see nul-free.ts).
  const clean = z.safeParse(nulFree, value);
  if (!clean.success)
    return { error: httpError(400, 'invalid_request', `Invalid ${what}: ${describeZodError(clean.error, value)}`) };
  const result = z.safeParse(schema, value);
  if (result.success) return { value: result.data };
  return { error: httpError(400, 'invalid_request', `Invalid ${what}: ${describeZodError(result.error, value)}`) };
}

export function sendError(reply: FastifyReply, statusCode: number, code: string, message: string): FastifyReply {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ error: code, message } satisfies ErrorBody);
}

/** Fastify's own client-error codes and how the API words them. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'invalid_json',
    message: "Request body is empty but Content-Type is 'application/json'",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'invalid_request',
    message: 'Request body size did not match Content-Length',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Unsupported Content-Type; send application/json',
  },
};

function errorHandler(
  this: FastifyInstance,
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof HttpError) return sendError(reply, error.statusCode, error.code, error.message);
  // $ZodError is the base of classic and zod/mini errors alike (src/domain uses zod/mini).
  if (error instanceof z.core.$ZodError) {
    return sendError(reply, 400, 'invalid_request', `Invalid request: ${describeZodError(error, request.body)}`);
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return sendError(reply, known.status, known.code, known.message);
  if (fastifyError.validation) return sendError(reply, 400, 'invalid_request', fastifyError.message);
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Plugins (cookie, websocket, multipart, ...) raise 4xx with messages written for callers.
    return sendError(reply, status, clientErrorCode(status), fastifyError.message);
  }
  if (isDataException(error)) {
    // A value the route's schema let through but the database cannot hold: the request's fault.
    request.log.warn({ err: error }, 'database refused a value the validation let through');
    return sendError(reply, 400, 'invalid_request', 'A value in the request is out of range');
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, 'internal', 'Internal server error');
}

/**
 * PostgreSQL's "data exception" class (SQLSTATE 22xxx: out of range, bad datetime, bad text for
 * the type) on the error or its cause (drizzle wraps the driver's error). Validation should have
 * refused such a value; this keeps one it missed a 400 instead of a 500.
 */
function isDataException(error: unknown): boolean {
  for (
    let at: unknown = error, depth = 0;
    at && typeof at === 'object' && depth < 3;
    at = (at as { cause?: unknown }).cause, depth++
  ) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

function clientErrorCode(status: number): string {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 408:
      return 'request_timeout';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'too_many_requests';
    default:
      return 'bad_request';
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    return sendError(reply, 404, 'not_found', `No route for ${request.method} ${path}`);
  });
}
