/**
 * Store orders move only when staff move them: nothing in the server changes an order's status on
 * a timer, the rider hears each move staff make, and the admin's figures are order values placed /
 * delivered (no payment is taken in the app), not revenue.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { ORDER_ALERT_WINDOW_MS, orderUpdateAlertSource } from '../../server/alerts/sources/order-updates';
import { orders, storeItems } from '../../server/db/schema';
import { STORE_ITEM_ROWS } from '../../server/db/seed';
import { asAdmin, asRider, asStaff, type Actor } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

const t = useTestApp({
  reset: ['users', 'orders', 'order_items', 'sessions', 'idempotency_keys', 'back_office_accounts', 'audit_log'],
});

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? serverFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

async function placeOrder(rider: Actor): Promise<number> {
  for (const row of STORE_ITEM_ROWS)
    await t.database.db.update(storeItems).set({ stock: row.stock }).where(eq(storeItems.id, row.id));
  const res = await rider.post('/api/orders', {
    order: { userId: 1, total: '0', deliveryLocation: 'Your car, Lane 3' },
    items: [{ storeItemId: 'coffee-medium', quantity: 2, price: '3.25' }],
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

async function statusOf(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!.status;
}

describe('order status', () => {
  it('is changed by no server code but the staff route (no timer delivers an order)', () => {
    const writers = serverFiles('server')
      .filter((file) => /\.update\(orders\)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative('server', file));
    expect(writers).toEqual(['orders/order-repository.ts']);
    const callers = serverFiles('server')
      .filter((file) => /moveOrderForward\(/.test(readFileSync(file, 'utf8')) && !file.endsWith('order-repository.ts'))
      .map((file) => relative('server', file));
    expect(callers).toEqual(['routes/orders.ts']);
  });

  it('stays "received" however old the order is, until staff move it; the rider is alerted of each move', async () => {
    const rider = await asRider(t);
    const id = await placeOrder(rider);
    // An hour later nothing has moved it, and the rider has been told nothing.
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3_600_000), statusChangedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(orders.id, id));
    expect(await statusOf(id)).toBe('received');
    expect(await orderUpdateAlertSource.due(t.database, new Date())).toEqual([]);

    const staff = await asStaff(t);
    const moved = await staff.post(`/api/staff/orders/${id}/status`, { status: 'on_its_way' });
    expect(moved.statusCode).toBe(200);
    const mine = await rider.get('/api/orders');
    expect(mine.json()[0]).toMatchObject({ id, status: 'on_its_way' });
    const due = await orderUpdateAlertSource.due(t.database, new Date());
    expect(due).toEqual([
      expect.objectContaining({
        key: `order:${id}:on_its_way`,
        kind: 'order_update',
        title: `Order #${id}: On its way`,
        body: 'Your order is on its way to Your car, Lane 3.',
      }),
    ]);
    expect(await orderUpdateAlertSource.due(t.database, new Date(Date.now() + ORDER_ALERT_WINDOW_MS + 1000))).toEqual(
      [],
    );
  });

  it('the admin overview names order values placed and delivered, not revenue', async () => {
    const rider = await asRider(t);
    const first = await placeOrder(rider);
    await placeOrder(rider);
    const staff = await asStaff(t);
    await staff.post(`/api/staff/orders/${first}/status`, { status: 'delivered' });
    const admin = await asAdmin(t);
    const metrics = (await admin.get('/api/admin/metrics')).json();
    expect(metrics.revenueToday).toBeUndefined();
    expect(metrics.orderValuePlaced.today).toBe(13);
    expect(metrics.orderValueDelivered.today).toBe(6.5);
  });
});
