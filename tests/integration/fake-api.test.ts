/**
 * The test kit's fake API: answers by contract, records what it received, refuses the unknown as the
 * server does, and stands in for no signal and for a failing server.
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';

import { fileComplaint, listComplaints } from '@/domain/contracts/complaints';
import { defineContract } from '@/domain/contracts/contract';
import { ApiError, apiRequest, callApi, NetworkError } from '@/lib/api-client';

import { THING_ENDPOINT } from '../fixtures/thing-endpoint';
import { fakeApi, gate, neverAnswered, noSignal, reply } from '../kit/client/fake-api';
import { SETTLED } from '../kit/settled';

const COMPLAINT = {
  id: 7,
  category: 'delay',
  description: 'Sailing left late',
  status: 'received',
  createdAt: '2026-11-26T07:00:00.000Z',
} as const;

const readThing = defineContract({
  ...THING_ENDPOINT,
  responses: { 200: z.object({ id: z.string() }) },
});
const readLatestThing = defineContract({ ...readThing, path: '/api/things/latest', params: undefined });

describe('fakeApi (test kit)', () => {
  it('answers a contract with the value given, with its success status', async () => {
    fakeApi().answer(listComplaints, [COMPLAINT]).answer(fileComplaint, COMPLAINT);
    expect(await callApi(listComplaints, {})).toEqual([COMPLAINT]);
    expect(await callApi(fileComplaint, { body: { category: 'delay', description: 'Sailing left late' } })).toEqual(
      COMPLAINT,
    );
  });

  it('records each request with its params, query, body and idempotency key, and hands them to a handler', async () => {
    const api = fakeApi().answer(readThing, ({ params }) => ({ id: params.id! }));
    api.answer(fileComplaint, ({ body }) => ({ ...COMPLAINT, ...(body as object) }));
    expect(await callApi(readThing, { params: { id: 'a b' }, query: undefined })).toEqual({ id: 'a b' });
    await callApi(
      fileComplaint,
      { body: { category: 'other', description: 'No hot water' } },
      { idempotencyKey: 'key-1' },
    );
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/things/a%20b', 'POST /api/complaints']);
    expect(api.callsTo(fileComplaint)).toMatchObject([
      { body: { category: 'other', description: 'No hot water' }, idempotencyKey: 'key-1', params: {} },
    ]);
    expect(api.callsTo(readThing)[0]?.params).toEqual({ id: 'a b' });
  });

  it('prefers the more literal path where two contracts match, and the latest answer for a contract', async () => {
    fakeApi()
      .answer(readThing, { id: 'by id' })
      .answer(readLatestThing, { id: 'latest' })
      .answer(readThing, { id: 'by id, again' });
    expect(await apiRequest('/api/things/latest')).toEqual({ id: 'latest' });
    expect(await apiRequest('/api/things/3')).toEqual({ id: 'by id, again' });
  });

  it('answers a request no contract was answered for 404 {error, message}, and a reply with its own status', async () => {
    fakeApi().answer(fileComplaint, reply(409, { error: 'conflict', message: 'Already filed' }));
    const unknown = await apiRequest('/api/nowhere').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ApiError);
    expect((unknown as ApiError).status).toBe(404);
    expect((unknown as ApiError).code).toBe('not_found');
    const refused = await callApi(fileComplaint, { body: { category: 'other', description: 'x' } }).catch(
      (e: unknown) => e,
    );
    expect((refused as ApiError).status).toBe(409);
    expect((refused as ApiError).userMessage).toBe('Already filed');
  });

  it('goes offline (fetch fails as with no signal), down (server errors) and online again', async () => {
    const api = fakeApi().answer(listComplaints, []);
    api.offline();
    await expect(callApi(listComplaints, {})).rejects.toBeInstanceOf(NetworkError);
    expect(api.calls).toHaveLength(0);
    api.down();
    const down = await callApi(listComplaints, {}).catch((e: unknown) => e);
    expect(down).toMatchObject({ status: 503, code: 'unavailable' });
    api.online();
    expect(await callApi(listComplaints, {})).toEqual([]);
  });

  it('loses the connection of a request a handler leaves unanswered, and records that it went out', async () => {
    let attempts = 0;
    const api = fakeApi().answer(fileComplaint, () => (++attempts === 1 ? noSignal() : COMPLAINT));
    const body = { category: 'delay', description: 'Sailing left late' } as const;
    await expect(callApi(fileComplaint, { body }, { idempotencyKey: 'k-1' })).rejects.toBeInstanceOf(NetworkError);
    expect(await callApi(fileComplaint, { body }, { idempotencyKey: 'k-1' })).toEqual(COMPLAINT);
    expect(api.callsTo(fileComplaint).map((c) => c.idempotencyKey)).toEqual(['k-1', 'k-1']);
  });

  it('holds an answer at a gate until the test opens it, and leaves a never-answered request pending', async () => {
    const late = gate();
    const api = fakeApi()
      .answer(listComplaints, async () => (await late.wait(), [COMPLAINT]))
      .answer(fileComplaint, neverAnswered);
    let listed: unknown;
    const listing = callApi(listComplaints, {}).then((answer) => (listed = answer));
    let filed = false;
    void callApi(fileComplaint, { body: { category: 'delay', description: 'Late' } }).finally(() => (filed = true));
    await vi.waitFor(() => expect(late.reached).toBe(true), SETTLED);
    expect(listed).toBeUndefined();

    late.open();
    await listing;
    expect(listed).toEqual([COMPLAINT]);
    expect(await callApi(listComplaints, {})).toEqual([COMPLAINT]);
    expect(filed).toBe(false);
    expect(api.callsTo(fileComplaint)).toHaveLength(1);
  });

  it('refuses a value that does not match the contract when it is given', () => {
    const api = fakeApi();
    expect(() => api.answer(fileComplaint, { ...COMPLAINT, status: 'lost' } as never)).toThrow(
      /fake answer of POST \/api\/complaints does not match its contract: status/,
    );
  });
});
