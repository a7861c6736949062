/**
 * Discount codes from rewards in store orders: the server checks the code (this rider's, unused),
 * computes the discount from its own prices, marks the code used in the order's transaction, and
 * answers a wrong, used or unusable code 4xx {error, message} without taking stock or the code.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { DISCOUNT_MESSAGES } from '@/domain/store-discount';

import { storeItems, users } from '../../server/db/schema';
import { STORE_ITEM_ROWS } from '../../server/db/seed';
import { asRider, type Actor } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

const t = useTestApp({ reset: ['users', 'orders', 'order_items', 'sessions', 'idempotency_keys', 'reward_claims'] });

beforeEach(async () => {
  for (const row of STORE_ITEM_ROWS) {
    await t.database.db.update(storeItems).set({ stock: row.stock }).where(eq(storeItems.id, row.id));
  }
});

async function codeFor(rider: Actor, rewardId: 'snack-discount' | 'free-coffee'): Promise<string> {
  await t.database.db.update(users).set({ rewardPointsBalance: 1000 }).where(eq(users.id, rider.id));
  const res = await rider.post('/api/rewards/claim', { rewardId });
  expect(res.statusCode).toBe(201);
  return res.json().code as string;
}

function postOrder(
  rider: Actor,
  items: Array<{ storeItemId: string; quantity: number }>,
  discountCode?: string,
  idempotencyKey?: string,
) {
  const order = { deliveryLocation: 'Your car, Lane 2', ...(discountCode === undefined ? {} : { discountCode }) };
  return rider.post('/api/orders', { order, items }, { idempotencyKey });
}

async function stockOf(id: string): Promise<number> {
  const [row] = await t.database.db.select({ stock: storeItems.stock }).from(storeItems).where(eq(storeItems.id, id));
  return row!.stock;
}

describe('discount codes in store orders', () => {
  it('takes 20% off the snacks, shows it on the order, and refuses the code a second time', async () => {
    const rider = await asRider(t);
    const code = await codeFor(rider, 'snack-discount');
    // 2 × Nanaimo Bar (3.95) = 7.90 of snacks, 20% = 1.58; the coffee (3.25) is not discounted.
    const items = [
      { storeItemId: 'nanaimo-bar', quantity: 2 },
      { storeItemId: 'coffee-medium', quantity: 1 },
    ];
    const res = await postOrder(rider, items, code.toLowerCase());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: '9.57', discount: '1.58', discountCode: code });
    const list = await rider.get('/api/orders');
    expect(list.json()[0]).toMatchObject({ total: '9.57', discount: '1.58', discountCode: code });

    const stock = await stockOf('nanaimo-bar');
    const again = await postOrder(rider, items, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'discount_code_used', message: DISCOUNT_MESSAGES.used });
    expect(await stockOf('nanaimo-bar')).toBe(stock);
  });

  it('answers a replay of the same order (same Idempotency-Key) with the first answer, not "used"', async () => {
    const rider = await asRider(t);
    const code = await codeFor(rider, 'snack-discount');
    const first = await postOrder(rider, [{ storeItemId: 'trail-mix', quantity: 1 }], code, 'order-key-discount-1');
    const replay = await postOrder(rider, [{ storeItemId: 'trail-mix', quantity: 1 }], code, 'order-key-discount-1');
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ total: '3.60', discount: '0.90' });
  });

  it("refuses an unknown code and another rider's code alike, and places nothing", async () => {
    const owner = await asRider(t);
    const other = await asRider(t);
    const code = await codeFor(owner, 'snack-discount');
    for (const tried of [code, 'DH-00000000']) {
      const res = await postOrder(other, [{ storeItemId: 'trail-mix', quantity: 1 }], tried);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: 'invalid_discount_code', message: DISCOUNT_MESSAGES.invalid });
    }
    const orders = await other.get('/api/orders');
    expect(orders.json()).toEqual([]);
    // The owner's code is still good.
    expect((await postOrder(owner, [{ storeItemId: 'trail-mix', quantity: 1 }], code)).statusCode).toBe(201);
  });

  it('keeps a code the order cannot use, or whose order is refused, for a later order', async () => {
    const rider = await asRider(t);
    const code = await codeFor(rider, 'free-coffee');
    const noCoffee = await postOrder(rider, [{ storeItemId: 'trail-mix', quantity: 1 }], code);
    expect(noCoffee.statusCode).toBe(422);
    expect(noCoffee.json()).toEqual({ error: 'discount_not_applicable', message: DISCOUNT_MESSAGES.coffee });

    await t.database.db.update(storeItems).set({ stock: 0 }).where(eq(storeItems.id, 'nanaimo-bar'));
    const soldOut = await postOrder(
      rider,
      [
        { storeItemId: 'coffee-medium', quantity: 2 },
        { storeItemId: 'nanaimo-bar', quantity: 1 },
      ],
      code,
    );
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error).toBe('sold_out');

    const res = await postOrder(rider, [{ storeItemId: 'coffee-medium', quantity: 2 }], code);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: '3.25', discount: '3.25', discountCode: code });
  });

  it('places an order without a code at the full price', async () => {
    const rider = await asRider(t);
    const res = await postOrder(rider, [{ storeItemId: 'trail-mix', quantity: 1 }], '');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: '4.50', discount: '0.00', discountCode: null });
  });
});
