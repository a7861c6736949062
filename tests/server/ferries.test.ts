import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { ferryListSchema } from '@/domain/ferry';
import { clientConfigSchema } from '@/domain/realtime';

import { createTestApp, TEST_REALTIME, useTestApp } from '../kit/server/app';

/** Friday 10 July 2026, 12:00 in Vancouver. */
const NOON = Date.parse('2026-07-10T12:00:00-07:00');
let clock = NOON;
const t = useTestApp({ now: () => clock });

describe('GET /api/ferries', () => {
  it('answers every vessel in the spec Ferry shape, next departure first, never used without asking again', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ferries' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const ferries = ferryListSchema.parse(res.json());
    expect(ferries).toHaveLength(8);
    const departures = ferries.map((f) => Date.parse(f.departureTime));
    expect(departures).toEqual([...departures].sort((a, b) => a - b));
    expect(departures[0]).toBeGreaterThan(NOON);
    for (const f of ferries) {
      expect(['docked', 'en_route', 'delayed']).toContain(f.status);
      expect(f.currentVehicles).toBeLessThanOrEqual(f.vehicleCapacity);
    }
  });

  it('sends the list brotli- or gzip-compressed to a client that accepts it, the same list as plain', async () => {
    const get = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/api/ferries', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await get('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('answers a client that has the current list with 304 and no body, and one whose list is old with the new list', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/ferries', headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const same = await t.app.inject({
      method: 'GET',
      url: '/api/ferries',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);

    clock += 2 * 60 * 60_000;
    t.feed.tick();
    const moved = await t.app.inject({
      method: 'GET',
      url: '/api/ferries',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    expect(ferryListSchema.parse(JSON.parse(brotliDecompressSync(moved.rawPayload).toString()))).toEqual(
      t.feed.current(),
    );
  });

  it('follows the feed when it moves on', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/ferries' })).json();
    clock = NOON + 3 * 60 * 60_000;
    t.feed.tick();
    const after = (await t.app.inject({ method: 'GET', url: '/api/ferries' })).json();
    expect(after).not.toEqual(before);
    expect(Date.parse(after[0].departureTime)).toBeGreaterThan(clock);
  });
});

describe('GET /api/config', () => {
  it('tells the client where the realtime database is and that push has no key yet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ realtime: TEST_REALTIME, vapidPublicKey: null, landingEnabled: true });
  });

  it('carries LANDING_ENABLED=false to the client in the shared ClientConfig shape', async () => {
    const noLanding = await createTestApp({ env: { LANDING_ENABLED: 'false' } });
    try {
      const config = clientConfigSchema.parse(
        (await noLanding.app.inject({ method: 'GET', url: '/api/config' })).json(),
      );
      expect(config.landingEnabled).toBe(false);
    } finally {
      await noLanding.close();
    }
  });
});
