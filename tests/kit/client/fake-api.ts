/**
 * A fake Deckhand API standing in for `fetch` in a test, keyed by the endpoints' contracts
 * (src/domain/contracts). It answers what the test told it to for a contract (a value, a handler, a
 * reply with any status, an answer held until the test lets it go, or no answer at all), records every
 * request it received, answers anything else 404 `{error, message}` as the server does, and can be offline (fetch rejects with TypeError "Failed to
 * fetch", as a browser without signal does) or down (every request answered with a server error).
 *
 *   let api: FakeApi;
 *   beforeEach(() => {
 *     api = fakeApi().answer(listComplaints, []);
 *   });
 *   api.answer(fileComplaint, ({ body }) => ({ id: 7, ...body, status: 'received', … }));
 *   api.answer(fileComplaint, reply(409, { error: 'conflict', message: 'Already filed' }));
 *   api.offline();
 *   expect(api.callsTo(fileComplaint)).toHaveLength(1);
 *
 * A success value or a handler's answer must match the contract's success schema: a fake that
 * drifted from the contract fails the test instead of testing a screen against an answer the server
 * never gives. Requests are matched by method and path pattern (`:param` segments); where two
 * contracts match, the one with fewer parameters (the more literal path) answers, and the answer
 * given last for a contract replaces the one before.
 */
import { onTestFinished } from 'vitest';
import { safeParse } from 'zod/mini';

import { successSchema, type Contract, type HttpMethod, type SuccessOf } from '@/domain/contracts/contract';

/** A request the fake API received. */
export interface FakeRequest {
  method: HttpMethod;
  /** The path without its query string. */
  path: string;
  /** The `:param` values of the contract's path, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body parsed, a multipart body as FormData, or undefined. */
  body: unknown;
  idempotencyKey: string | null;
  headers: Headers;
  /** The contract that matched, if any. */
  contract?: Contract;
}

/** An answer with its own status (a refusal, a server error, an empty 204). */
export class FakeReply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

/** `reply(409, { error: 'conflict', message: '…' })`; `reply(204)` for an empty answer. */
export const reply = (status: number, body?: unknown) => new FakeReply(status, body);

/** The connection dropped after the request went out: no answer (fetch rejects as with no signal). */
export class NoSignal {}

/** From a handler: this request goes unanswered, e.g. `() => (attempts++ < 1 ? noSignal() : answer)`. */
export const noSignal = () => new NoSignal();

/** A handler for a request the server never answers while the test runs (the request stays pending). */
export const neverAnswered = (): Promise<never> => new Promise<never>(() => undefined);

/**
 * A gate a handler waits at, so the test decides when the server answers:
 *
 *   const late = gate();
 *   api.answer(getProfile, async () => (await late.wait(), riderProfile()));
 *   …
 *   late.open(); // the requests waiting at the gate are answered now, and later ones at once
 */
export interface Gate {
  /** For the handler: settles once the gate is open. */
  wait(): Promise<void>;
  /** Whether a request has reached the gate. */
  readonly reached: boolean;
  open(): void;
}

export function gate(): Gate {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let reached = false;
  return {
    wait() {
      reached = true;
      return opened;
    },
    get reached() {
      return reached;
    },
    open: () => open(),
  };
}

type Answer<C extends Contract> = SuccessOf<C> | FakeReply | NoSignal;
export type FakeHandler<C extends Contract> = (
  request: FakeRequest & { contract: C },
) => Answer<C> | Promise<Answer<C>>;

export interface FakeApi {
  /** What the fake answers for a contract from now on: a success value, a reply, or a handler of the request. */
  answer<C extends Contract>(contract: C, answer: Answer<C> | FakeHandler<C>): FakeApi;
  /** Every request that went out, in order (not those made while offline), answered or not. */
  readonly calls: readonly FakeRequest[];
  /** The requests that matched a contract. */
  callsTo(contract: Contract): FakeRequest[];
  /** No signal: every fetch rejects with TypeError "Failed to fetch". */
  offline(): FakeApi;
  /** The server is reachable but failing: every request is answered `status` `{error, message}`. */
  down(status?: number): FakeApi;
  /** Back to answering as told (after offline or down). */
  online(): FakeApi;
  /** The stand-in for fetch (installed by fakeApi()). */
  readonly fetch: typeof fetch;
}

interface Route {
  contract: Contract;
  pattern: RegExp;
  names: string[];
  respond: (request: FakeRequest) => Promise<unknown>;
}

function routeOf(contract: Contract, respond: Route['respond']): Route {
  const names: string[] = [];
  const source = contract.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { contract, pattern: new RegExp(`^${source}$`), names, respond };
}

function json(status: number, body: unknown): Response {
  if (body === undefined || status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function bodyOf(init: RequestInit): unknown {
  if (init.body === undefined || init.body === null) return undefined;
  if (typeof init.body === 'string') return JSON.parse(init.body);
  return init.body;
}

/** The first success status the contract declares: what a plain value is answered with. */
function successStatus(contract: Contract): number {
  for (const status of [200, 201, 202, 204] as const) if (status in contract.responses) return status;
  return 200;
}

function checkedAgainst(contract: Contract, value: unknown): unknown {
  const schema = successSchema(contract);
  if (!schema) return value;
  const result = safeParse(schema, value);
  if (result.success) return value;
  const problem = result.error.issues
    .map((i) => `${i.path.map(String).join('.') || '(answer)'}: ${i.message}`)
    .join('; ');
  throw new Error(`The fake answer of ${contract.method} ${contract.path} does not match its contract: ${problem}`);
}

/**
 * Installs a fake API as `fetch` for the current test (restored when the test finishes). Call it in
 * a test or in beforeEach.
 */
export function fakeApi(): FakeApi {
  const routes: Route[] = [];
  const calls: FakeRequest[] = [];
  /** Answers that broke their contract; the test fails with them when it finishes. */
  const broken: Error[] = [];
  let state: { kind: 'online' } | { kind: 'offline' } | { kind: 'down'; status: number } = { kind: 'online' };

  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    if (state.kind === 'offline') throw new TypeError('Failed to fetch');
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://deckhand.test',
    );
    const method = (init.method ?? 'GET').toUpperCase() as HttpMethod;
    const headers = new Headers(init.headers);
    const request: FakeRequest = {
      method,
      path: url.pathname,
      params: {},
      query: url.searchParams,
      body: bodyOf(init),
      idempotencyKey: headers.get('Idempotency-Key'),
      headers,
    };
    calls.push(request);
    if (state.kind === 'down')
      return json(state.status, { error: 'unavailable', message: `The server answered ${state.status}` });
    const matches = routes
      .map((route, order) => ({
        route,
        order,
        found: route.contract.method === method ? route.pattern.exec(url.pathname) : null,
      }))
      .filter((m) => m.found)
      .sort((a, b) => a.route.names.length - b.route.names.length || b.order - a.order);
    const match = matches[0];
    if (!match)
      return json(404, { error: 'not_found', message: `The fake API has no answer for ${method} ${url.pathname}` });
    request.contract = match.route.contract;
    match.route.names.forEach((name, i) => (request.params[name] = decodeURIComponent(match.found![i + 1]!)));
    try {
      const answer = await match.route.respond(request);
      if (answer instanceof NoSignal) throw new TypeError('Failed to fetch');
      if (answer instanceof FakeReply) return json(answer.status, answer.body);
      return json(successStatus(match.route.contract), checkedAgainst(match.route.contract, answer));
    } catch (error) {
      if (error instanceof TypeError && error.message === 'Failed to fetch') throw error;
      broken.push(error instanceof Error ? error : new Error(String(error)));
      return json(500, { error: 'fake_answer_failed', message: String(error) });
    }
  };

  const api: FakeApi = {
    answer(contract, answer) {
      if (typeof answer !== 'function' && !(answer instanceof FakeReply) && !(answer instanceof NoSignal))
        checkedAgainst(contract, answer);
      const respond = typeof answer === 'function' ? (answer as (r: FakeRequest) => unknown) : () => answer;
      routes.push(routeOf(contract, async (request) => respond(request)));
      return api;
    },
    calls,
    callsTo: (contract) => calls.filter((c) => c.contract === contract),
    offline() {
      state = { kind: 'offline' };
      return api;
    },
    down(status = 503) {
      state = { kind: 'down', status };
      return api;
    },
    online() {
      state = { kind: 'online' };
      return api;
    },
    fetch: fakeFetch as typeof fetch,
  };

  const original = globalThis.fetch;
  globalThis.fetch = api.fetch;
  onTestFinished(() => {
    if (globalThis.fetch === api.fetch) globalThis.fetch = original;
    if (broken.length > 0) throw broken[0];
  });
  return api;
}
