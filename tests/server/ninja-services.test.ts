/**
 * What Deckhand offers is what it can do. With the defaults (no booking provider, no SMTP, no SMS
 * gateway) GET /api/services says so, the request route refuses auto-book, e-mail and SMS, and the
 * watcher never books: an auto-book request left from before is alerted like any other. SMS goes
 * through the HTTP gateway when SMS_URL is set (a local stand-in here), and a refusal is recorded.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { runWatcherPass } from '../../server/booking-agent/engine';
import { sendMessage, transportsFromConfig } from '../../server/booking-agent/messages';
import { ninjaRequests, notifications, outboundMessages, reservationBookings } from '../../server/db/schema';
import type { PushSender } from '../../server/push/push-sender';
import { asAdmin, asRider } from '../kit/server/actor';
import { NINJA_BOOKING_TABLES, truncateTables, useTestApp } from '../kit/server/app';
import { ninjaRequestBody } from './support/ninja-request';
import { findOpening } from './support/openings';

const DATE = '2026-07-15';
const ROUTE = 'Horseshoe Bay - Departure Bay';
const opening = findOpening(ROUTE, DATE);
let clock = opening.opensAt - 60_000;
const t = useTestApp({ now: () => clock });
const push: PushSender = { send: async () => 'sent' };

beforeEach(async () => {
  await truncateTables(t.database, [
    'users',
    ...NINJA_BOOKING_TABLES,
    'back_office_accounts',
    'booking_agent_settings',
  ]);
  clock = opening.opensAt - 60_000;
});

const ninjaRider = () => asRider(t, { membershipType: 'ninja', phoneNumber: '604-555-0100' });

const body = (overrides: Record<string, unknown> = {}) =>
  ninjaRequestBody({ route: ROUTE, departureDate: DATE, departureTime: opening.departureTime }, overrides);

describe('GET /api/services', () => {
  it('says no one books, e-mail and SMS are off, no payment is taken, and the configured interval', async () => {
    const admin = await asAdmin(t);
    const saved = await admin.put('/api/admin/settings', { maxMonitors: 50, checkIntervalSeconds: 120 });
    expect(saved.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/services' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      booking: null,
      channels: { inbox: true, push: expect.any(Boolean), email: false, sms: false },
      payments: null,
      ninjaCheckIntervalSeconds: 120,
    });
  });
});

describe('Ninja Booking without a booking provider or channels', () => {
  it('refuses auto-book, e-mail and SMS in words, and accepts an alert-only request', async () => {
    const rider = await ninjaRider();
    for (const [overrides, error] of [
      [{ autoBookEnabled: true }, 'auto_book_unavailable'],
      [{ notifyViaEmail: true, contactEmail: 'r@example.com' }, 'email_unavailable'],
      [{ notifyViaSms: true }, 'sms_unavailable'],
    ] as const) {
      const res = await rider.post('/api/ninja-booking/requests', body(overrides));
      expect(res.statusCode, error).toBe(422);
      expect(res.json()).toMatchObject({ error, message: expect.stringMatching(/not available/) });
    }
    const ok = await rider.post('/api/ninja-booking/requests', body());
    expect(ok.statusCode).toBe(201);
  });

  it('never books: an auto-book request is alerted, and the rider books it', async () => {
    const rider = await ninjaRider();
    const created = await rider.post('/api/ninja-booking/requests', body());
    // A request stored with auto-book before the provider was removed.
    await t.database.db
      .update(ninjaRequests)
      .set({ autoBookEnabled: true })
      .where(eq(ninjaRequests.id, created.json().id));
    clock = opening.opensAt;
    await runWatcherPass({ database: t.database, push, transports: {}, booking: null }, new Date(clock));
    expect(await t.database.db.select().from(reservationBookings)).toEqual([]);
    const alerts = await t.database.db.select().from(notifications).where(eq(notifications.userId, rider.id));
    expect(alerts.map((a) => a.title)).toEqual(['Ninja Booking: a space opened']);
    expect(alerts[0]?.body).toContain('Book it now.');
  });
});

describe('SMS through the HTTP gateway', () => {
  let gateway: Server;
  let url = '';
  const received: Array<{ auth: string | undefined; body: unknown }> = [];
  let answer = 202;

  beforeAll(async () => {
    gateway = createServer((req: IncomingMessage, res) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
        res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'queued' : 'number blocked');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const address = gateway.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/messages`;
  });
  afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

  it('is sent when the gateway accepts it, and marked failed with its answer when it refuses', async () => {
    const transports = transportsFromConfig({
      SMTP_FROM: 'x',
      SMS_URL: url,
      SMS_TOKEN: 'secret-token',
      SMS_FROM: 'Deckhand',
    });
    expect(transports.email).toBeUndefined();
    await sendMessage(t.database, transports, {
      key: 'sms-1',
      channel: 'sms',
      recipient: '+16045550100',
      subject: 'Opening',
      body: 'A space opened',
    });
    expect(received).toEqual([
      { auth: 'Bearer secret-token', body: { from: 'Deckhand', to: '+16045550100', body: 'A space opened' } },
    ]);
    answer = 403;
    await sendMessage(t.database, transports, {
      key: 'sms-2',
      channel: 'sms',
      recipient: '+16045550101',
      subject: 'Opening',
      body: 'Again',
    });
    const rows = await t.database.db.select().from(outboundMessages).orderBy(outboundMessages.id);
    expect(rows.map((r) => [r.key, r.status, r.error])).toEqual([
      ['sms-1', 'sent', null],
      ['sms-2', 'failed', 'SMS gateway answered 403: number blocked'],
    ]);
  });
});
