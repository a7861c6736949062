/**
 * What a careless or hostile client can send, and what it gets back: NUL characters and ids beyond
 * int4 are 400s, bad encodings and foreign origins get `{error, message}`, security headers are on
 * every answer, the session cookie is Secure over HTTPS, /ws without Upgrade answers JSON, source
 * maps stay private in production, one rider cannot empty the store, and the rate limits answer 429.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RIDER_OPEN_ITEMS_MAX } from '@/domain/store';

import { users, webauthnChallenges } from '../../server/db/schema';
import { asAdmin, asRider, asStaff } from '../kit/server/actor';
import { createTestApp, useTestApp, type TestApp } from '../kit/server/app';

const t = useTestApp({ reset: ['users', 'sessions', 'orders', 'idempotency_keys'] });

function expectErrorBody(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = res.json() as { error?: unknown; message?: unknown };
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  return body as { error: string; message: string };
}

/** A 4xx (which one is the server's choice) with the {error, message} body. */
function expectClientError(res: Parameters<typeof expectErrorBody>[0]) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  return expectErrorBody(res, res.statusCode);
}

describe('NUL characters', () => {
  const json = { 'content-type': 'application/json' };
  it.each([
    ['POST', '/api/complaints', { category: 'delay', description: 'late\u0000' }],
    [
      'POST',
      '/api/orders',
      { items: [{ storeItemId: 'coffee-medium', quantity: 1 }], order: { deliveryLocation: 'Lane\u00003' } },
    ],
    [
      'POST',
      '/api/push/subscriptions',
      { endpoint: 'https://push.example.com/\u0000', keys: { p256dh: 'a', auth: 'b' } },
    ],
    ['POST', '/api/ai/chat', { message: 'hi\u0000' }],
  ])('%s %s with U+0000 in the body is a 400', async (method, url, body) => {
    const res = await t.app.inject({ method: method as 'POST', url, headers: json, payload: JSON.stringify(body) });
    const error = expectErrorBody(res, 400);
    expect(error.message).toMatch(/NUL/);
  });

  it.each([
    ['GET', '/api/cameras/%00/frame'],
    ['DELETE', '/api/away-sessions/%00'],
    ['GET', '/api/cameras/cam%00x/frame'],
  ])('%s %s with U+0000 in the path is a 400', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expectErrorBody(res, 400);
  });
});

describe('nested JSON', () => {
  const deepArray = `{"description":${'['.repeat(4500)}${']'.repeat(4500)}}`;
  const deepObject = `${'{"a":'.repeat(4500)}1${'}'.repeat(4500)}`;
  it.each([
    ['an array 4,500 deep', deepArray, undefined],
    ['an object 4,500 deep', deepObject, undefined],
    ['an array 4,500 deep with an Idempotency-Key', deepArray, 'nested-key-0001'],
  ])('%s answers 400 {error, message} on any route', async (_what, payload, key) => {
    for (const url of ['/api/complaints', '/api/orders', '/api/arrival-timers', '/api/session']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': `${key}-${url.length}` } : {}) },
        payload,
      });
      expect(expectErrorBody(res, 400).message).toMatch(/nests arrays and objects more than \d+ deep/);
    }
  });

  it('still reads a wide, shallow body (4,500 siblings) as JSON', async () => {
    const wide = JSON.stringify({ category: 'delay', description: Array.from({ length: 4500 }, () => []) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': 'application/json' },
      payload: wide,
    });
    expect(expectErrorBody(res, 400).error).toBe('invalid_request');
  });
});

describe('out-of-range values are 4xx, never 5xx', () => {
  const pass = (departureTime: string) => ({
    passType: 'medical',
    description: 'Appointment',
    route: 'horseshoe-departure',
    departureTime,
  });

  it.each(['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '0001-01-01T00:00:00+14:00'])(
    'an exception pass departing %s is a 400',
    async (departureTime) => {
      const rider = await asRider(t, { membershipType: 'premium' });
      expectErrorBody(await rider.post('/api/exception-passes', pass(departureTime)), 400);
    },
  );

  it.each([
    ['0000-01-01T00:00:00Z', null],
    [null, '9999-12-31T23:59:59Z'],
  ])('a banner from %s to %s is a 400', async (startsAt, endsAt) => {
    const admin = await asAdmin(t);
    expectErrorBody(await admin.post('/api/admin/banners', { title: 'Hi', message: 'Hello', startsAt, endsAt }), 400);
  });

  it('validating photo 2^31 is a 400', async () => {
    const rider = await asRider(t);
    expectErrorBody(await rider.post('/api/contributions/validate', { photoId: 2 ** 31, countIsRight: true }), 400);
  });

  it('a booking-agent monitor for rider 2^31 is a 400', async () => {
    const admin = await asAdmin(t);
    const res = await admin.inject({
      method: 'POST',
      url: '/api/booking-agent/monitor',
      payload: {
        userId: 2 ** 31,
        routeCode: 'HSB-NAN',
        fromTerminal: 'horseshoe-bay',
        toTerminal: 'departure-bay',
        departureDate: '2026-12-01',
        adults: 1,
        children: 0,
        infants: 0,
      },
    });
    expectClientError(res);
  });

  it.each([
    [
      'no boundary',
      'multipart/form-data',
      '--x\r\nContent-Disposition: form-data; name="terminal"\r\n\r\nhorseshoe-bay\r\n--x--\r\n',
    ],
    [
      'a truncated body',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
    ],
    ['an empty body', 'multipart/form-data; boundary=x', ''],
  ])('a photo upload with %s is a 4xx', async (_what, type, payload) => {
    const rider = await asRider(t);
    const res = await rider.inject({
      method: 'POST',
      url: '/api/contributions/photo',
      headers: { 'content-type': type },
      payload,
    });
    expectClientError(res);
  });
});

describe('unwanted rows', () => {
  it('no GET route opens an account for a caller without one', async () => {
    const before = (await t.database.db.select().from(users)).length;
    const gets = t.app.routeTable.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.includes(':') && !r.url.includes('*'),
    );
    expect(gets.length).toBeGreaterThan(20);
    for (const route of gets) {
      const res = await t.app.inject({ method: 'GET', url: route.url });
      expect(res.statusCode, route.url).toBeLessThan(500);
      expect(
        res.cookies.find((c) => c.name === 'dh_session'),
        route.url,
      ).toBeUndefined();
    }
    expect((await t.database.db.select().from(users)).length).toBe(before);
    const ninja = await t.app.inject({ method: 'GET', url: '/api/ninja-booking/requests' });
    expect(expectErrorBody(ninja, 403).error).toBe('membership_required');
  });

  it('deletes expired passkey challenges when new ones are made', async () => {
    await t.database.db.insert(webauthnChallenges).values(
      Array.from({ length: 5 }, (_, i) => ({
        challenge: `old-${i}-${Date.now()}`,
        userId: null,
        purpose: 'login' as const,
        expiresAt: new Date(Date.now() - 60_000),
      })),
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/passkeys/login/options' });
    expect(res.statusCode).toBe(200);
    const left = await t.database.db.select().from(webauthnChallenges);
    expect(left.filter((c) => c.expiresAt.getTime() <= Date.now())).toEqual([]);
    expect(left.map((c) => c.challenge)).toContain(res.json().challenge);
  });

  it.each(['\u202Eevil', 'Ann\u2066a\u2069', 'x\u200Fy', 'ab\u061C'])(
    'refuses the display name %j (bidirectional controls)',
    async (displayName) => {
      const rider = await asRider(t);
      const res = await rider.inject({
        method: 'PUT',
        url: '/api/contributions/display-name',
        payload: { displayName },
      });
      expect(expectErrorBody(res, 400).message).toMatch(/text-direction control characters/);
    },
  );
});

describe('ids beyond int4', () => {
  it('POST /api/staff/orders/2147483648/status is a 400, not a 500', async () => {
    const staff = await asStaff(t);
    const res = await staff.post('/api/staff/orders/2147483648/status', { status: 'preparing' });
    expectErrorBody(res, 400);
  });

  it('GET /api/queue/position/99999999999 is a 400', async () => {
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/queue/position/99999999999' }), 400);
  });
});

describe('bodies Fastify refuses', () => {
  it.each([
    ['invalid JSON', 'application/json', '{"category":'],
    ['invalid UTF-8', 'application/json', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
    ['a prototype-poisoning key', 'application/json', '{"__proto__":{"admin":true}}'],
    ['a non-UTF-8 charset', 'application/json; charset=utf-16', '{}'],
    ['an unknown content type', 'text/csv', 'a,b'],
    ['an empty JSON body', 'application/json', ''],
  ])('%s answers {error, message}', async (_what, type, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': type },
      payload,
    });
    expectClientError(res);
  });

  it('a path that is not valid URL encoding answers {error, message}', async () => {
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/cameras/%E0%A4%A/frame' }), 400);
  });
});

describe('security headers', () => {
  it('sends a CSP, nosniff, a referrer policy and frame-ancestors on API answers and pages', async () => {
    for (const url of ['/api/health', '/app']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps the cookie without Secure on plain http (localhost development)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session' });
    expect(res.cookies.find((c) => c.name === 'dh_session')?.secure).toBeFalsy();
  });
});

describe('proxy trust', () => {
  const proxied = useTestApp({ env: { TRUST_PROXY: '10.0.0.5', RATE_LIMIT_PER_CLIENT: '3' } });

  it('believes no X-Forwarded-* header by default: a peer on a private network cannot pick its address', async () => {
    expect(t.config.TRUST_PROXY).toBe('false');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      remoteAddress: '192.168.1.20',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.99' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'dh_session')?.secure).toBeFalsy();
  });

  it('believes the proxy named in TRUST_PROXY: HSTS and a Secure cookie over HTTPS', async () => {
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/session',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.cookies.find((c) => c.name === 'dh_session')?.secure).toBe(true);
  });

  it('limits by the address the trusted proxy names, and ignores the header from anyone else', async () => {
    const viaProxy = (forwardedFor: string) =>
      proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await viaProxy('203.0.113.50')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await viaProxy('203.0.113.51')).statusCode).toBe(200);
    // A client on the private network is not the proxy: its header changes nothing.
    const spoofed = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.0.0.77',
        headers: { 'x-forwarded-for': `203.0.113.${60 + i}` },
      });
      spoofed.push(res.statusCode);
    }
    expect(spoofed).toEqual([200, 200, 200, 429]);
  });
});

describe('Origin on writes', () => {
  const body = JSON.stringify({ category: 'delay', description: 'Ferry is late' });
  it('refuses a write from another site with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', host: 'deckhand.example' },
      payload: body,
    });
    expectErrorBody(res, 403);
  });

  it('accepts the same origin and requests without Origin', async () => {
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': 'application/json', origin: 'http://deckhand.example', host: 'deckhand.example' },
      payload: body,
    });
    expect(same.statusCode).toBe(201);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(none.statusCode).toBe(201);
  });

  it('lets cross-site reads through', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('/ws without Upgrade', () => {
  it('answers 426 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ws' });
    expectErrorBody(res, 426);
  });
});

describe('order cap', () => {
  it(`one rider may have at most ${RIDER_OPEN_ITEMS_MAX} items on order at once`, async () => {
    const rider = await asRider(t);
    const order = (quantity: number) =>
      rider.post('/api/orders', {
        items: [{ storeItemId: 'bottled-water', quantity }],
        order: { deliveryLocation: 'Lane 2' },
      });
    expect((await order(RIDER_OPEN_ITEMS_MAX - 1)).statusCode).toBe(201);
    const over = await order(2);
    expect(expectErrorBody(over, 409).error).toBe('order_limit');
    expect((await order(1)).statusCode).toBe(201);
    expect((await order(1)).statusCode).toBe(409);
  });
});

describe('source maps', () => {
  let prod: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-static-'));
    await fs.mkdir(path.join(staticDir, 'assets'));
    await fs.writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Deckhand</title>');
    await fs.writeFile(path.join(staticDir, 'assets', 'index-abc.js'), 'console.log(1)');
    await fs.writeFile(path.join(staticDir, 'assets', 'index-abc.js.map'), '{"version":3}');
    prod = await createTestApp({ staticDir, env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await prod?.close();
    await fs.rm(staticDir, { recursive: true, force: true });
  });

  it('are not served in production, while the scripts are', async () => {
    expect((await prod.app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
    expect((await prod.app.inject({ method: 'GET', url: '/assets/index-abc.js.map' })).statusCode).toBe(404);
  });
});

describe('rate limits', () => {
  const limited = useTestApp({ env: { RATE_LIMIT_PER_CLIENT: '30', RATE_LIMIT_WRITES_PER_RIDER: '5' } });

  it('answers 429 with Retry-After and {error, message} past the per-client limit', async () => {
    const answers = [];
    for (let i = 0; i < 35; i += 1)
      answers.push(await limited.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7' }));
    expect(answers.slice(0, 30).every((a) => a.statusCode === 200)).toBe(true);
    // Under the limit nothing about it is sent.
    expect(answers[0]!.headers['x-ratelimit-remaining']).toBeUndefined();
    const refused = answers[34]!;
    expect(expectErrorBody(refused, 429).error).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect(
      (await limited.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.8' })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['/%61pi/ferries', '203.0.113.101'],
    ['/api/%66erries', '203.0.113.102'],
    ['/%61%70%69/health', '203.0.113.103'],
    ['/w%73', '203.0.113.104'],
    ['/%61pi/nowhere', '203.0.113.105'],
  ])('counts the encoded spelling %s against the same per-client limit', async (url, address) => {
    const answers = [];
    for (let i = 0; i < 31; i += 1)
      answers.push(await limited.app.inject({ method: 'GET', url, remoteAddress: address }));
    expect(answers.slice(0, 30).every((a) => a.statusCode !== 429)).toBe(true);
    expect(expectErrorBody(answers[30]!, 429).error).toBe('too_many_requests');
  });

  it("counts encoded-path writes against the rider's write limit", async () => {
    const codes = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/%61pi/session',
        remoteAddress: '198.51.100.77',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5).every((c) => c !== 429)).toBe(true);
    expect(codes[5]).toBe(429);
  });

  it("limits one rider's writes even from several addresses", async () => {
    const rider = await asRider(limited);
    const codes = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await rider.inject({
        method: 'POST',
        url: '/api/complaints',
        remoteAddress: `198.51.100.${10 + i}`,
        headers: { 'content-type': 'application/json' },
        payload: { category: 'delay', description: `late ${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(codes[5]).toBe(429);
  });
});

describe('push endpoints', () => {
  it.each([
    'https://localhost/push',
    'https://127.0.0.2/push',
    'https://10.1.2.3/push',
    'https://192.168.1.10/push',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/push',
    'https://[::ffff:10.0.0.1]/push',
    'https://0.0.0.0/push',
    'https://93.184.216.34:8443/push',
    'http://93.184.216.34/push',
  ])('refuses %s with 400', async (endpoint) => {
    const rider = await asRider(t);
    const res = await rider.post('/api/push/subscriptions', {
      endpoint,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    });
    expectErrorBody(res, 400);
  });

  it('accepts a public https endpoint', async () => {
    const rider = await asRider(t);
    const res = await rider.post('/api/push/subscriptions', {
      endpoint: 'https://93.184.216.34/push/abc',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    });
    expect(res.statusCode).toBe(201);
  });

  it('the sender refuses a private endpoint at send time and reports it gone', async () => {
    const { createWebPushSender } = await import('../../server/push/push-sender');
    const { loadVapidKeys } = await import('../../server/push/vapid');
    const vapid = await loadVapidKeys(t.config);
    const failures: string[] = [];
    const push = createWebPushSender(vapid, { onFailure: (origin) => failures.push(origin) });
    const result = await push.send({ endpoint: 'https://10.0.0.5/push/x', p256dh: 'x', auth: 'y' }, {
      title: 't',
      body: 'b',
      url: '/app',
      tag: 'x',
    } as never);
    expect(result).toBe('gone');
    expect(failures).toEqual(['https://10.0.0.5']);
  });
});
