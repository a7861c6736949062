import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { notificationListSchema, notificationSchema } from '@/domain/notification';

import { notifications } from '../../server/db/schema';
import { asRider, type Actor } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

const t = useTestApp({ reset: ['users', 'sessions', 'notifications', 'idempotency_keys'] });

/** Notifications as the alert scheduler stores them, one second apart, oldest first. */
async function store(userId: number, count: number, from = 0): Promise<void> {
  const base = Date.parse('2026-07-10T19:00:00Z');
  await t.database.db.insert(notifications).values(
    Array.from({ length: count }, (_, i) => ({
      userId,
      key: `test:${from + i}`,
      kind: 'away_alert' as const,
      title: `Alert ${from + i}`,
      body: 'Boarding starts in about 5 minutes. Leave Coffee Kiosk now.',
      url: '/app?away=open',
      createdAt: new Date(base + (from + i) * 1000),
    })),
  );
}

function list(rider: Actor) {
  return rider.get('/api/notifications');
}

function markRead(id: number | string, rider: Actor) {
  return rider.post(`/api/notifications/${id}/read`);
}

describe('GET /api/notifications', () => {
  it('answers the newest 50 of the caller, newest first, and counts every unread one', async () => {
    const me = await asRider(t);
    const other = await asRider(t);
    await store(me.id, 55);
    await store(other.id, 3, 100);
    const res = await list(me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = z.strictObject(notificationListSchema.shape).parse(res.json());
    expect(body.unreadCount).toBe(55);
    expect(body.items).toHaveLength(50);
    expect(body.items[0]).toMatchObject({ title: 'Alert 54', kind: 'away_alert', url: '/app?away=open', readAt: null });
    expect(body.items.at(-1)?.title).toBe('Alert 5');
    for (const item of body.items) z.strictObject(notificationSchema.shape).parse(item);
  });

  it('gives a new visitor an empty inbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(res.json()).toEqual({ items: [], unreadCount: 0 });
  });
});

describe('POST /api/notifications/:id/read', () => {
  it('marks one read; a repeat keeps the first read time', async () => {
    const me = await asRider(t);
    await store(me.id, 2);
    const [newest] = (await list(me)).json().items;
    const res = await markRead(newest.id, me);
    expect(res.statusCode).toBe(200);
    const read = notificationSchema.parse(res.json());
    expect(read).toMatchObject({ id: newest.id, title: newest.title });
    expect(Number.isNaN(Date.parse(read.readAt ?? ''))).toBe(false);

    const again = await markRead(newest.id, me);
    expect(again.json().readAt).toBe(read.readAt);
    expect((await list(me)).json().unreadCount).toBe(1);
  });

  it("answers 404 for another rider's notification and leaves it unread", async () => {
    const owner = await asRider(t);
    await store(owner.id, 1);
    const [item] = (await list(owner)).json().items;
    const intruder = await asRider(t);
    const res = await markRead(item.id, intruder);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'No notification with this id' });
    expect((await list(owner)).json().unreadCount).toBe(1);
  });

  it.each([['abc'], ['0'], ['-3'], ['99999999999']])('answers 400 for the id %s', async (id) => {
    const res = await markRead(id, await asRider(t));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('POST /api/notifications/read-all', () => {
  it("marks every one of the caller's read and no one else's", async () => {
    const me = await asRider(t);
    const other = await asRider(t);
    await store(me.id, 3);
    await store(other.id, 2, 10);
    await markRead((await list(me)).json().items[0].id, me);

    const res = await me.post('/api/notifications/read-all');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2, unreadCount: 0 });
    expect((await list(me)).json().items.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true);
    expect((await list(other)).json().unreadCount).toBe(2);
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const me = await asRider(t);
    await store(me.id, 2);
    const first = await me.post('/api/notifications/read-all', undefined, { idempotencyKey: 'read-all-0001' });
    const second = await me.post('/api/notifications/read-all', undefined, { idempotencyKey: 'read-all-0001' });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(first.json()).toEqual({ updated: 2, unreadCount: 0 });
  });
});
