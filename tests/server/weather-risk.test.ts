/**
 * Will it sail, on the server: the ECCC source against the fake Datamart (tests/fixtures/fake-feed/
 * fake-weather.ts serving tests/fixtures/eccc/), GET /api/weather-risk, the record of levels and
 * outcomes, and the source's discipline: an outage, a body too large, a hung answer or a document of
 * the wrong kind keep the last good forecasts with their age, and nothing stands in for them.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { Sailing } from '@/domain/sailing';
import { weatherRiskAnswerSchema } from '@/domain/weather-risk';

import { createWeatherRisingSource } from '../../server/alerts/sources/weather-rising';
import { loadConfig } from '../../server/config';
import { arrivalTimers, notifications } from '../../server/db/schema';
import { runAlertTick } from '../../server/jobs/alert-scheduler';
import { registerWeatherRiskRoutes } from '../../server/routes/weather-risk';
import { createEcccSource, type WeatherSource } from '../../server/weather/eccc-source';
import { weatherRecordOf } from '../../server/weather/weather-record-repository';
import { createWeatherRiskService, type WeatherRiskService } from '../../server/weather/weather-risk-service';
import { weatherSourceName } from '../../server/weather/weather-source-choice';
import { startFakeFeed, type FakeFeed } from '../fixtures/fake-feed/fake-feed-server';
import { sailingMaker } from '../kit/sailing';
import { asRider } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';
import { routesApp } from '../kit/server/routes-app';

const t = useTestApp({ reset: ['sailing_weather_records'] });
/** Friday 27 November 2026, 11 pm at the terminals (UTC−7 all year from November 2026): the fake's gale forecast was issued half an hour ago. */
const NOW = Date.parse('2026-11-28T06:00:00Z');
/** Saturday's 11 am Horseshoe Bay - Departure Bay sailing. */
const SATURDAY_10AM = Date.parse('2026-11-28T18:00:00Z');
const silent = { info: () => undefined, warn: () => undefined };

const sailing = sailingMaker({ observedAt: NOW });

let fake: FakeFeed;
let published: Sailing[] = [];
const nanaimo = () => sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', SATURDAY_10AM);

async function serve(
  source: WeatherSource | undefined,
): Promise<{ api: FastifyInstance; weather: WeatherRiskService }> {
  const weather = createWeatherRiskService({ source, sailings: () => published, database: t.database, now: () => NOW });
  const api = await routesApp((scope) => registerWeatherRiskRoutes(scope, { weather }));
  return { api, weather };
}

async function answer(api: FastifyInstance, url = '/api/weather-risk') {
  const res = await api.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return weatherRiskAnswerSchema.parse(res.json());
}

const source = (opts: { timeoutMs?: number; maxBytes?: number } = {}) =>
  createEcccSource({ baseUrl: fake.url, pollMs: 3_600_000, now: () => NOW, log: silent, ...opts });

beforeAll(async () => {
  fake = await startFakeFeed({ now: () => NOW });
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => {
  fake.weather.setFault(null);
  fake.weather.setFixtures(['strait-of-georgia-gale', 'howe-sound', 'haro-strait-strong-wind']);
  published = [];
});

describe('the ECCC source', () => {
  it("reads each area's newest forecast from the Datamart's hour directories", async () => {
    const eccc = source();
    await eccc.pollOnce();
    const areas = eccc.forecasts();
    expect(areas.map((a) => a.area).sort()).toEqual([
      'Haro Strait',
      'Howe Sound',
      'Strait of Georgia - south of Nanaimo',
    ]);
    const south = areas.find((a) => a.area === 'Strait of Georgia - south of Nanaimo');
    expect(south).toMatchObject({
      siteCode: 'm0000028',
      issuedAt: '2026-11-28T05:30:00.000Z',
      periodOfCoverage: 'Tonight and Saturday.',
      warnings: ['Gale warning'],
    });
    expect(south?.wind).toContain('southeast 25 to 35 early Saturday evening');
    expect(areas.find((a) => a.area === 'Haro Strait')?.warnings).toEqual(['Strong wind warning']);
    expect(eccc.health()).toEqual({ failures: 0, lastGoodAt: NOW });
  });

  it('finds a forecast issued nearly a day ago in the hour directory a day back', async () => {
    // 5:10 UTC: the fake's newest gale forecast is yesterday's 5:30, in yesterday's "05" directory.
    const early = Date.parse('2026-11-28T05:10:00Z');
    const dayOld = await startFakeFeed({ now: () => early });
    try {
      const eccc = createEcccSource({ baseUrl: dayOld.url, pollMs: 3_600_000, now: () => early, log: silent });
      await eccc.pollOnce();
      expect(eccc.health().problem).toBeUndefined();
      const south = eccc.forecasts().find((a) => a.area === 'Strait of Georgia - south of Nanaimo');
      expect(south?.issuedAt).toBe('2026-11-27T05:30:00.000Z');
    } finally {
      await dayOld.close();
    }
  });

  it('keeps the last good forecasts with their age through an outage, and counts it', async () => {
    const eccc = source();
    await eccc.pollOnce();
    fake.weather.setFault('error');
    await eccc.pollOnce();
    expect(eccc.forecasts()).toHaveLength(3);
    expect(eccc.health()).toMatchObject({ lastGoodAt: NOW, outageSince: NOW, problem: 'HTTP 503', failures: 1 });
    published = [nanaimo()];
    const { api } = await serve(eccc);
    const served = await answer(api);
    expect(served.readAt).toBe(new Date(NOW).toISOString());
    expect(served.problem).toBe('HTTP 503');
    expect(served.areas).toHaveLength(3);
    expect(served.sailings[0]?.level).toBe('be-aware');
    await api.close();
  });

  it('abandons a body over its size limit', async () => {
    const eccc = source();
    fake.weather.setFault('huge');
    await eccc.pollOnce();
    expect(eccc.health().problem).toBe('body over the 1048576-byte limit');
    expect(eccc.forecasts()).toEqual([]);
  });

  it('gives up on an answer that does not come within its timeout', async () => {
    const eccc = source({ timeoutMs: 300 });
    fake.weather.setFault('hang');
    await eccc.pollOnce();
    expect(eccc.health().problem).toBe('no complete answer within 300 ms');
  });

  it('refuses a document that is not a marine forecast and keeps what it had', async () => {
    const eccc = source();
    await eccc.pollOnce();
    fake.weather.setFixtures(['invalid']);
    await eccc.pollOnce();
    expect(eccc.health().problem).toMatch(/_MSC_MarineWeather_m0000028_en\.xml: root element is <siteData>/);
    expect(eccc.forecasts()).toHaveLength(3);
  });
});

describe('GET /api/weather-risk', () => {
  it("gives each upcoming sailing its level and reason, and the forecasts' source and age", async () => {
    const eccc = source();
    await eccc.pollOnce();
    published = [
      nanaimo(),
      sailing('hsb-lng', 'horseshoe-bay', 'langdale', SATURDAY_10AM),
      sailing('tsa-swb', 'tsawwassen', 'swartz-bay', NOW + 10 * 86_400_000),
    ];
    const { api } = await serve(eccc);
    const served = await answer(api);
    expect(served.source).toBe('eccc');
    expect(served.readAt).toBe(new Date(NOW).toISOString());
    expect(served.problem).toBeUndefined();
    expect(served.sailings).toEqual([
      {
        sailingId: published[0]?.id,
        routeId: 'hsb-nan',
        level: 'be-aware',
        reason: 'Gale warning for Strait of Georgia - south of Nanaimo, winds 30 knots',
        knots: 30,
        warnings: ['Gale warning for Strait of Georgia - south of Nanaimo'],
        covered: true,
        forecastIssuedAt: '2026-11-28T05:30:00.000Z',
      },
      {
        sailingId: published[1]?.id,
        routeId: 'hsb-lng',
        level: 'none',
        knots: 20,
        warnings: [],
        covered: true,
        forecastIssuedAt: '2026-11-28T05:30:00.000Z',
      },
      { sailingId: published[2]?.id, routeId: 'tsa-swb', level: 'none', warnings: [], covered: false },
    ]);
    expect(served.accuracy).toEqual({
      recordedSailings: 0,
      cancelledSailings: 0,
      neededSailings: 200,
      neededCancellations: 5,
    });
    const narrowed = await answer(api, '/api/weather-risk?route=hsb-nan&from=horseshoe-bay');
    expect(narrowed.sailings.map((s) => s.routeId)).toEqual(['hsb-nan']);
    await api.close();
  });

  it('answers 404 for an unknown route or terminal and 400 for a malformed query', async () => {
    const { api } = await serve(undefined);
    const unknown = await api.inject({ method: 'GET', url: '/api/weather-risk?route=atlantis' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'unknown_route' });
    expect((await api.inject({ method: 'GET', url: '/api/weather-risk?from=nowhere' })).statusCode).toBe(404);
    const bad = await api.inject({ method: 'GET', url: `/api/weather-risk?route=${'x'.repeat(101)}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
    await api.close();
  });

  it('with no weather source says so and gives no level', async () => {
    published = [nanaimo()];
    const { api } = await serve(undefined);
    const served = await answer(api);
    expect(served).toMatchObject({ source: 'none', areas: [], sailings: [] });
    await api.close();
  });

  it('before any forecast is read, no sailing is said to be covered', async () => {
    const eccc = source();
    fake.weather.setFault('error');
    await eccc.pollOnce();
    published = [nanaimo()];
    const { api } = await serve(eccc);
    const served = await answer(api);
    expect(served.readAt).toBeUndefined();
    expect(served.problem).toBe('HTTP 503');
    expect(served.sailings).toEqual([
      { sailingId: published[0]?.id, routeId: 'hsb-nan', level: 'none', warnings: [], covered: false },
    ]);
    await api.close();
  });
});

describe('the record of levels and outcomes', () => {
  it('keeps the forecast that stood before each sailing and whether it sailed', async () => {
    const eccc = source();
    await eccc.pollOnce();
    published = [nanaimo()];
    const { api, weather } = await serve(eccc);
    await weather.record();
    const id = published[0]?.id ?? '';
    expect(await weatherRecordOf(t.database, id)).toMatchObject({
      level: 'be-aware',
      knots: 30,
      reason: 'Gale warning for Strait of Georgia - south of Nanaimo, winds 30 knots',
      forecastIssuedAt: new Date('2026-11-28T05:30:00.000Z'),
      outcome: null,
    });
    published = [{ ...nanaimo(), status: 'cancelled' }];
    await weather.record();
    expect(await weatherRecordOf(t.database, id)).toMatchObject({ level: 'be-aware', outcome: 'cancelled' });
    // An outcome is never rewritten.
    published = [{ ...nanaimo(), status: 'departed' }];
    await weather.record();
    expect((await weatherRecordOf(t.database, id))?.outcome).toBe('cancelled');
    await api.close();
  });
});

describe("a weather level rising on the rider's own trip", () => {
  it('alerts the rider whose arrival timer is for the sailing once per level reached, with the reason', async () => {
    const eccc = source();
    await eccc.pollOnce();
    published = [nanaimo()];
    const { api, weather } = await serve(eccc);
    const rider = await asRider(t);
    const other = await asRider(t);
    await t.database.db.insert(arrivalTimers).values({
      id: randomUUID(),
      userId: rider.id,
      ferryId: nanaimo().id,
      departureLocation: 'Home',
      targetDeparture: new Date(SATURDAY_10AM),
      bufferTime: 10,
      travelTime: 45,
      cutoffTime: new Date(SATURDAY_10AM - 30 * 60_000),
      alarmTime: new Date(SATURDAY_10AM - 85 * 60_000),
    });
    const deps = {
      database: t.database,
      push: { send: async () => 'sent' as const },
      sources: [createWeatherRisingSource(weather, { sailings: () => published })],
    };
    await runAlertTick(deps, new Date(NOW));
    await runAlertTick(deps, new Date(NOW));
    const inbox = await t.database.db.select().from(notifications);
    expect(inbox.filter((n) => n.userId === other.id)).toEqual([]);
    const mine = inbox.filter((n) => n.userId === rider.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'sailing_disruption',
      title: 'Weather: Be aware',
      body: 'Gale warning for Strait of Georgia - south of Nanaimo, winds 30 knots. Your 11:00 AM sailing, Horseshoe Bay - Departure Bay.',
    });
    await api.close();
  });
});

describe('WEATHER_SOURCE', () => {
  it('defaults to ECCC on real ferry data and to none under the simulator', () => {
    expect(weatherSourceName(loadConfig({}))).toBe('eccc');
    expect(weatherSourceName(loadConfig({ FEED_SOURCE: 'simulator' }))).toBe('none');
    expect(weatherSourceName(loadConfig({ FEED_SOURCE: 'bcferries,ais' }))).toBe('eccc');
    expect(weatherSourceName(loadConfig({ WEATHER_SOURCE: 'eccc' }))).toBe('eccc');
    expect(weatherSourceName(loadConfig({ FEED_SOURCE: 'bcferries', WEATHER_SOURCE: 'none' }))).toBe('none');
    expect(loadConfig({}).ECCC_DATAMART_URL).toBe('https://dd.weather.gc.ca');
    expect(() => loadConfig({ WEATHER_SOURCE: 'noaa' })).toThrow(/WEATHER_SOURCE/);
  });
});
