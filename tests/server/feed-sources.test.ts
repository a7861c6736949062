import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ferryListSchema } from '@/domain/ferry';
import { sailingListSchema } from '@/domain/sailing';
import { formatClock } from '@/domain/time';
import { vesselPositionListSchema } from '@/domain/vessel-position';

import { createAisSource, type AisSource } from '../../server/feed/sources/ais-source';
import { createBcFerriesSource, type BcFerriesSource } from '../../server/feed/sources/bcferries-source';
import { HSB_LNG_DAYTIME_DEPARTURES } from '../fixtures/bcferries/horseshoe-bay-departures';
import { startFakeFeed, type FakeFeed } from '../fixtures/fake-feed/fake-feed-server';
import { createTestApp, type TestApp } from '../kit/server/app';

/** Friday 10 July 2026, 3:50 pm in Vancouver: several sailings under way, the 3:40 pm still at Horseshoe Bay. */
const NOW = Date.parse('2026-07-10T15:50:00-07:00');
let clock = NOW;
let fake: FakeFeed;
const logged: string[] = [];
const log = { info: (m: string) => logged.push(`info: ${m}`), warn: (m: string) => logged.push(`warn: ${m}`) };

beforeAll(async () => {
  fake = await startFakeFeed({ now: () => clock, aisIntervalMs: 100, aisApiKey: 'test-key' });
});
afterAll(async () => {
  await fake?.close();
});

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200; i += 1) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never happened: ${what}`);
};

describe('FEED_SOURCE=bcferries against the fake document', () => {
  let t: TestApp;
  let source: BcFerriesSource;
  beforeAll(async () => {
    fake.setFixture('day');
    fake.setBcFault(null);
    source = createBcFerriesSource({ baseUrl: fake.url, pollMs: 60_000, timeoutMs: 500, log, now: () => clock });
    t = await createTestApp({ now: () => clock, feedSources: [source] });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();

  it('serves no figures at all before the first answer, and no simulator figures ever', async () => {
    expect(await get('/api/sailings')).toEqual([]);
    expect(await get('/api/ferries')).toEqual([]);
    expect(await get('/api/vessels')).toEqual([]);
  });

  it("serves the document's sailings and today's ferries derived from them, each saying BC Ferries", async () => {
    await source.pollOnce();
    await source.pollOnce();
    // The route Deckhand cannot show (Swartz Bay - Fulford Harbour) is said once, not on every poll.
    expect(logged.filter((l) => l.includes('SWBFUL'))).toEqual([
      'info: BC Ferries routes skipped (Deckhand has no terminal or route for them): SWBFUL, SWBSGI',
    ]);
    const sailings = sailingListSchema.parse(await get('/api/sailings?route=hsb-lng&from=horseshoe-bay'));
    expect(sailings.map((s) => formatClock(s.scheduledDeparture))).toEqual([...HSB_LNG_DAYTIME_DEPARTURES, '12:20 AM']);
    const all = sailingListSchema.parse(await get('/api/sailings'));
    expect(new Set(all.map((s) => s.source))).toEqual(new Set(['bcferries']));
    const ferries = ferryListSchema.parse(await get('/api/ferries'));
    expect(ferries.length).toBeGreaterThan(0);
    for (const f of ferries) expect(f.source).toBe('bcferries');
    const coquitlam = ferries.find((f) => f.name === 'Queen of Coquitlam')!;
    expect(formatClock(coquitlam.departureTime)).toBe('3:40 PM');
    expect(coquitlam.route).toBe('Horseshoe Bay - Langdale');
  });

  it('keeps the last good data with its age through "currently down", an invalid document, errors, garbage, 50 MB and a hang; logs once per outage', async () => {
    const before = await get('/api/sailings');
    const goodAt = sailingListSchema.parse(before)[0]!.observedAt;
    logged.length = 0;
    clock = NOW + 2 * 60_000;
    for (const step of [
      () => fake.setFixture('down'),
      () => fake.setFixture('invalid'),
      () => {
        fake.setFixture('day');
        fake.setBcFault('error');
      },
      () => fake.setBcFault('garbage'),
      () => fake.setBcFault('huge'),
      () => fake.setBcFault('hang'),
    ]) {
      step();
      await source.pollOnce();
      t.feed.tick();
      expect(await get('/api/sailings')).toEqual(before);
      expect(source.health().outageSince).toBeDefined();
    }
    expect(sailingListSchema.parse(await get('/api/sailings'))[0]!.observedAt).toBe(goodAt);
    expect(logged.filter((l) => l.startsWith('warn'))).toHaveLength(1);
    expect(logged[0]).toMatch(/BC Ferries source unavailable \(the source says "BC Ferries Data Currently Down"\)/);

    fake.setBcFault(null);
    await source.pollOnce();
    t.feed.tick();
    expect(source.health().outageSince).toBeUndefined();
    expect(logged.at(-1)).toMatch(/^info: BC Ferries source back after/);
    expect(sailingListSchema.parse(await get('/api/sailings'))[0]!.observedAt).toBe(new Date(clock).toISOString());
    clock = NOW;
  });

  it('answers the API at once while a poll hangs', async () => {
    fake.setBcFault('hang');
    const polling = source.pollOnce();
    const res = await t.app.inject({ method: 'GET', url: '/api/sailings?route=hsb-lng' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await polling;
    fake.setBcFault(null);
  });
});

describe('FEED_SOURCE=bcferries,ais against the fake stream', () => {
  let t: TestApp;
  let bc: BcFerriesSource;
  let ais: AisSource;
  beforeAll(async () => {
    fake.setFixture('day');
    fake.setBcFault(null);
    fake.setAisFault(null);
    bc = createBcFerriesSource({ baseUrl: fake.url, pollMs: 60_000, timeoutMs: 500, log, now: () => clock });
    ais = createAisSource({ url: fake.aisUrl, apiKey: 'test-key', log, now: () => clock });
    t = await createTestApp({ now: () => clock, feedSources: [bc, ais] });
    t.feed.start();
    await bc.pollOnce();
  });
  afterAll(async () => {
    await t?.close();
  });
  const vessels = async () =>
    vesselPositionListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/vessels' })).json());

  it("subscribes in aisstream's protocol with the key, the area, the fleet's MMSIs and position reports only", async () => {
    await until(() => fake.subscriptions().length > 0, 'a subscription');
    const subscription = fake.subscriptions()[0] as Record<string, unknown>;
    expect(subscription.APIKey).toBe('test-key');
    expect(subscription.FilterMessageTypes).toEqual(['PositionReport']);
    expect(subscription.BoundingBoxes).toEqual([
      [
        [48.3, -124.4],
        [49.75, -122.9],
      ],
    ]);
    expect(subscription.FiltersShipMMSI).toEqual(expect.arrayContaining(['316001249', '316001268']));
  });

  it('serves the positions it hears, each matched by its MMSI', async () => {
    await until(() => ais.vessels().length >= 8, "positions of the day's vessels");
    t.feed.tick();
    const list = await vessels();
    expect(new Set(list.map((v) => v.source))).toEqual(new Set(['ais']));
    const coquitlam = list.find((v) => v.vesselId === 'queen-of-coquitlam')!;
    expect(coquitlam).toMatchObject({
      mmsi: 316001249,
      speedKnots: 0,
      navStatus: 5,
      observedAt: new Date(clock).toISOString(),
    });
    expect(list.find((v) => v.vesselId === 'queen-of-cowichan')).toMatchObject({
      name: 'Queen of Cowichan',
      mmsi: 316001251,
      navStatus: 0,
    });
  });

  it('derives from the positions that the 3:40 pm has not left yet and is late by the time waited', async () => {
    await until(
      () => ais.vessels().some((v) => v.vesselId === 'queen-of-coquitlam'),
      'the position of the Queen of Coquitlam',
    );
    t.feed.tick();
    const sailings = sailingListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/sailings?route=hsb-lng&from=horseshoe-bay' })).json(),
    );
    expect(sailings.length, JSON.stringify(bc.health())).toBeGreaterThan(0);
    const late = sailings.find((s) => formatClock(s.scheduledDeparture) === '3:40 PM')!;
    expect(late.status).toBe('scheduled');
    expect(late.delayMinutes).toBe(10);
    expect(late.delayProvenance?.source).toBe('ais');
    // A crossing under way gets its ETA from the remaining distance and the speed.
    const underWay = sailingListSchema
      .parse((await t.app.inject({ method: 'GET', url: '/api/sailings' })).json())
      .filter((s) => s.status === 'departed');
    expect(underWay.length).toBeGreaterThan(0);
    expect(underWay.some((s) => s.arrivalProvenance?.source === 'ais')).toBe(true);
  });

  it('shrugs off garbage and a flood, and reconnects after a 50 MB frame, keeping the positions it had', async () => {
    fake.setAisFault('garbage');
    await new Promise((r) => setTimeout(r, 300));
    expect(ais.vessels().length).toBeGreaterThanOrEqual(8);
    fake.setAisFault('flood');
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const subscribed = fake.subscriptions().length;
    fake.setAisFault('huge');
    await until(() => !ais.connected(), 'the oversized frame to close the socket');
    fake.setAisFault(null);
    expect(ais.vessels().length).toBeGreaterThanOrEqual(8);
    await until(() => fake.subscriptions().length > subscribed && ais.connected(), 'a reconnection');
    expect(logged.some((l) => l.startsWith('warn: AIS stream unavailable'))).toBe(true);
  });
});
