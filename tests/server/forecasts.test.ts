/**
 * GET /api/forecasts: the fill forecast of the feed's upcoming sailings from the recorded history,
 * its accuracy measured on that history, "insufficient-history" without a number where there is too
 * little, and 4xx {error, message} for bad queries.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { forecastAccuracyText, forecastBasisText, forecastSummaryText } from '@/domain/fill-forecast';
import type { Sailing } from '@/domain/sailing';
import { sailingForecastListSchema } from '@/domain/sailing-forecast';

import { createForecastService } from '../../server/forecast/forecast-service';
import { createSailingRecorder } from '../../server/history/sailing-recorder';
import { registerForecastRoutes } from '../../server/routes/forecasts';
import { sailingMaker } from '../kit/sailing';
import { useTestApp } from '../kit/server/app';
import { routesApp } from '../kit/server/routes-app';

const t = useTestApp();
const MIN = 60_000;
const DAY = 86_400_000;
/** Thursday 26 November 2026, 1 pm at the terminals (UTC−7). */
const NOW = Date.parse('2026-11-26T20:00:00Z');
/** Friday's 10:30 am Horseshoe Bay–Langdale sailing. */
const FRIDAY = Date.parse('2026-11-27T17:30:00Z');

const sailing = sailingMaker({ observedAt: NOW });

let published: Sailing[] = [];
let api: FastifyInstance;

beforeAll(async () => {
  // Ten weeks of the daily 10:30 am sailing: 40 % full, and full 20 min before departure on Fridays.
  const recorder = createSailingRecorder(t.database);
  for (let day = 70; day >= 1; day -= 1) {
    const departure = FRIDAY - day * DAY;
    const friday = day % 7 === 0;
    const at = (minutesBefore: number) => new Date(departure - minutesBefore * MIN).toISOString();
    const final = friday ? 100 : 40;
    await recorder.record([
      sailing('hsb-lng', 'horseshoe-bay', 'langdale', departure, { carFill: friday ? 60 : 20, observedAt: at(60) }),
    ]);
    if (friday)
      await recorder.record([
        sailing('hsb-lng', 'horseshoe-bay', 'langdale', departure, {
          carFill: 100,
          status: 'boarding',
          observedAt: at(20),
        }),
      ]);
    await recorder.record([
      sailing('hsb-lng', 'horseshoe-bay', 'langdale', departure, {
        carFill: final,
        status: 'departed',
        observedAt: at(-1),
      }),
    ]);
  }
  published = [
    sailing('hsb-lng', 'horseshoe-bay', 'langdale', FRIDAY),
    sailing('hsb-lng', 'horseshoe-bay', 'langdale', NOW - 3 * 60 * MIN, { status: 'departed', carFill: 40 }),
    sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', FRIDAY + 60 * MIN),
    sailing('hsb-lng', 'horseshoe-bay', 'langdale', NOW + 9 * DAY), // beyond today and the next 7 days
  ];
  const forecasts = createForecastService({ database: t.database, sailings: () => published, now: () => NOW });
  api = await routesApp((scope) => registerForecastRoutes(scope, { forecasts, now: () => NOW }));
});
afterAll(async () => {
  await api?.close();
});

describe('GET /api/forecasts', () => {
  it('forecasts every upcoming sailing of the next 7 days from the same route, weekday and time', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/forecasts' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = sailingForecastListSchema.parse(res.json());
    expect(list.map((f) => f.sailingId)).toEqual([published[0]?.id, published[2]?.id]);
    const [friday, other] = list;
    expect(friday?.status).toBe('ok');
    expect(friday?.basisCount).toBe(9); // ten Fridays recorded, one of them Thanksgiving's long weekend
    expect(friday?.expectedCarFill).toBe(100);
    expect(friday?.usuallyFullMinutesBefore).toBe(20);
    expect(friday && forecastSummaryText(friday)).toBe(
      'usually full 20 min before departure on Fridays: arrive by 10:00 am',
    );
    expect(friday && forecastBasisText(friday)).toBe('from 9 similar sailings');
    expect(other?.status).toBe('insufficient-history');
    expect(other?.expectedCarFill).toBeUndefined();
    expect(other && forecastSummaryText(other)).toBe('Not enough history yet to forecast this sailing');
  });

  it('says how accurate the forecast has been over the last 4 weeks of recorded sailings', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/forecasts?route=hsb-lng&from=horseshoe-bay' });
    const [friday] = sailingForecastListSchema.parse(res.json());
    expect(friday?.accuracy?.weeks).toBe(4);
    expect(friday?.accuracy?.checked).toBe(28);
    // Remembrance Day (a Wednesday) was forecast from holidays, Fridays and Sundays: the one miss.
    expect(friday?.accuracy?.withinTenPoints).toBe(27);
    expect(forecastAccuracyText(friday?.accuracy)).toBe('last 4 weeks: within 10 points 10 times in 10');
  });

  it('filters by route, departure terminal, local day and departure before or after an instant', async () => {
    const byRoute = await api.inject({ method: 'GET', url: '/api/forecasts?route=hsb-nan' });
    expect(byRoute.json().map((f: { routeId: string }) => f.routeId)).toEqual(['hsb-nan']);
    const fromLangdale = await api.inject({ method: 'GET', url: '/api/forecasts?from=langdale' });
    expect(fromLangdale.json()).toEqual([]);
    const today = await api.inject({ method: 'GET', url: '/api/forecasts?date=2026-11-26' });
    expect(today.json()).toEqual([]);
    const friday = await api.inject({ method: 'GET', url: '/api/forecasts?date=2026-11-27' });
    expect(friday.json()).toHaveLength(2);
    const before = (instant: string) =>
      api.inject({ method: 'GET', url: `/api/forecasts?before=${encodeURIComponent(instant)}` });
    const fridays = friday
      .json()
      .map((f: { scheduledDeparture: string }) => f.scheduledDeparture)
      .sort();
    expect((await before(fridays[1])).json().map((f: { scheduledDeparture: string }) => f.scheduledDeparture)).toEqual(
      fridays.slice(0, 1),
    );
    expect((await before(fridays[0])).json()).toEqual([]);
    const after = await api.inject({ method: 'GET', url: `/api/forecasts?after=${encodeURIComponent(fridays[1])}` });
    expect(after.json().map((f: { scheduledDeparture: string }) => f.scheduledDeparture)).toEqual(fridays.slice(1));
  });

  it('answers bad queries 4xx with {error, message}', async () => {
    for (const [url, status] of [
      ['/api/forecasts?date=tomorrow', 400],
      ['/api/forecasts?before=tomorrow', 400],
      ['/api/forecasts?after=later', 400],
      ['/api/forecasts?date=2026-12-25', 400],
      ['/api/forecasts?date=2026-11-25', 400],
      ['/api/forecasts?route=atlantis', 404],
      ['/api/forecasts?from=nowhere', 404],
      [`/api/forecasts?route=${'x'.repeat(500)}`, 400],
    ] as const) {
      const res = await api.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      const body = res.json();
      expect(typeof body.error).toBe('string');
      expect(typeof body.message).toBe('string');
    }
  });
});
