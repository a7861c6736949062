/**
 * Staff queues are paged, newest first by default, so junk filed in bulk cannot hide a real
 * complaint: before, each queue answered only its oldest 100 items. Walking the pages by cursor
 * lists every item once; `order=oldest` turns the order round; bad paging input is a 400.
 */
import { describe, expect, it } from 'vitest';

import { complaints, exceptionPasses, orders, rewardClaims } from '../../server/db/schema';
import { asRider, asStaff, type Actor } from '../kit/server/actor';
import { RIDER_TABLES, useTestApp } from '../kit/server/app';

const t = useTestApp({
  reset: [
    ...RIDER_TABLES,
    'complaints',
    'orders',
    'exception_passes',
    'reward_claims',
    'back_office_accounts',
    'audit_log',
  ],
});

interface Page {
  items: Array<{ id: number; description?: string }>;
  nextCursor: number | null;
}

async function page(url: string, staff: Actor): Promise<Page> {
  const res = await staff.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** Every item of a queue, page after page by cursor. */
async function walk(url: string, staff: Actor): Promise<number[]> {
  const ids: number[] = [];
  let cursor: number | null = null;
  for (let guard = 0; guard < 100; guard += 1) {
    const answer: Page = await page(
      `${url}${url.includes('?') ? '&' : '?'}limit=40${cursor === null ? '' : `&cursor=${cursor}`}`,
      staff,
    );
    ids.push(...answer.items.map((item) => item.id));
    cursor = answer.nextCursor;
    if (cursor === null) break;
  }
  return ids;
}

describe('paged staff queues', () => {
  it('a real complaint filed after 150 junk ones is first on the first page; every complaint is reachable once', async () => {
    const staff = await asStaff(t);
    const junk = await asRider(t);
    await t.database.db.insert(complaints).values(
      Array.from({ length: 150 }, (_, i) => ({
        userId: junk.id,
        category: 'other' as const,
        description: `junk ${i}`,
      })),
    );
    const rider = await asRider(t);
    const filed = await rider.post('/api/complaints', {
      category: 'cleanliness',
      description: 'Lane 2 washroom flooded',
    });
    expect(filed.statusCode).toBe(201);
    const real = filed.json().id as number;

    const first = await page('/api/staff/complaints', staff);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({ id: real, description: 'Lane 2 washroom flooded' });
    expect(first.nextCursor).toBe(first.items.at(-1)!.id);

    const all = await walk('/api/staff/complaints', staff);
    expect(all).toHaveLength(151);
    expect(new Set(all).size).toBe(151);
    expect(all).toEqual([...all].sort((a, b) => b - a));

    const oldest = await page('/api/staff/complaints?order=oldest&limit=5', staff);
    expect(oldest.items.map((c) => c.description)).toEqual(['junk 0', 'junk 1', 'junk 2', 'junk 3', 'junk 4']);
    expect((await walk('/api/staff/complaints?order=oldest', staff)).reverse()).toEqual(all);

    // Resolved ones move to their own list.
    await staff.post(`/api/staff/complaints/${real}`, { status: 'resolved', reply: 'Mopped' });
    expect((await page('/api/staff/complaints?status=resolved', staff)).items.map((c) => c.id)).toEqual([real]);
    expect((await page('/api/staff/complaints', staff)).items[0]!.id).not.toBe(real);
  });

  it('orders, exception passes and reward claims are paged the same way', async () => {
    const staff = await asStaff(t);
    const rider = await asRider(t);
    const db = t.database.db;
    const soon = new Date(Date.now() + 3_600_000);
    await db
      .insert(orders)
      .values(
        Array.from({ length: 3 }, (_, i) => ({ userId: rider.id, total: '1.00', deliveryLocation: `Lane ${i}` })),
      );
    await db.insert(exceptionPasses).values(
      Array.from({ length: 3 }, (_, i) => ({
        userId: rider.id,
        passType: 'medical' as const,
        description: `pass ${i}`,
        route: 'horseshoe-departure' as const,
        departureTime: soon,
        validFrom: soon,
        validUntil: soon,
      })),
    );
    await db
      .insert(rewardClaims)
      .values(Array.from({ length: 3 }, () => ({ userId: rider.id, rewardId: 'vinyl-sticker-pack', pointsSpent: 1 })));
    for (const url of ['/api/staff/orders', '/api/staff/exception-passes?status=pending', '/api/staff/reward-claims']) {
      const first = await page(`${url}${url.includes('?') ? '&' : '?'}limit=2`, staff);
      expect(first.items, url).toHaveLength(2);
      expect(first.items[0]!.id).toBeGreaterThan(first.items[1]!.id);
      expect(first.nextCursor).toBe(first.items[1]!.id);
      const all = await walk(url, staff);
      expect(all, url).toHaveLength(3);
    }
  });

  it('refuses paging it cannot read with 400 {error, message}', async () => {
    const staff = await asStaff(t);
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=ten',
      'cursor=-1',
      'cursor=2147483648',
      'cursor=x',
      'order=sideways',
      'status=lost',
    ]) {
      const res = await staff.get(`/api/staff/complaints?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const rider = await asRider(t);
    expect((await rider.get('/api/staff/complaints?limit=0')).statusCode).toBe(401);
  });
});
