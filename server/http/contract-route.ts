/**
 * Routes registered from their contracts (src/domain/contracts/): a route file reads as contract,
 * call, answer.
 * - `route(api, contract, options, handler)`: the contract's params, query and body are the route's
 *   Fastify schema, so they are checked before the handler runs (400 `{error, message}` naming every
 *   problem, the same words as before: ./errors.ts `checkInput`) and the handler's request and answer
 *   are typed from them.
 * - The contract's `access` is the route's role: server/auth reads it from the route's config and
 *   resolves the caller, handed to the handler as its third argument (`CallerOf`): a back-office
 *   account for 'staff' and 'admin' routes, checked before the body is read (401/403); the rider for
 *   'rider' routes (an account is created at a first write) once the input is valid. 'anyone' and
 *   'member' routes get none: a member gate depends on the feature (server/membership/tiers.ts).
 * - Answers are serialised with JSON.stringify as before: the client checks them against the
 *   contract (src/lib/api-client.ts), and the feed's pre-serialised bytes pass untouched.
 * - `registerContracts(app)` sets both compilers and generates the OpenAPI document from the
 *   registered routes, served with its reference page at /api/docs (JSON at /api/docs/json).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteOptions,
} from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

import type { Contract, SuccessOf } from '@/domain/contracts/contract';

import { checkInput } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (every /api route has one: tests check it). */
    contract?: Contract;
  }
}

export const API_DOCS_PATH = '/api/docs';

/**
 * The caller a route's handler is handed, by its contract's access. Filled in by the modules that
 * resolve callers (server/auth), which this layer does not import.
 */
export interface CallerByAccess {
  anyone: undefined;
}

export type CallerOf<C extends Contract> = C['access'] extends keyof CallerByAccess
  ? CallerByAccess[C['access']]
  : undefined;

declare module 'fastify' {
  interface FastifyRequest {
    /** The route's caller, as resolved for its contract's access (see CallerByAccess). */
    caller?: unknown;
  }
}

type Output<S> = S extends z.core.$ZodType ? z.output<S> : unknown;

export type ContractRequest<C extends Contract> = FastifyRequest<{
  Params: Output<C['params']>;
  Querystring: Output<C['query']>;
  Body: Output<C['body']>;
}>;

/** A handler answers the contract's success shape, or sends its own reply (another status, an error, bytes). */
export type ContractHandler<C extends Contract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
  caller: CallerOf<C>,
) => Promise<SuccessOf<C> | FastifyReply | void> | SuccessOf<C> | FastifyReply | void;

export interface ContractRouteOptions {
  config?: Omit<FastifyContextConfig, 'contract'>;
  bodyLimit?: number;
  /** false: the route sends bytes it compressed itself (./encoded-body.ts), so @fastify/compress leaves them alone. */
  compress?: false;
}

/** Registers `handler` under `api` (the /api plugin) at the contract's method and path, validated by its schemas. */
export function route<C extends Contract>(
  api: FastifyInstance,
  contract: C,
  options: ContractRouteOptions,
  handler: ContractHandler<C>,
): void {
  if (!contract.path.startsWith(`${api.prefix}/`)) throw new Error(`${contract.path} is not under ${api.prefix}`);
  api.route({
    method: contract.method,
    url: contract.path.slice(api.prefix.length),
    schema: contractSchema(contract),
    config: { ...options.config, contract },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.compress === false ? { compress: false } : {}),
    handler: ((request: ContractRequest<C>, reply: FastifyReply) =>
      handler(request, reply, request.caller as CallerOf<C>)) as RouteOptions['handler'],
  });
}

const ACCESS_TEXT: Record<Contract['access'], string> = {
  anyone: 'Anyone may call it.',
  rider: 'A rider session (the device account the app creates) is required.',
  member: 'A rider with a membership is required.',
  staff: 'A back-office session of staff or an admin is required.',
  admin: 'A back-office session of an admin is required.',
};

function contractSchema(contract: Contract): FastifySchema {
  return {
    summary: contract.summary,
    description:
      ACCESS_TEXT[contract.access] +
      (contract.multipart ? ` Multipart form parts: ${contract.multipart.join(', ')}.` : ''),
    tags: [contract.tag],
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response: contract.responses,
  };
}

const PART_NAMES: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'path',
  headers: 'headers',
};

/** Zod schemas checked the way every route checked its input before contracts (./errors.ts). */
const contractValidator: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema, httpPart }) =>
  (data) =>
    checkInput(schema, data, PART_NAMES[httpPart ?? 'body'] ?? 'request');

/** Sets the compilers and the OpenAPI document. Call before any route is registered. */
export async function registerContracts(app: FastifyInstance, info: { version: string }): Promise<void> {
  app.setValidatorCompiler(contractValidator);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Deckhand API',
        version: info.version,
        description:
          'The API behind the Deckhand app. Errors answer `{error, message}` with a 4xx status for anything a client sends wrong. ' +
          'Writes accept an `Idempotency-Key` header: a retried write is answered from the first, never applied twice.',
      },
    },
    hideUntagged: true,
    transform: createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } }),
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, uiConfig: { docExpansion: 'list', deepLinking: true } });
}
