import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { IDEMPOTENCY_TTL_MS } from '@/domain/constants';

import { complaints, idempotencyKeys } from '../../server/db/schema';
import { deleteExpiredIdempotencyKeys } from '../../server/jobs/idempotency-cleanup';
import { asRider, type Actor } from '../kit/server/actor';
import { createTestApp, truncateTables, type TestApp } from '../kit/server/app';

let t: TestApp;
let flakyCalls = 0;
let bigCalls = 0;

beforeAll(async () => {
  t = await createTestApp({
    // Fails with a 500 the first time, succeeds after: a retry with the same key must run it again.
    setup: (app) => {
      app.post('/api/test/flaky', async (_request, reply) => {
        flakyCalls += 1;
        if (flakyCalls === 1) throw new Error('database connection reset');
        return reply.code(201).send({ call: flakyCalls });
      });
      // An answer large enough to be compressed on the way out.
      app.post('/api/test/big', async () => ({ call: ++bigCalls, text: 'The 3:40 pm sailing is full. '.repeat(200) }));
    },
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  flakyCalls = 0;
  bigCalls = 0;
  await truncateTables(t.database, ['users', 'complaints', 'sessions', 'idempotency_keys']);
});

function postComplaint(
  rider: Actor,
  key: string,
  body: unknown = { category: 'delay', description: 'Ferry is running behind schedule' },
) {
  return rider.post('/api/complaints', JSON.stringify(body), {
    idempotencyKey: key,
    headers: { 'content-type': 'application/json' },
  });
}

/** The answer's text, decompressed when it went out compressed. */
function answerText(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

describe('Idempotency-Key', () => {
  it('replays a compressed answer as the first was sent, without running the route again', async () => {
    const rider = await asRider(t);
    const send = (encoding: string) =>
      rider.post('/api/test/big', '{}', {
        idempotencyKey: 'big-answer-key-1',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
      });
    const first = await send('br');
    expect(first.headers['content-encoding']).toBe('br');
    const again = await send('gzip');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(answerText(again)).toBe(answerText(first));
    expect(JSON.parse(answerText(again))).toMatchObject({ call: 1 });
    expect(bigCalls).toBe(1);
  });

  it('replays the first answer for a repeat and stores the complaint once', async () => {
    const rider = await asRider(t);
    const key = '6f1c2f0e-1b9a-4c1e-9a55-3f0d3c2a9b11';
    const first = await postComplaint(rider, key);
    const again = await postComplaint(rider, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await t.database.db.select().from(complaints)).toHaveLength(1);
  });

  it('replays a stored 4xx answer too', async () => {
    const rider = await asRider(t);
    const bad = { category: 'other', description: ' ' };
    const first = await postComplaint(rider, 'bad-request-key-1', bad);
    const again = await postComplaint(rider, 'bad-request-key-1', bad);
    expect(first.statusCode).toBe(400);
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('answers 422 for the same key with a different body', async () => {
    const rider = await asRider(t);
    await postComplaint(rider, 'reused-key-0001');
    const res = await postComplaint(rider, 'reused-key-0001', { category: 'staff', description: 'Something else' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'idempotency_key_reused', message: expect.any(String) });
    expect(await t.database.db.select().from(complaints)).toHaveLength(1);
  });

  it('answers 422 for the same key from another rider', async () => {
    await postComplaint(await asRider(t), 'shared-key-0001');
    const res = await postComplaint(await asRider(t), 'shared-key-0001');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('idempotency_key_reused');
  });

  it('answers 422 for the same key on another path', async () => {
    const rider = await asRider(t);
    await postComplaint(rider, 'path-key-00001');
    const res = await rider.post('/api/session/logout', undefined, { idempotencyKey: 'path-key-00001' });
    expect(res.statusCode).toBe(422);
  });

  it.each([['short'], ['has spaces in it'], ['x'.repeat(201)], ['semi;colon-key']])(
    'answers 400 for a malformed key %j',
    async (key) => {
      const res = await postComplaint(await asRider(t), key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_idempotency_key' });
      expect(await t.database.db.select().from(complaints)).toHaveLength(0);
    },
  );

  it('runs 20 concurrent posts with one key exactly once, with 20 identical answers', async () => {
    const rider = await asRider(t);
    const key = 'a3d5c6e7-0000-4000-8000-concurrent01';
    const answers = await Promise.all(Array.from({ length: 20 }, () => postComplaint(rider, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await t.database.db.select().from(complaints)).toHaveLength(1);
  });

  it('lets a retry run again after a 5xx answer', async () => {
    const rider = await asRider(t);
    const send = () => rider.post('/api/test/flaky', undefined, { idempotencyKey: 'flaky-key-0001' });
    const failed = await send();
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ error: 'internal', message: 'Internal server error' });
    const retried = await send();
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual({ call: 2 });
    const replay = await send();
    expect(replay.json()).toEqual({ call: 2 });
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('takes over a key left pending by a request that died', async () => {
    const rider = await asRider(t);
    const profile = (await rider.get('/api/users/profile')).json();
    const first = await postComplaint(rider, 'orphaned-key-01');
    const [row] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'orphaned-key-01'));
    await truncateTables(t.database, ['complaints']);
    await t.database.db
      .update(idempotencyKeys)
      .set({ state: 'pending', statusCode: null, responseBody: null, createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(idempotencyKeys.key, 'orphaned-key-01'));
    expect(row?.userId).toBe(profile.id);

    const retried = await postComplaint(rider, 'orphaned-key-01');
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(first.statusCode).toBe(201);
    expect(await t.database.db.select().from(complaints)).toHaveLength(1);
  });

  it('does not apply to requests without a key', async () => {
    const rider = await asRider(t);
    await rider.post('/api/complaints', JSON.stringify({ category: 'delay', description: 'twice' }), {
      headers: { 'content-type': 'application/json' },
    });
    await rider.post('/api/complaints', JSON.stringify({ category: 'delay', description: 'twice' }), {
      headers: { 'content-type': 'application/json' },
    });
    expect(await t.database.db.select().from(complaints)).toHaveLength(2);
    expect(await t.database.db.select().from(idempotencyKeys)).toHaveLength(0);
  });

  it('keeps keys for the TTL and the cleanup deletes only older ones', async () => {
    const rider = await asRider(t);
    await postComplaint(rider, 'fresh-key-0001');
    await postComplaint(rider, 'old-key-000001', { category: 'other', description: 'old' });
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000) })
      .where(eq(idempotencyKeys.key, 'old-key-000001'));
    expect(await deleteExpiredIdempotencyKeys(t.database)).toBe(1);
    const left = await t.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left).toEqual([{ key: 'fresh-key-0001' }]);
  });
});
