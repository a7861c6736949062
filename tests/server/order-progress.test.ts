import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderUpdateAlertSource, ORDER_ALERT_WINDOW_MS } from '../../server/alerts/sources/order-updates';
import {
  advanceOrders,
  ORDER_DELIVERED_AFTER_MS,
  ORDER_ON_ITS_WAY_AFTER_MS,
  ORDER_PREPARING_AFTER_MS,
} from '../../server/jobs/order-progress';
import { orders, users } from '../../server/db/schema';
import { createTestApp, truncateTables, type TestApp } from './test-app';

let t: TestApp;
let userId: number;
const placedAt = new Date('2030-07-05T17:00:00Z');
const at = (ms: number) => new Date(placedAt.getTime() + ms);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await truncateTables(t.database, ['users', 'orders', 'order_items']);
  const [user] = await t.database.db.insert(users).values({ username: 'rider-progress' }).returning();
  userId = user!.id;
});

async function placeOrderAt(date: Date): Promise<number> {
  const [row] = await t.database.db
    .insert(orders)
    .values({ userId, total: '3.25', deliveryLocation: 'Car XYZ 789, Lane 3', createdAt: date, statusChangedAt: date })
    .returning();
  return row!.id;
}

async function statusOf(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!.status;
}

describe('order progress job', () => {
  it('moves an order through every status by age, one step per pass', async () => {
    const id = await placeOrderAt(placedAt);
    await advanceOrders(t.database, at(ORDER_PREPARING_AFTER_MS - 1));
    expect(await statusOf(id)).toBe('received');
    await advanceOrders(t.database, at(ORDER_PREPARING_AFTER_MS));
    expect(await statusOf(id)).toBe('preparing');
    await advanceOrders(t.database, at(ORDER_ON_ITS_WAY_AFTER_MS));
    expect(await statusOf(id)).toBe('on_its_way');
    await advanceOrders(t.database, at(ORDER_DELIVERED_AFTER_MS));
    expect(await statusOf(id)).toBe('delivered');
  });

  it('catches up an old order one step per pass', async () => {
    const id = await placeOrderAt(placedAt);
    const late = at(ORDER_DELIVERED_AFTER_MS * 3);
    await advanceOrders(t.database, late);
    expect(await statusOf(id)).toBe('preparing');
    await advanceOrders(t.database, late);
    await advanceOrders(t.database, late);
    expect(await statusOf(id)).toBe('delivered');
  });
});

describe('orderUpdateAlertSource', () => {
  it('reports the current status of recently changed orders with a stable key', async () => {
    const id = await placeOrderAt(placedAt);
    expect(await orderUpdateAlertSource.due(t.database, at(1000))).toEqual([]);

    const movedAt = at(ORDER_ON_ITS_WAY_AFTER_MS);
    await t.database.db.update(orders).set({ status: 'on_its_way', statusChangedAt: movedAt }).where(eq(orders.id, id));
    const due = await orderUpdateAlertSource.due(t.database, at(ORDER_ON_ITS_WAY_AFTER_MS + 5_000));
    expect(due).toEqual([
      {
        userId,
        key: `order:${id}:on_its_way`,
        kind: 'order_update',
        title: `Order #${id}: On its way`,
        body: 'Your order is on its way to Car XYZ 789, Lane 3.',
        url: '/app/store',
      },
    ]);
    // Reported again on the next tick (the scheduler delivers a key once), and dropped after the window.
    expect(await orderUpdateAlertSource.due(t.database, at(ORDER_ON_ITS_WAY_AFTER_MS + 60_000))).toHaveLength(1);
    expect(await orderUpdateAlertSource.due(t.database, new Date(movedAt.getTime() + ORDER_ALERT_WINDOW_MS + 1))).toEqual([]);
  });

  it('gives each status its own key as the job advances the order', async () => {
    const id = await placeOrderAt(placedAt);
    const keys: string[] = [];
    for (const ms of [ORDER_PREPARING_AFTER_MS, ORDER_ON_ITS_WAY_AFTER_MS, ORDER_DELIVERED_AFTER_MS]) {
      await advanceOrders(t.database, at(ms));
      keys.push(...(await orderUpdateAlertSource.due(t.database, at(ms))).map((a) => a.key));
    }
    expect(keys).toEqual([`order:${id}:preparing`, `order:${id}:on_its_way`, `order:${id}:delivered`]);
  });
});
