import { describe, expect, it } from 'vitest';

import { sailingListSchema } from '@/domain/sailing';
import { serviceDayOf } from '@/domain/service-day';
import { formatClock } from '@/domain/time';
import { vesselPositionListSchema } from '@/domain/vessel-position';

import { HSB_LNG_DAYTIME_DEPARTURES } from '../fixtures/bcferries/horseshoe-bay-departures';
import { useTestApp } from '../kit/server/app';

/** Friday 10 July 2026, 12:00 in Vancouver. */
const NOON = Date.parse('2026-07-10T12:00:00-07:00');
let clock = NOON;
const t = useTestApp({ now: () => clock });

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/sailings (simulator)', () => {
  it("serves the whole day's timetable of a route, not only each vessel's next departure", async () => {
    const res = await get('/api/sailings?route=hsb-lng&from=horseshoe-bay&date=2026-07-10');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const sailings = sailingListSchema.parse(res.json());
    expect(sailings.map((s) => formatClock(s.scheduledDeparture))).toEqual(HSB_LNG_DAYTIME_DEPARTURES.slice(0, -1));
    for (const s of sailings) {
      expect(s).toMatchObject({
        routeId: 'hsb-lng',
        from: 'horseshoe-bay',
        to: 'langdale',
        source: 'simulator',
        vesselName: 'Queen of Coquitlam',
      });
      expect(s.observedAt).toBe(new Date(NOON).toISOString());
    }
    // Sailings already gone say so; later ones are still to come.
    expect(sailings.slice(0, 3).map((s) => s.status)).toEqual(['arrived', 'arrived', 'arrived']);
    expect(sailings.slice(4).every((s) => s.status === 'scheduled')).toBe(true);
  });

  it("answers today's and the next days' sailings without a date, earliest first", async () => {
    const sailings = sailingListSchema.parse((await get('/api/sailings')).json());
    const days = [...new Set(sailings.map((s) => serviceDayOf(Date.parse(s.scheduledDeparture))))];
    expect(days[0]).toBe('2026-07-10');
    expect(days.length).toBeGreaterThanOrEqual(2);
    const departures = sailings.map((s) => s.scheduledDeparture);
    expect(departures).toEqual([...departures].sort());
    expect(new Set(sailings.map((s) => s.routeId))).toEqual(
      new Set(['hsb-nan', 'tsa-swb', 'tsa-duk', 'hsb-lng', 'hsb-snug']),
    );
  });

  it('answers only the sailings that leave before `before`, or at or after `after`, when asked', async () => {
    const all = sailingListSchema.parse((await get('/api/sailings')).json());
    const before = new Date(NOON + 48 * 60 * 60_000).toISOString();
    const res = await get(`/api/sailings?before=${encodeURIComponent(before)}`);
    expect(res.statusCode).toBe(200);
    const soon = sailingListSchema.parse(res.json());
    expect(soon).toEqual(all.filter((s) => Date.parse(s.scheduledDeparture) < Date.parse(before)));
    expect(soon.length).toBeGreaterThan(0);
    expect(soon.length).toBeLessThan(all.length);
    const rest = sailingListSchema.parse((await get(`/api/sailings?after=${encodeURIComponent(before)}`)).json());
    expect([...soon, ...rest]).toEqual(all);
  });

  it('gives no fill for days no source has figures for yet', async () => {
    const later = sailingListSchema.parse((await get('/api/sailings?date=2026-07-14')).json());
    expect(later.length).toBeGreaterThan(0);
    for (const s of later) {
      expect(s.carFill).toBeUndefined();
      expect(s.fill).toBeUndefined();
      expect(s.status).toBe('scheduled');
    }
    expect((await get('/api/sailings?date=2027-01-01')).json()).toEqual([]);
  });

  it('answers bad input with a 400 naming the problem', async () => {
    for (const url of [
      '/api/sailings?route=atlantis',
      '/api/sailings?from=nowhere',
      '/api/sailings?date=10-07-2026',
      '/api/sailings?date=2026-02-30',
      '/api/sailings?colour=red',
      '/api/sailings?before=tomorrow',
      '/api/sailings?before=2026-07-11',
      '/api/sailings?after=soon',
      '/api/vessels?x=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request', message: expect.any(String) });
    }
    expect((await get('/api/sailings?route=atlantis')).json().message).toMatch(/route/);
  });
});

describe('GET /api/vessels (simulator)', () => {
  it("answers each vessel's position with its source and time", async () => {
    const vessels = vesselPositionListSchema.parse((await get('/api/vessels')).json());
    expect(vessels).toHaveLength(8);
    for (const v of vessels) {
      expect(v.source).toBe('simulator');
      expect(v.observedAt).toBe(new Date(NOON).toISOString());
      expect(v.lat).toBeGreaterThan(48.5);
      expect(v.lat).toBeLessThan(49.6);
    }
    const underWay = vessels.filter((v) => (v.speedKnots ?? 0) > 0);
    expect(underWay.length).toBeGreaterThan(0);
    for (const v of underWay) expect(v.navStatus).toBe(0);
  });

  it('follows the feed as the clock moves', async () => {
    const before = (await get('/api/vessels')).json();
    clock = NOON + 20 * 60_000;
    t.feed.tick();
    expect((await get('/api/vessels')).json()).not.toEqual(before);
    clock = NOON;
    t.feed.tick();
  });
});

describe('GET /api/ferries (simulator)', () => {
  it('labels each entry simulated with the minute it describes', async () => {
    const ferries = (await get('/api/ferries')).json() as Array<{ source: string; observedAt: string }>;
    for (const f of ferries) expect(f).toMatchObject({ source: 'simulator', observedAt: new Date(NOON).toISOString() });
  });
});
