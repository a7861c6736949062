/**
 * One contract per API endpoint: its method, path, who may call it, and the schemas of its params,
 * query, body and success answers, declared once here and used three ways:
 * - the server registers the route with it (server/http/contract-route.ts): validation, the 400
 *   `{error, message}` answer and the handler's types all come from these schemas;
 * - the client calls the endpoint through it (`callApi` in src/lib/api-client.ts), which builds the
 *   path and checks the answer against the success schema;
 * - the OpenAPI document at /api/docs is generated from the registered routes.
 * Schemas are zod/mini (the client's bundle stays small); the server accepts them as they are.
 */
import type { z } from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who the server lets call an endpoint (enforced on the server; documented from here). */
export type ContractAccess = 'anyone' | 'rider' | 'member' | 'staff' | 'admin';

type Schema = z.core.$ZodType;

export interface Contract {
  method: HttpMethod;
  /** The full path, with `:name` for each path parameter: '/api/complaints/:id'. */
  path: `/api/${string}`;
  /** One line for the API reference. */
  summary: string;
  /** The resource it belongs to (the API reference groups by it). */
  tag: string;
  access: ContractAccess;
  params?: Schema;
  query?: Schema;
  /** A JSON body. Multipart uploads declare `multipart` instead: their parts are read by the route. */
  body?: Schema;
  /** A multipart/form-data body: the names of its parts, for the reference. */
  multipart?: readonly string[];
  /** The success answers by status (the first one listed is the one the client checks). */
  responses: Partial<Record<200 | 201 | 202 | 204, Schema>>;
}

/**
 * Declares a contract, keeping its literal types for the server's and the client's inference.
 * Marked free of side effects so the bundler drops the contracts a client chunk does not call.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

type Output<S> = S extends Schema ? z.output<S> : undefined;
type Input<S> = S extends Schema ? z.input<S> : undefined;

/** What the client sends: the params, query and body as the contract declares them. */
export type CallInput<C extends Contract> = ('params' extends keyof C
  ? { params: Input<C['params']> }
  : { params?: undefined }) &
  ('query' extends keyof C ? { query?: Input<C['query']> } : { query?: undefined }) &
  ('body' extends keyof C ? { body: Input<C['body']> } : { body?: undefined });

/** The answer of a successful call, as the contract declares it. */
export type SuccessOf<C extends Contract> = Output<C['responses'][keyof C['responses']]>;

/** The schema the client checks the answer against: the first success status declared. */
export function successSchema(contract: Contract): Schema | undefined {
  for (const status of [200, 201, 202, 204] as const) {
    if (status in contract.responses) return contract.responses[status];
  }
  return undefined;
}

/** '/api/complaints/:id' with `{id: 7}` → '/api/complaints/7' (each value URL-encoded). */
export function contractPath(contract: Pick<Contract, 'path'>, params?: Record<string, unknown>): string {
  return contract.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${contract.path} needs the path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/** Whether a request (its method and path, query and all) is a call to `contract`: ':param' segments match any one segment. */
export function contractMatches(contract: Pick<Contract, 'method' | 'path'>, method: string, path: string): boolean {
  if (contract.method !== method) return false;
  const [pathname = ''] = path.split('?');
  const wanted = contract.path.split('/');
  const got = pathname.split('/');
  return (
    wanted.length === got.length && wanted.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
  );
}

/** The query string of a call ('' without one): `undefined` values are left out, arrays repeat the key. */
export function contractQuery(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
