/**
 * `callApi` calls an endpoint through its contract: the path and query come from the contract, the
 * answer is checked against it, and the usual errors (ApiError, NetworkError) still tell "the server
 * said no" from "no answer".
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';

import { defineContract } from '@/domain/contracts/contract';
import { ApiError, callApi, callTarget, ContractError, NetworkError } from '@/lib/api-client';

import { THING_ENDPOINT } from '../fixtures/thing-endpoint';

const readThing = defineContract({
  ...THING_ENDPOINT,
  query: z.object({ fields: z.optional(z.array(z.string())), day: z.optional(z.string()) }),
  responses: { 200: z.object({ id: z.string(), size: z.number(), colour: z._default(z.string(), 'grey') }) },
});

const makeThing = defineContract({
  method: 'POST',
  path: '/api/things',
  summary: 'Makes a thing',
  tag: 'Things',
  access: 'rider',
  body: z.object({ size: z.number() }),
  responses: { 201: z.object({ id: z.string() }) },
});

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_path: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('callApi', () => {
  it('builds the path from the params (encoded) and the query, and answers what the contract reads', async () => {
    const fetch = answer(200, { id: 'a b', size: 3 });
    const thing = await callApi(readThing, {
      params: { id: 'a b/c' },
      query: { fields: ['size', 'id'], day: undefined },
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/things/a%20b%2Fc?fields=size&fields=id');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('GET');
    expect(thing).toEqual({ id: 'a b', size: 3, colour: 'grey' });
  });

  it('sends the body as JSON with the idempotency key', async () => {
    const fetch = answer(201, { id: 't1' });
    expect(await callApi(makeThing, { body: { size: 2 } }, { idempotencyKey: 'k1' })).toEqual({ id: 't1' });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"size":2}');
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
  });

  it('refuses an answer the contract does not declare, naming the endpoint and the field', async () => {
    answer(200, { id: 'x', size: 'big' });
    const failure = callApi(readThing, { params: { id: 'x' } });
    await expect(failure).rejects.toBeInstanceOf(ContractError);
    await expect(failure).rejects.toThrow(/GET \/api\/things\/:id does not match its contract: size:/);
  });

  it("keeps the server's refusal and a lost connection apart", async () => {
    answer(404, { error: 'not_found', message: 'No such thing' });
    const refused = await callApi(readThing, { params: { id: 'x' } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).userMessage).toBe('No such thing');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callApi(readThing, { params: { id: 'x' } })).rejects.toBeInstanceOf(NetworkError);
  });

  it('gives the method and path an outbox entry stores', () => {
    expect(callTarget(readThing, { params: { id: '7' }, query: { day: '2026-11-26' } })).toEqual({
      method: 'GET',
      path: '/api/things/7?day=2026-11-26',
    });
    expect(() => callTarget(readThing, { params: {} as { id: string } })).toThrow(/needs the path parameter "id"/);
  });
});
