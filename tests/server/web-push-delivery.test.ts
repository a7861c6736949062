/**
 * A real Web Push round trip: the server's scheduler pushes an away alert through `web-push` to a push
 * service stand-in on local HTTPS (a certificate made here, trusted only by this test's agent). The
 * stand-in checks what a real push service would (VAPID signature, TTL, Urgency, encoding) and then
 * decrypts the aes128gcm body with the subscription's private key, as the browser would.
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';

import { awayAlertKey } from '@/domain/away';

import { awayReturnSource } from '../../server/alerts/sources/away-return';
import { pushSubscriptions } from '../../server/db/schema';
import { runAlertTick } from '../../server/jobs/alert-scheduler';
import { createWebPushSender, type PushSender } from '../../server/push/push-sender';
import type { VapidKeys } from '../../server/push/vapid';
import { asRider } from '../kit/server/actor';
import { createTestApp, type TestApp } from '../kit/server/app';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The local push service is on loopback: exempt from the public-endpoint check, as in test-app. */
const LOCAL_PUSH_HOST = new Set(['127.0.0.1']);

let t: TestApp;
let pushService: https.Server;
let origin: string;
let agent: https.Agent;
const received: Received[] = [];
const vapid: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@deckhand.invalid' };

beforeAll(async () => {
  t = await createTestApp();
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  // The stand-in answers like a push service: 201 Created, 410 Gone for an expired subscription.
  pushService = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : req.url?.startsWith('/broken/') ? 500 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  agent = new https.Agent({ ca: pems.cert, keepAlive: false });
});

afterAll(async () => {
  agent?.destroy();
  await new Promise<void>((resolve) => (pushService ? pushService.close(() => resolve()) : resolve()));
  await t?.close();
});

/** A browser's push subscription: its P-256 key pair and auth secret. */
function browserKeys(): { ecdh: ECDH; p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** Checks the `vapid t=<JWT>, k=<key>` header: signed by the server's VAPID key, for this origin. */
function expectValidVapid(authorization: string | string[] | undefined): void {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(authorization));
  expect(match).not.toBeNull();
  const [, jwt = '', key = ''] = match!;
  expect(key).toBe(vapid.publicKey);
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString());
  expect(body).toMatchObject({ aud: origin, sub: 'mailto:ops@deckhand.invalid' });
  expect(body.exp * 1000).toBeGreaterThan(Date.now());
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
}

describe('Web Push delivery', () => {
  it('pushes the away alert, encrypted for the subscription, to a real HTTPS push endpoint', async () => {
    const rider = await asRider(t);
    const phone = browserKeys();
    const expired = browserKeys();
    for (const [name, keys] of [
      ['phone', phone],
      ['gone', expired],
    ] as const) {
      const res = await rider.post('/api/push/subscriptions', {
        endpoint: `${origin}/${name}/${randomUUID()}`,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      });
      expect(res.statusCode).toBe(201);
    }
    const started = await rider.post('/api/away-sessions', {
      id: randomUUID(),
      ferryId: 'spirit-of-british-columbia',
      queuePosition: 26,
      estimatedBoardingTime: new Date(Date.now() + 30 * 60_000).toISOString(),
      currentLocation: 'Food Counter',
    });
    const session = started.json();

    const push = createWebPushSender(vapid, { agent, allowHosts: LOCAL_PUSH_HOST });
    expect(
      await runAlertTick({ database: t.database, push, sources: [awayReturnSource] }, new Date(session.alertAt)),
    ).toBe(1);

    const toPhone = received.find((r) => r.path.startsWith('/phone/'));
    expect(toPhone).toBeDefined();
    expect(toPhone!.headers).toMatchObject({ ttl: '3600', urgency: 'high', 'content-encoding': 'aes128gcm' });
    expectValidVapid(toPhone!.headers.authorization);
    const payload = JSON.parse(
      decrypt(toPhone!.body, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.auth }).toString('utf8'),
    );
    expect(payload).toEqual({
      title: 'Time to head back to your vehicle',
      body: 'Boarding starts in about 5 minutes. Leave Food Counter now.',
      tag: awayAlertKey(session.id),
      url: '/app?away=open',
      kind: 'away_alert',
    });

    // The endpoint that answered 410 Gone is forgotten; the phone's stays.
    expect(received.some((r) => r.path.startsWith('/gone/'))).toBe(true);
    const left = await t.database.db.select().from(pushSubscriptions);
    expect(left.map((s) => new URL(s.endpoint).pathname.split('/')[1])).toEqual(['phone']);
  });

  it("answers 'gone' for 410, 'failed' for a 500 or an untrusted certificate", async () => {
    const keys = browserKeys();
    const payload = { title: 'T', body: 'B', tag: 'test:1', url: '/app', kind: 'away_alert' as const };
    const target = (path: string) => ({ endpoint: `${origin}${path}`, p256dh: keys.p256dh, auth: keys.auth });
    const failures: string[] = [];
    const push: PushSender = createWebPushSender(vapid, {
      agent,
      allowHosts: LOCAL_PUSH_HOST,
      onFailure: (o) => failures.push(o),
    });
    expect(await push.send(target('/ok/1'), payload)).toBe('sent');
    expect(await push.send(target('/gone/1'), payload)).toBe('gone');
    expect(await push.send(target('/broken/1'), payload)).toBe('failed');
    const untrusting = createWebPushSender(vapid, {
      agent: new https.Agent(),
      allowHosts: LOCAL_PUSH_HOST,
      onFailure: (o) => failures.push(o),
    });
    expect(await untrusting.send(target('/ok/2'), payload)).toBe('failed');
    expect(failures).toEqual([origin, origin]);
  });
});
