import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { orderListSchema, orderSchema } from '@/domain/store';

import { orders, storeItems } from '../../server/db/schema';
import { STORE_ITEM_ROWS } from '../../server/db/seed';
import { asRider, asStaff, type Actor, type SendOptions } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

const t = useTestApp({
  reset: ['users', 'orders', 'order_items', 'sessions', 'idempotency_keys', 'back_office_accounts'],
});

beforeEach(async () => {
  for (const row of STORE_ITEM_ROWS) {
    await t.database.db.update(storeItems).set({ stock: row.stock }).where(eq(storeItems.id, row.id));
  }
});

const postOrder = (body: unknown, as: Actor, options?: SendOptions) => as.post('/api/orders', body, options);

const order = (
  items: Array<{ storeItemId: string; quantity: unknown; price?: unknown }>,
  extra: Record<string, unknown> = {},
) => ({
  order: { userId: 1, total: '0.01', deliveryLocation: 'Car ABC 123, Lane 2', ...extra },
  items,
});

async function stockOf(id: string): Promise<number> {
  const [row] = await t.database.db.select({ stock: storeItems.stock }).from(storeItems).where(eq(storeItems.id, id));
  return row!.stock;
}

describe('GET /api/store/items', () => {
  it('lists every item with a decimal price, category, stock and availability', async () => {
    await t.database.db.update(storeItems).set({ stock: 0 }).where(eq(storeItems.id, 'travel-pillow'));
    const res = await t.app.inject({ method: 'GET', url: '/api/store/items' });
    expect(res.statusCode).toBe(200);
    const items = res.json() as Array<Record<string, unknown>>;
    expect(items).toHaveLength(STORE_ITEM_ROWS.length);
    expect(items.find((i) => i.id === 'coffee-medium')).toEqual({
      id: 'coffee-medium',
      name: 'Medium Coffee',
      price: '3.25',
      category: 'beverages',
      stock: 120,
      available: true,
    });
    expect(items.find((i) => i.id === 'travel-pillow')).toMatchObject({ stock: 0, available: false });
  });
});

describe('POST /api/orders', () => {
  it('prices the order from the catalogue, ignoring the client total, prices and userId', async () => {
    const rider = await asRider(t);
    const res = await postOrder(
      order([
        { storeItemId: 'coffee-medium', quantity: 2, price: '0.01' },
        { storeItemId: 'nanaimo-bar', quantity: 3, price: '0.01' },
      ]),
      rider,
    );
    expect(res.statusCode).toBe(201);
    const body = orderSchema.parse(res.json());
    // 2 × 3.25 + 3 × 3.95 = 6.50 + 11.85 = 18.35
    expect(body.total).toBe('18.35');
    expect(body.status).toBe('received');
    expect(body.deliveryLocation).toBe('Car ABC 123, Lane 2');
    expect(body.items).toEqual([
      { storeItemId: 'coffee-medium', name: 'Medium Coffee', quantity: 2, price: '3.25' },
      { storeItemId: 'nanaimo-bar', name: 'Nanaimo Bar', quantity: 3, price: '3.95' },
    ]);
    const [stored] = await t.database.db.select().from(orders);
    const profile = await rider.get('/api/users/profile');
    expect(stored!.userId).toBe(profile.json().id);
    expect(stored!.total).toBe('18.35');
    expect(await stockOf('coffee-medium')).toBe(118);
    expect(await stockOf('nanaimo-bar')).toBe(32);
  });

  it('sums cents exactly (no float drift)', async () => {
    const rider = await asRider(t);
    // 3 × 2.95 + 7 × 2.25 = 8.85 + 15.75 = 24.60
    const res = await postOrder(
      order([
        { storeItemId: 'kettle-chips', quantity: 3 },
        { storeItemId: 'granola-bar', quantity: 7 },
      ]),
      rider,
    );
    expect(res.json().total).toBe('24.60');
  });

  it('merges lines naming the same item', async () => {
    const rider = await asRider(t);
    const res = await postOrder(
      order([
        { storeItemId: 'trail-mix', quantity: 2 },
        { storeItemId: 'trail-mix', quantity: 3 },
      ]),
      rider,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().items).toEqual([{ storeItemId: 'trail-mix', name: 'Trail Mix', quantity: 5, price: '4.50' }]);
    expect(res.json().total).toBe('22.50');
  });

  it('refuses merged lines that exceed the per-item maximum', async () => {
    const rider = await asRider(t);
    const res = await postOrder(
      order([
        { storeItemId: 'granola-bar', quantity: 15 },
        { storeItemId: 'granola-bar', quantity: 6 },
      ]),
      rider,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 20/);
    expect(await stockOf('granola-bar')).toBe(100);
  });

  it('rejects an unknown item with 422 and takes no stock', async () => {
    const rider = await asRider(t);
    const res = await postOrder(
      order([
        { storeItemId: 'coffee-medium', quantity: 1 },
        { storeItemId: 'caviar', quantity: 1 },
      ]),
      rider,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'unknown_item', message: 'Unknown store item: caviar' });
    expect(await stockOf('coffee-medium')).toBe(120);
    expect(await t.database.db.select().from(orders)).toHaveLength(0);
  });

  it.each([
    ['zero', 0, /at least 1/],
    ['negative', -2, /at least 1/],
    ['fractional', 1.5, /whole number/],
    ['absurd', 1_000_000, /at most 20/],
    ['text', '2', /quantity/],
  ])('rejects a %s quantity with 400', async (_name, quantity, message) => {
    const rider = await asRider(t);
    const res = await postOrder(order([{ storeItemId: 'coffee-medium', quantity }]), rider);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
    expect(res.json().message).toMatch(message);
  });

  it.each([
    ['no items', { order: { deliveryLocation: 'Car 1' }, items: [] }, /at least one item/],
    [
      'a blank delivery location',
      order([{ storeItemId: 'coffee-medium', quantity: 1 }], { deliveryLocation: '  ' }),
      /Delivery location is required/,
    ],
    ['no order object', { items: [{ storeItemId: 'coffee-medium', quantity: 1 }] }, /order is required/],
  ])('rejects %s with 400', async (_name, body, message) => {
    const res = await postOrder(body, await asRider(t));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers 409 for sold-out and insufficient stock, leaving stock untouched', async () => {
    const rider = await asRider(t);
    await t.database.db.update(storeItems).set({ stock: 0 }).where(eq(storeItems.id, 'travel-pillow'));
    await t.database.db.update(storeItems).set({ stock: 2 }).where(eq(storeItems.id, 'coast-guide'));
    const soldOut = await postOrder(
      order([
        { storeItemId: 'coffee-medium', quantity: 1 },
        { storeItemId: 'travel-pillow', quantity: 1 },
      ]),
      rider,
    );
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({ error: 'sold_out', message: 'Travel Pillow is sold out' });
    const tooMany = await postOrder(order([{ storeItemId: 'coast-guide', quantity: 3 }]), rider);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      error: 'insufficient_stock',
      message: expect.stringMatching(/Only 2 of BC Coast Travel Guide left/),
    });
    expect(await stockOf('coffee-medium')).toBe(120);
    expect(await stockOf('coast-guide')).toBe(2);
  });

  it('never oversells when orders race for the last units', async () => {
    await t.database.db.update(storeItems).set({ stock: 5 }).where(eq(storeItems.id, 'veggie-wrap'));
    const riders = await Promise.all(Array.from({ length: 8 }, () => asRider(t)));
    const results = await Promise.all(
      riders.map((rider) => postOrder(order([{ storeItemId: 'veggie-wrap', quantity: 2 }]), rider)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    expect(await stockOf('veggie-wrap')).toBe(1);
  });

  it('replays the first answer for a repeated Idempotency-Key and takes stock once', async () => {
    const rider = await asRider(t);
    const body = order([{ storeItemId: 'orange-juice', quantity: 4 }]);
    const key = 'order-key-0001';
    const first = await postOrder(body, rider, { idempotencyKey: key });
    const again = await postOrder(body, rider, { idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await t.database.db.select().from(orders)).toHaveLength(1);
    expect(await stockOf('orange-juice')).toBe(56);
  });
});

describe('GET /api/orders', () => {
  it("answers only the caller's orders, newest first, with items and status", async () => {
    const alice = await asRider(t);
    const bob = await asRider(t);
    await postOrder(order([{ storeItemId: 'coffee-medium', quantity: 1 }]), alice);
    await postOrder(order([{ storeItemId: 'hot-chocolate', quantity: 2 }]), alice);
    await postOrder(order([{ storeItemId: 'bottled-water', quantity: 1 }]), bob);
    const res = await alice.get('/api/orders');
    const list = orderListSchema.parse(res.json());
    expect(list.map((o) => o.items[0]!.storeItemId)).toEqual(['hot-chocolate', 'coffee-medium']);
    expect(list[0]).toMatchObject({ status: 'received', total: '7.50' });
  });
});

describe('POST /api/staff/orders/:id/status', () => {
  const move = (id: number, status: unknown, as?: Actor) =>
    as
      ? as.post(`/api/staff/orders/${id}/status`, { status })
      : t.app.inject({ method: 'POST', url: `/api/staff/orders/${id}/status`, payload: { status } });

  it('lets staff move an order forward, and the rider sees it', async () => {
    const rider = await asRider(t);
    const placed = await postOrder(order([{ storeItemId: 'coffee-medium', quantity: 1 }]), rider);
    const res = await move(placed.json().id, 'on_its_way', await asStaff(t));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: placed.json().id, status: 'on_its_way' });
    const list = await rider.get('/api/orders');
    expect(list.json()[0].status).toBe('on_its_way');
  });

  it('refuses riders and anonymous callers (401: no back-office session), backward moves (409), unknown orders (404) and bad statuses (400)', async () => {
    const rider = await asRider(t);
    const placed = await postOrder(order([{ storeItemId: 'coffee-medium', quantity: 1 }]), rider);
    const id = placed.json().id as number;
    expect((await move(id, 'preparing', rider)).statusCode).toBe(401);
    expect((await move(id, 'preparing')).statusCode).toBe(401);
    const staff = await asStaff(t);
    expect((await move(id, 'delivered', staff)).statusCode).toBe(200);
    const back = await move(id, 'preparing', staff);
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toMatch(/already delivered/);
    expect((await move(id + 100, 'preparing', staff)).statusCode).toBe(404);
    expect((await move(id, 'lost', staff)).statusCode).toBe(400);
  });
});
