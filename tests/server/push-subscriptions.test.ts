import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { MAX_PUSH_SUBSCRIPTIONS_PER_RIDER } from '@/domain/contracts/notifications';

import { pushSubscriptions } from '../../server/db/schema';
import { asRider, type Actor } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

const t = useTestApp({ reset: ['users', 'sessions', 'push_subscriptions', 'idempotency_keys'] });

const ENDPOINT = 'https://push.example.test/send/abc123';
const subscription = (endpoint = ENDPOINT, p256dh = 'BPublicKeyOfTheBrowser', auth = 'authSecret16') => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh, auth },
});

const JSON_BODY = { 'content-type': 'application/json' };

function subscribe(body: unknown, rider: Actor, headers: Record<string, string> = {}) {
  return rider.post('/api/push/subscriptions', JSON.stringify(body), { headers: { ...JSON_BODY, ...headers } });
}

function unsubscribe(endpoint: string, rider: Actor) {
  return rider.inject({
    method: 'DELETE',
    url: '/api/push/subscriptions',
    headers: JSON_BODY,
    payload: JSON.stringify({ endpoint }),
  });
}

const stored = () => t.database.db.select().from(pushSubscriptions);

describe('POST /api/push/subscriptions', () => {
  it("stores the browser's subscription for the caller", async () => {
    const me = await asRider(t);
    const res = await subscribe(subscription(), me);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ endpoint: ENDPOINT });
    expect(await stored()).toMatchObject([
      { endpoint: ENDPOINT, userId: me.id, p256dh: 'BPublicKeyOfTheBrowser', auth: 'authSecret16' },
    ]);
  });

  it('updates the keys of an endpoint sent again, and moves it to the rider who sent it last', async () => {
    const first = await asRider(t);
    const second = await asRider(t);
    await subscribe(subscription(), first);
    await subscribe(subscription(ENDPOINT, 'BNewKey', 'newAuth'), first);
    expect(await stored()).toMatchObject([{ userId: first.id, p256dh: 'BNewKey', auth: 'newAuth' }]);
    await subscribe(subscription(), second);
    expect(await stored()).toMatchObject([{ endpoint: ENDPOINT, userId: second.id }]);
  });

  it(`keeps a rider's newest ${MAX_PUSH_SUBSCRIPTIONS_PER_RIDER} subscriptions`, async () => {
    const me = await asRider(t);
    for (let i = 0; i <= MAX_PUSH_SUBSCRIPTIONS_PER_RIDER; i += 1) {
      expect((await subscribe(subscription(`${ENDPOINT}/${i}`), me)).statusCode).toBe(201);
    }
    const endpoints = (await stored()).map((s) => s.endpoint);
    expect(endpoints).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_RIDER);
    expect(endpoints).toContain(`${ENDPOINT}/${MAX_PUSH_SUBSCRIPTIONS_PER_RIDER}`);
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const me = await asRider(t);
    const headers = { 'idempotency-key': 'push-sub-0001' };
    await subscribe(subscription(), me, headers);
    const again = await subscribe(subscription(), me, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it.each([
    ['an http endpoint', subscription('http://push.example.test/send/abc'), /https/],
    ['an endpoint that is not a URL', subscription('not a url'), /endpoint/],
    ['missing keys', { endpoint: ENDPOINT }, /keys is required/],
    ['an empty auth key', subscription(ENDPOINT, 'BKey', ''), /keys.auth/],
  ])('answers 400 {error, message} for %s', async (_name, body, message) => {
    const res = await subscribe(body, await asRider(t));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
    expect(res.json().message).toMatch(message);
    expect(await stored()).toHaveLength(0);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it("removes the caller's subscription; a repeat is still 204", async () => {
    const me = await asRider(t);
    await subscribe(subscription(), me);
    expect((await unsubscribe(ENDPOINT, me)).statusCode).toBe(204);
    expect(await stored()).toHaveLength(0);
    expect((await unsubscribe(ENDPOINT, me)).statusCode).toBe(204);
  });

  it("never removes another rider's subscription", async () => {
    const owner = await asRider(t);
    await subscribe(subscription(), owner);
    const intruder = await asRider(t);
    expect((await unsubscribe(ENDPOINT, intruder)).statusCode).toBe(204);
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id)),
    ).toHaveLength(1);
  });

  it('answers 400 without an endpoint', async () => {
    const res = await (
      await asRider(t)
    ).inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: JSON_BODY, payload: '{}' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid_request',
      message: expect.stringMatching(/endpoint is required/),
    });
  });
});
