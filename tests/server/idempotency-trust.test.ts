/**
 * Exactly-once across a crash, keys scoped to the rider, bodies compared as canonical JSON.
 *
 * The crash: a preSerialization hook throws for requests marked `x-test-crash`, i.e. the process
 * "dies" after the route's write committed and before the answer left. The client's retry with the
 * same key must replay the answer, not write a second time.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { complaints, idempotencyKeys, orders } from '../../server/db/schema';
import { asGuest, asRider, type Actor } from '../kit/server/actor';
import { truncateTables, useTestApp } from '../kit/server/app';

const t = useTestApp({
  setup: (app) => {
    app.addHook('preSerialization', async (request) => {
      if (request.headers['x-test-crash'] === '1') throw new Error('process killed after the write committed');
    });
  },
});

beforeEach(async () => {
  await truncateTables(t.database, ['users', 'complaints', 'sessions', 'idempotency_keys', 'orders']);
});

const complaint = { category: 'delay', description: 'Ferry is running behind schedule' };

/** A write as `as` with its Idempotency-Key; a string body is sent as it is, labelled JSON. */
function post(as: Actor<number | null>, url: string, key: string, body: unknown, headers: Record<string, string> = {}) {
  return as.post(url, body, {
    idempotencyKey: key,
    headers: { ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}), ...headers },
  });
}
const CRASH = { 'x-test-crash': '1' };

describe('exactly-once across a crash', () => {
  it('a complaint whose answer was lost after the commit is replayed, not written twice', async () => {
    const rider = await asRider(t);
    const lost = await post(rider, '/api/complaints', 'crash-key-complaint-1', complaint, CRASH);
    expect(lost.statusCode).toBe(500);
    const retry = await post(rider, '/api/complaints', 'crash-key-complaint-1', complaint);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await t.database.db.select().from(complaints)).toHaveLength(1);
  });

  it('an order whose answer was lost after the commit takes stock once', async () => {
    const rider = await asRider(t);
    const items = (await t.app.inject({ method: 'GET', url: '/api/store/items' })).json() as Array<{
      id: string;
      stock: number;
    }>;
    const item = items.find((i) => i.stock >= 2)!;
    const body = { items: [{ storeItemId: item.id, quantity: 1 }], order: { deliveryLocation: 'Lane 3, blue van' } };
    const lost = await post(rider, '/api/orders', 'crash-key-order-1', body, CRASH);
    expect(lost.statusCode).toBe(500);
    const retry = await post(rider, '/api/orders', 'crash-key-order-1', body);
    expect(retry.statusCode).toBe(201);
    expect(await t.database.db.select().from(orders)).toHaveLength(1);
    const after = (await t.app.inject({ method: 'GET', url: '/api/store/items' })).json() as Array<{
      id: string;
      stock: number;
    }>;
    expect(after.find((i) => i.id === item.id)!.stock).toBe(item.stock - 1);
  });

  it('the stored answer is committed before the answer is sent', async () => {
    await post(await asRider(t), '/api/complaints', 'crash-key-complaint-2', complaint, CRASH);
    const [row] = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'crash-key-complaint-2'));
    expect(row?.state).toBe('done');
    expect(row?.statusCode).toBe(201);
  });
});

describe('keys scoped to the rider', () => {
  it('a key first used without a session is not replayed to another rider', async () => {
    const first = await post(asGuest(t), '/api/complaints', 'anon-first-key-1', complaint);
    expect(first.statusCode).toBe(201);
    const stolen = await post(await asRider(t), '/api/complaints', 'anon-first-key-1', complaint);
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toMatchObject({ error: 'idempotency_key_reused' });
    expect(stolen.body).not.toContain('behind schedule');
  });

  it('the same browser retrying without the cookie it never received gets the first answer', async () => {
    const first = await post(asGuest(t), '/api/complaints', 'anon-first-key-2', complaint);
    // The answer, and the cookie it set, never arrived: the retry carries no cookie.
    const retry = await post(asGuest(t), '/api/complaints', 'anon-first-key-2', complaint);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    expect(await t.database.db.select().from(complaints)).toHaveLength(1);
  });

  it('the rider the first cookie-less write created may replay it with their new cookie', async () => {
    const phone = asGuest(t);
    const first = await post(phone, '/api/complaints', 'anon-first-key-3', complaint);
    expect(phone.cookie).toMatch(/^dh_session=./);
    const retry = await post(phone, '/api/complaints', 'anon-first-key-3', complaint);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
  });

  it('a key first used with a session is not replayed to a caller without one', async () => {
    await post(await asRider(t), '/api/complaints', 'rider-first-key-1', complaint);
    const anonymous = await post(asGuest(t), '/api/complaints', 'rider-first-key-1', complaint);
    expect(anonymous.statusCode).toBe(422);
  });
});

describe('canonical JSON', () => {
  it('the same body with its keys in another order is the same request', async () => {
    const rider = await asRider(t);
    const first = await post(
      rider,
      '/api/complaints',
      'key-order-1',
      '{"category":"delay","description":"Ferry is late"}',
    );
    const again = await post(
      rider,
      '/api/complaints',
      'key-order-1',
      '{"description":"Ferry is late","category":"delay"}',
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.database.db.select().from(complaints)).toHaveLength(1);
  });
});
