import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';

import { ninjaRequests, outboundMessages, users } from '../../server/db/schema';
import { ProcessHealth } from '../../server/health/process-health';
import { startAlertScheduler } from '../../server/jobs/alert-scheduler';
import type { PushResult } from '../../server/push/push-sender';
import { asAdmin, asBackOfficeAccount, asRider, asStaff, type Actor } from '../kit/server/actor';
import { RIDER_TABLES, useTestApp } from '../kit/server/app';
import { SETTLED } from '../kit/settled';

const health = new ProcessHealth();
const t = useTestApp({
  processHealth: health,
  reset: [
    ...RIDER_TABLES,
    'complaints',
    'orders',
    'audit_log',
    'booking_agent_settings',
    'back_office_accounts',
    'notifications',
    'exception_passes',
    'reward_claims',
    'ninja_requests',
    'outbound_messages',
    'leaderboard_names',
  ],
});

async function complain(rider: Actor, description: string) {
  const res = await rider.post('/api/complaints', { category: 'other', description });
  return res.json().id as number;
}

describe('admin figures', () => {
  it('metrics count the rows of today and keep 7 days of history', async () => {
    const admin = await asAdmin(t);
    const a = await asRider(t);
    const b = await asRider(t);
    await complain(a, 'Lane 4 gate stuck');
    await complain(b, 'No hot water');
    const metrics = (await admin.get('/api/admin/metrics')).json();
    expect(metrics.openComplaints).toMatchObject({ today: 2, now: 2 });
    expect(metrics.openComplaints.values).toHaveLength(7);
    expect(metrics.ridersActiveToday.today).toBe(2);
    expect(metrics.ordersToday.today).toBe(0);
    const active = (await admin.get('/api/admin/users/active')).json();
    expect(active.map((r: { id: number }) => r.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('counts Ninja requests active and booked now, with the requests created per day', async () => {
    const admin = await asAdmin(t);
    const rider = await asRider(t);
    const request = (status: 'active' | 'booked' | 'expired') => ({
      id: randomUUID(),
      userId: rider.id,
      route: 'horseshoe-bay-departure-bay',
      departureDate: '2026-12-01',
      vehicleType: 'standard' as const,
      passengerCount: 2,
      maxServiceFee: 25,
      isFlexible: false,
      flexibilityHours: 0,
      priority: 'medium' as const,
      autoBookEnabled: false,
      notifyViaEmail: false,
      notifyViaSms: false,
      status,
      expiresAt: new Date(Date.now() + 86_400_000),
      createdAt: new Date(),
    });
    await t.database.db
      .insert(ninjaRequests)
      .values([request('active'), request('active'), request('booked'), request('expired')]);
    const metrics = (await admin.get('/api/admin/metrics')).json();
    expect(metrics.ninjaRequests).toMatchObject({ active: 2, booked: 1, today: 4 });
    expect(metrics.ninjaRequests.values).toHaveLength(7);
  });

  it('system status answers the database kind, latency and table sizes', async () => {
    const admin = await asAdmin(t);
    const status = (await admin.get('/api/admin/system-status')).json();
    expect(status.database).toMatchObject({ kind: 'pglite', queryMs: expect.any(Number) });
    expect(status.tables.idempotencyKeys).toEqual(expect.any(Number));
    expect(status.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it("system status counts the mail/SMS outbox by status, this process's pushes, loop lag and the stored answers", async () => {
    const admin = await asAdmin(t);
    const message = (key: string, channel: 'email' | 'sms', status: 'stored' | 'sent' | 'failed') => ({
      key,
      channel,
      status,
      recipient: 'r@example.com',
      subject: 's',
      body: 'b',
    });
    await t.database.db
      .insert(outboundMessages)
      .values([
        message('a', 'email', 'sent'),
        message('b', 'email', 'sent'),
        message('c', 'sms', 'failed'),
        message('d', 'email', 'stored'),
      ]);
    // The push service answers are what a counted sender sees; the dashboard shows what it counted.
    const answers: PushResult[] = ['sent', 'failed', 'sent', 'gone'];
    const before = health.pushes();
    const push = health.countPushes({ send: async () => answers.shift()! });
    for (let i = 0; i < 4; i += 1)
      await push.send(
        { endpoint: 'https://push.example/x', p256dh: 'k', auth: 'a' },
        { title: 't', body: 'b', tag: 'x', url: '/app', kind: 'away_alert' },
      );
    const stop = startAlertScheduler({
      database: t.database,
      push,
      sources: [],
      intervalMs: 60_000,
      log: { error: () => undefined, info: () => undefined },
      ticks: health,
    });
    await vi.waitFor(() => expect(health.tickLags()[0]?.lastTickAt).not.toBeNull(), SETTLED);
    await stop();
    const rider = await asRider(t);
    await rider.post(
      '/api/complaints',
      { category: 'other', description: 'Lane 2 sign down' },
      { idempotencyKey: 'health-complaint-0001' },
    );
    const status = (await admin.get('/api/admin/system-status')).json();
    expect(status.outboundMessages).toEqual(
      expect.arrayContaining([
        { channel: 'email', status: 'sent', n: 2 },
        { channel: 'email', status: 'stored', n: 1 },
        { channel: 'sms', status: 'failed', n: 1 },
      ]),
    );
    expect(status.outboundMessages).toHaveLength(3);
    expect(status.push).toMatchObject({
      sent: before.sent + 2,
      failed: before.failed + 1,
      gone: before.gone + 1,
      since: before.since,
    });
    expect(status.schedulers).toEqual([
      { name: 'Alert scheduler', intervalMs: 60_000, lastTickAt: expect.any(String), lagMs: expect.any(Number) },
    ]);
    expect(status.realtimeBridge).toMatchObject({ state: 'disabled' });
    expect(status.tables).toMatchObject({ outboundMessages: 4, idempotencyKeysPending: 0 });
    expect(status.tables.idempotencyKeys).toBeGreaterThanOrEqual(1);
  });

  it('settings default to 50 monitors / 30 s, are saved, and the change is audited', async () => {
    const admin = await asAdmin(t);
    expect((await admin.get('/api/admin/settings')).json()).toEqual({ maxMonitors: 50, checkIntervalSeconds: 30 });
    const put = await admin.put('/api/admin/settings', { maxMonitors: 20, checkIntervalSeconds: 60 });
    expect(put.statusCode).toBe(200);
    expect((await admin.get('/api/admin/settings')).json()).toEqual({ maxMonitors: 20, checkIntervalSeconds: 60 });
    const bad = await admin.put('/api/admin/settings', { maxMonitors: 0, checkIntervalSeconds: 60 });
    expect(bad.statusCode).toBe(400);
    const log = (await admin.get('/api/admin/audit-log')).json();
    expect(log[0]).toMatchObject({ action: 'settings.update', target: 'booking agent' });
  });
});

describe('banner management', () => {
  it('creates, schedules and expires the banners riders see, each change audited', async () => {
    const admin = await asAdmin(t);
    const titles = async () =>
      ((await t.app.inject({ method: 'GET', url: '/api/banners' })).json() as Array<{ title: string }>).map(
        (b) => b.title,
      );
    const created = await admin.post('/api/admin/banners', { title: 'Lane 9 closed', message: 'Use lane 8 today' });
    expect(created.statusCode).toBe(201);
    const banner = created.json();
    expect(await titles()).toContain('Lane 9 closed');
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await admin.put(`/api/admin/banners/${banner.id}`, {
      title: 'Lane 9 closed',
      message: 'Use lane 8 today',
      startsAt: later,
    });
    expect(await titles()).not.toContain('Lane 9 closed');
    await admin.put(`/api/admin/banners/${banner.id}`, {
      title: 'Lane 9 closed',
      message: 'Use lane 8 today',
      active: false,
    });
    expect(await titles()).not.toContain('Lane 9 closed');
    const bad = await admin.put(`/api/admin/banners/${banner.id}`, {
      title: 'x',
      message: 'y',
      startsAt: later,
      endsAt: new Date().toISOString(),
    });
    expect(bad.statusCode).toBe(400);
    const actions = (await admin.get('/api/admin/audit-log')).json().map((e: { action: string }) => e.action);
    expect(actions).toEqual(['banner.expire', 'banner.update', 'banner.create']);
  });
});

describe('user management', () => {
  it('sets a rider tier (the gate changes) and writes who/what/when to the audit log', async () => {
    const admin = await asAdmin(t);
    const rider = await asRider(t);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, rider.id));
    const found = (await admin.get(`/api/admin/riders?q=${encodeURIComponent(row!.username)}`)).json();
    expect(found.map((r: { id: number }) => r.id)).toEqual([rider.id]);
    const pass = {
      passType: 'medical',
      description: 'x',
      route: 'tsawwassen-swartz',
      departureTime: new Date().toISOString(),
    };
    expect((await rider.post('/api/exception-passes', pass)).statusCode).toBe(403);
    const res = await admin.put(`/api/admin/riders/${rider.id}/tier`, { membershipType: 'premium' });
    expect(res.json()).toMatchObject({ id: rider.id, membershipType: 'premium' });
    expect((await rider.post('/api/exception-passes', pass)).statusCode).toBe(201);
    const [entry] = (await admin.get('/api/admin/audit-log')).json();
    expect(entry).toMatchObject({
      action: 'rider.tier',
      target: `rider ${row!.username}`,
      detail: 'free → premium',
      actor: expect.stringMatching(/^admin-/),
    });
    expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false);
  });

  it('creates a staff account, disables it (its session ends), enables it and resets its password', async () => {
    const admin = await asAdmin(t);
    const created = await admin.post('/api/admin/accounts', {
      username: 'deckhand-sam',
      password: 'a-long-staff-password',
      role: 'staff',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const sam = await asBackOfficeAccount(t, { id, username: 'deckhand-sam', password: 'a-long-staff-password' });
    expect((await sam.get('/api/staff/orders')).statusCode).toBe(200);
    const off = await admin.patch(`/api/admin/accounts/${id}`, { disabled: true });
    expect(off.json()).toMatchObject({ disabled: true });
    expect((await sam.get('/api/staff/orders')).statusCode).toBe(401);
    await admin.patch(`/api/admin/accounts/${id}`, { disabled: false });
    const reset = await admin.post(`/api/admin/accounts/${id}/password`, { password: 'another-long-password' });
    expect(reset.statusCode).toBe(200);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'deckhand-sam', password: 'another-long-password' },
    });
    expect(relogin.statusCode).toBe(200);
    const actions = (await admin.get('/api/admin/audit-log')).json().map((e: { action: string }) => e.action);
    expect(actions).toEqual(['account.password_reset', 'account.enable', 'account.disable', 'account.create']);
  });
});

describe('staff operations queues', () => {
  it('lists open complaints; resolving needs a reply, which the rider then sees', async () => {
    const staff = await asStaff(t);
    const rider = await asRider(t);
    const id = await complain(rider, 'Washroom out of soap');
    expect((await staff.get('/api/staff/complaints')).json()).toMatchObject({
      items: [{ id, status: 'received', description: 'Washroom out of soap' }],
      nextCursor: null,
    });
    const ack = await staff.post(`/api/staff/complaints/${id}`, { status: 'in_review' });
    expect(ack.json()).toMatchObject({ status: 'in_review' });
    const noReply = await staff.post(`/api/staff/complaints/${id}`, { status: 'resolved' });
    expect(noReply.statusCode).toBe(400);
    await staff.post(`/api/staff/complaints/${id}`, { status: 'resolved', reply: 'Refilled, thanks for telling us' });
    const mine = (await rider.get('/api/complaints')).json();
    expect(mine[0]).toMatchObject({ status: 'resolved', reply: 'Refilled, thanks for telling us' });
  });

  it('shows staff where, what, the note, when and who with their contact details, not only an id', async () => {
    const staff = await asStaff(t);
    const rider = await asRider(t);
    await rider.patch('/api/users/profile', { carNumber: 'abc 123', phoneNumber: '604 555 0100' });
    await rider.put('/api/contributions/display-name', { displayName: 'Dana at the wheel' });
    const filed = await rider.post('/api/complaints', {
      category: 'cleanliness',
      description: 'Facility cleanliness issues observed',
      terminalId: 'departure-bay',
      note: 'Lane 2 washroom has no soap',
    });
    expect(filed.statusCode).toBe(201);
    const [complaint] = (await staff.get('/api/staff/complaints')).json().items;
    expect(complaint).toMatchObject({
      category: 'cleanliness',
      description: 'Facility cleanliness issues observed',
      terminalId: 'departure-bay',
      note: 'Lane 2 washroom has no soap',
      rider: 'Dana at the wheel',
      riderPhone: '604 555 0100',
      riderCarNumber: 'ABC 123',
    });
    expect(Number.isNaN(Date.parse(complaint.createdAt))).toBe(false);
    const unknown = await rider.post('/api/complaints', {
      category: 'delay',
      description: 'Late',
      terminalId: 'whistler',
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('lists undelivered orders with the rider and items', async () => {
    const staff = await asStaff(t);
    const rider = await asRider(t);
    const items = (await t.app.inject({ method: 'GET', url: '/api/store/items' })).json();
    const order = await rider.post('/api/orders', {
      order: { deliveryLocation: 'Lane 3' },
      items: [{ storeItemId: items[0].id, quantity: 2 }],
    });
    expect(order.statusCode).toBe(201);
    const queue = (await staff.get('/api/staff/orders')).json().items;
    expect(queue).toMatchObject([
      {
        id: order.json().id,
        status: 'received',
        deliveryLocation: 'Lane 3',
        items: [{ name: items[0].name, quantity: 2 }],
      },
    ]);
  });

  it('moves a physical reward claim one step at a time, tells the rider and audits each move', async () => {
    const staff = await asStaff(t);
    const admin = await asAdmin(t);
    const rider = await asRider(t);
    await t.database.db.update(users).set({ rewardPointsBalance: 300 }).where(eq(users.id, rider.id));
    const claimed = await rider.post('/api/rewards/claim', { rewardId: 'vinyl-sticker-pack' });
    expect(claimed.json()).toMatchObject({ status: 'pending' });
    const id = claimed.json().id as number;
    const [row] = await t.database.db.select().from(users).where(eq(users.id, rider.id));
    expect((await staff.get('/api/staff/reward-claims')).json().items).toMatchObject([
      { id, status: 'pending', reward: 'Deckhand Vinyl Sticker Pack', rider: row!.username },
    ]);
    const move = (claimId: number, payload: unknown) => staff.post(`/api/staff/reward-claims/${claimId}`, payload);
    expect((await move(id, { status: 'shipped' })).statusCode).toBe(409);
    expect((await move(id, { status: 'redeemed' })).statusCode).toBe(400);
    expect((await move(id + 1000, { status: 'approved' })).statusCode).toBe(404);
    expect((await move(id, { status: 'approved' })).json()).toMatchObject({ id, status: 'approved' });
    expect((await move(id, { status: 'approved' })).json()).toMatchObject({ error: 'not_next_status' });
    expect((await move(id, { status: 'shipped' })).json()).toMatchObject({ status: 'shipped' });
    expect((await rider.get('/api/rewards/claims')).json()).toMatchObject([{ id, status: 'shipped' }]);
    const inbox = (await rider.get('/api/notifications')).json();
    expect(inbox.items.map((n: { title: string }) => n.title)).toEqual(['Reward shipped', 'Reward approved']);
    expect((await move(id, { status: 'delivered' })).json()).toMatchObject({ status: 'delivered' });
    expect((await staff.get('/api/staff/reward-claims')).json()).toEqual({ items: [], nextCursor: null });
    const log = (await admin.get('/api/admin/audit-log')).json();
    expect(log.slice(0, 3).map((e: { action: string; target: string }) => `${e.action} ${e.target}`)).toEqual([
      `reward_claim.delivered reward claim ${id}`,
      `reward_claim.shipped reward claim ${id}`,
      `reward_claim.approved reward claim ${id}`,
    ]);
  });

  it('never lists digital rewards, which the server redeems at once', async () => {
    const staff = await asStaff(t);
    const rider = await asRider(t);
    await t.database.db.update(users).set({ rewardPointsBalance: 300 }).where(eq(users.id, rider.id));
    const claimed = await rider.post('/api/rewards/claim', { rewardId: 'sticker-orca' });
    expect(claimed.json()).toMatchObject({ status: 'redeemed' });
    expect((await staff.get('/api/staff/reward-claims')).json()).toEqual({ items: [], nextCursor: null });
    const move = await staff.post(`/api/staff/reward-claims/${claimed.json().id}`, { status: 'approved' });
    expect(move.statusCode).toBe(409);
  });
});
