import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ferryListSchema } from '@/domain/ferry';
import { clientConfigSchema } from '@/domain/realtime';
import { createTestApp, TEST_REALTIME, type TestApp } from './test-app';

/** Friday 10 July 2026, 12:00 in Vancouver. */
const NOON = Date.parse('2026-07-10T12:00:00-07:00');
let clock = NOON;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/ferries', () => {
  it('answers every vessel in the spec Ferry shape, next departure first, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ferries' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
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
      const config = clientConfigSchema.parse((await noLanding.app.inject({ method: 'GET', url: '/api/config' })).json());
      expect(config.landingEnabled).toBe(false);
    } finally {
      await noLanding.close();
    }
  });
});
