/**
 * Ninja Booking end to end on the server with the clock pinned: requests (gating, validation,
 * expiry, cancelling), the reservations model behind GET /api/sailings/availability, and the watcher
 * engine finding an opening (one alert, not again on the next pass or after a restart, again when
 * the space closes and reopens), auto-booking under contention, and the single-engine lease.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { localDateKey, NINJA_REQUEST_LIFETIME_MS } from '@/domain/ninja';

import { simulatorBookingProvider } from '../../server/booking-agent/booking-provider';
import { acquireLease, runWatcherPass } from '../../server/booking-agent/engine';
import type { WatcherDeps } from '../../server/booking-agent/ninja-watcher';
import { notifications, outboundMessages, reservationBookings } from '../../server/db/schema';
import type { PushSender } from '../../server/push/push-sender';
import { asRider, type Actor } from '../kit/server/actor';
import { NINJA_BOOKING_TABLES, truncateTables, useTestApp } from '../kit/server/app';
import { ninjaRequestBody } from './support/ninja-request';
import { findOpening } from './support/openings';

const DATE = '2026-07-15';
const ROUTE = 'Horseshoe Bay - Departure Bay';
const opening = findOpening(ROUTE, DATE);
let clock = opening.opensAt - 60_000;
// The simulator books (labelled simulated), and both channels can deliver: these tests watch what they do.
const t = useTestApp({
  now: () => clock,
  env: { BOOKING_PROVIDER: 'simulator', SMTP_URL: 'smtp://127.0.0.1:2525', SMS_URL: 'http://127.0.0.1:9/sms' },
});

const pushed: string[] = [];
const push: PushSender = { send: async (_sub, payload) => (pushed.push(payload.tag ?? ''), 'sent') };
const deps = (): WatcherDeps => ({ database: t.database, push, transports: {}, booking: simulatorBookingProvider });

beforeEach(async () => {
  await truncateTables(t.database, ['users', ...NINJA_BOOKING_TABLES, 'engine_leases']);
  pushed.length = 0;
  clock = opening.opensAt - 60_000;
});

const ninjaRider = (membershipType: 'ninja' | 'contributor' | 'premium_plus' | 'free' = 'ninja') =>
  asRider(t, { membershipType, phoneNumber: '604-555-0100' });

function requestBody(overrides: Record<string, unknown> = {}) {
  const alerts = { notifyViaEmail: true, notifyViaSms: true, contactEmail: 'rider@example.com' };
  return ninjaRequestBody(
    { route: ROUTE, departureDate: DATE, departureTime: opening.departureTime },
    { ...alerts, ...overrides },
  );
}

async function createRequest(rider: Actor, overrides: Record<string, unknown> = {}) {
  const res = await rider.post('/api/ninja-booking/requests', requestBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string; expiresAt: string };
}

async function listRequests(rider: Actor) {
  const res = await rider.get('/api/ninja-booking/requests');
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{
    id: string;
    status: string;
    currentAttempts: number;
    lastCheckedAt: string | null;
    booking: { successFee: string } | null;
  }>;
}

async function inbox(userId: number) {
  return t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
}

describe('Ninja Booking requests', () => {
  it('refuses riders who are neither ninja, premium_plus nor contributor', async () => {
    const free = await ninjaRider('free');
    for (const res of [
      await free.get('/api/ninja-booking/requests'),
      await free.post('/api/ninja-booking/requests', requestBody()),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'membership_required' });
    }
    for (const tier of ['contributor', 'premium_plus'] as const) {
      const rider = await ninjaRider(tier);
      await createRequest(rider);
    }
  });

  it('stores a request as active, expiring 30 days after creation, and lists it', async () => {
    const rider = await ninjaRider();
    const created = await createRequest(rider);
    expect(created.status).toBe('active');
    expect(Date.parse(created.expiresAt)).toBe(clock + NINJA_REQUEST_LIFETIME_MS);
    expect((await listRequests(rider)).map((r) => r.id)).toEqual([created.id]);
  });

  it('validates every field with a 4xx {error, message}', async () => {
    const rider = await ninjaRider();
    for (const bad of [
      { route: 'Nowhere - Elsewhere' },
      { passengerCount: 21 },
      { maxServiceFee: 24 },
      { flexibilityHours: 3 },
      { departureTime: '7 am' },
      { departureDate: '' },
    ]) {
      const res = await rider.post('/api/ninja-booking/requests', requestBody(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const past = await rider.post('/api/ninja-booking/requests', requestBody({ departureDate: '2026-07-01' }));
    expect(past.statusCode).toBe(422);
  });

  it('refuses a departure time that is none of the route’s sailings that day (422 unknown_sailing)', async () => {
    const rider = await ninjaRider();
    // 08:20 AM is one of the spec's presets, but no Horseshoe Bay - Departure Bay sailing leaves then.
    const res = await rider.post('/api/ninja-booking/requests', requestBody({ departureTime: '08:20 AM' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'unknown_sailing',
      message: expect.stringContaining(`No ${ROUTE} sailing leaves at 08:20 AM`),
    });
    expect(res.json().message).toContain(opening.departureTime);
    expect(await listRequests(rider)).toEqual([]);
  });

  it('cancels an active request, which the watcher then leaves alone', async () => {
    const rider = await ninjaRider();
    const created = await createRequest(rider);
    const res = await rider.post(`/api/ninja-booking/requests/${created.id}/cancel`);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    clock = opening.opensAt;
    await runWatcherPass(deps(), new Date(clock));
    expect(await inbox(rider.id)).toEqual([]);
  });

  it('expires a request 30 days after creation and tells the rider', async () => {
    const rider = await ninjaRider();
    const later = localDateKey(clock + 40 * 24 * 3600_000);
    const created = await createRequest(rider, { departureDate: later, departureTime: null });
    await runWatcherPass(deps(), new Date(clock + NINJA_REQUEST_LIFETIME_MS - 60_000));
    expect((await listRequests(rider))[0]?.status).toBe('active');
    await runWatcherPass(deps(), new Date(clock + NINJA_REQUEST_LIFETIME_MS));
    expect((await listRequests(rider))[0]).toMatchObject({ id: created.id, status: 'expired' });
    expect((await inbox(rider.id)).map((n) => n.title)).toEqual(['Ninja Booking request expired']);
  });
});

describe('sailing availability', () => {
  it('answers each sailing of the route with vehicle spaces by size, passenger spaces and the time of the data', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/sailings/availability?route=${encodeURIComponent(ROUTE)}&date=${DATE}`,
    });
    expect(before.statusCode).toBe(200);
    const body = before.json() as {
      dataTime: string;
      sailings: Array<{ sailingId: string; vehicleSpaces: Record<string, number>; passengerSpaces: number }>;
    };
    expect(body.dataTime).toBe(new Date(clock).toISOString());
    const sailing = body.sailings.find((s) => s.sailingId === opening.sailing.id);
    expect(sailing?.vehicleSpaces).toMatchObject({
      standard: 0,
      oversized: expect.any(Number),
      motorcycle: expect.any(Number),
    });
    clock = opening.opensAt;
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/sailings/availability?route=hsb-nan&date=${DATE}` })
    ).json() as typeof body;
    expect(after.sailings.find((s) => s.sailingId === opening.sailing.id)?.vehicleSpaces.standard).toBe(opening.spaces);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/sailings/availability?route=atlantis' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the watcher engine', () => {
  it('reports an opening exactly once: not again on the next pass, nor after a restart', async () => {
    const rider = await ninjaRider();
    await createRequest(rider);
    await runWatcherPass(deps(), new Date(clock));
    expect(await inbox(rider.id)).toEqual([]);

    clock = opening.opensAt;
    await runWatcherPass(deps(), new Date(clock));
    const alerts = await inbox(rider.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      kind: 'booking_update',
      title: 'Ninja Booking: a space opened',
      url: '/app/ninja',
    });
    expect(alerts[0]?.body).toContain(ROUTE);
    const mail = await t.database.db.select().from(outboundMessages);
    expect(mail.map((m) => [m.channel, m.recipient, m.status]).sort()).toEqual([
      ['email', 'rider@example.com', 'stored'],
      ['sms', '604-555-0100', 'stored'],
    ]);

    await runWatcherPass(deps(), new Date(clock + 30_000));
    // A restart: fresh engine objects, only the database carries over.
    await runWatcherPass({ database: t.database, push, transports: {} }, new Date(clock + 60_000));
    expect(await inbox(rider.id)).toHaveLength(1);
    const [listed] = await listRequests(rider);
    expect(listed?.currentAttempts).toBe(4);
    expect(listed?.lastCheckedAt).toBe(new Date(clock + 60_000).toISOString());
  });

  it('sends e-mail through the transport when there is one, and records what it really did', async () => {
    const rider = await ninjaRider();
    await createRequest(rider, { notifyViaSms: false });
    const sent: string[] = [];
    clock = opening.opensAt;
    await runWatcherPass(
      { database: t.database, push, transports: { email: async (to) => void sent.push(to) } },
      new Date(clock),
    );
    expect(sent).toEqual(['rider@example.com']);
    expect((await t.database.db.select().from(outboundMessages)).map((m) => m.status)).toEqual(['sent']);
  });

  it('auto-books the last space for exactly one of two contending requests: the higher priority wins', async () => {
    const single = findOpening(ROUTE, DATE, 1);
    clock = single.opensAt - 60_000;
    const older = await ninjaRider();
    const newer = await ninjaRider();
    await createRequest(older, { departureTime: single.departureTime, autoBookEnabled: true, priority: 'low' });
    clock += 1_000;
    await createRequest(newer, {
      departureTime: single.departureTime,
      autoBookEnabled: true,
      priority: 'high',
      maxServiceFee: 25,
    });
    clock = single.opensAt;
    await Promise.all([runWatcherPass(deps(), new Date(clock)), runWatcherPass(deps(), new Date(clock))]);

    const bookings = await t.database.db.select().from(reservationBookings);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ userId: newer.id, sailingId: single.sailing.id, successFee: '25.00' });
    expect((await listRequests(newer))[0]).toMatchObject({ status: 'booked', booking: { successFee: '25.00' } });
    expect((await listRequests(older))[0]?.status).toBe('active');
    const [booked] = await inbox(newer.id);
    expect(booked).toMatchObject({ title: 'Ninja Booking: simulated booking' });
    expect(booked?.body).toMatch(
      /^Simulated by the Deckhand simulator, not a reservation: .* Success fee \$25\.00 recorded, not charged\.$/,
    );
    expect(await inbox(older.id)).toEqual([]);
    const free = (
      await t.app.inject({
        method: 'GET',
        url: `/api/sailings/availability?route=${encodeURIComponent(ROUTE)}&date=${DATE}`,
      })
    ).json() as {
      sailings: Array<{ sailingId: string; vehicleSpaces: { standard: number } }>;
    };
    expect(free.sailings.find((s) => s.sailingId === single.sailing.id)?.vehicleSpaces.standard).toBe(0);
  });

  it('lets exactly one instance hold the engine lease until it expires', async () => {
    const now = new Date(clock);
    expect(await acquireLease(t.database, 'a', now, 90_000)).toBe(true);
    expect(await acquireLease(t.database, 'b', now, 90_000)).toBe(false);
    expect(await acquireLease(t.database, 'a', new Date(clock + 30_000), 90_000)).toBe(true);
    expect(await acquireLease(t.database, 'b', new Date(clock + 60_000), 90_000)).toBe(false);
    expect(await acquireLease(t.database, 'b', new Date(clock + 121_000), 90_000)).toBe(true);
  });
});
