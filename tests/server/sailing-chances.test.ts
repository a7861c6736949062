/**
 * GET /api/sailing-chances: the chance of a place on the route's sailings for a car arriving at a time,
 * by the rule the app runs on the device (src/domain/sailing-chance.ts), from the recorded history and
 * the feed's current readings; 4xx {error, message} for bad queries.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sailingChanceListSchema } from '@/domain/contracts/forecasts';
import type { Sailing } from '@/domain/sailing';

import { createForecastService } from '../../server/forecast/forecast-service';
import { createSailingRecorder } from '../../server/history/sailing-recorder';
import { registerForecastRoutes } from '../../server/routes/forecasts';
import { HSB_LNG, publishedSailing } from '../kit/sailing';
import { useTestApp } from '../kit/server/app';
import { routesApp } from '../kit/server/routes-app';

const t = useTestApp();
const MIN = 60_000;
const DAY = 86_400_000;
/** Friday 27 November 2026, 8:30 am at the terminals (UTC−7). */
const NOW = Date.parse('2026-11-27T15:30:00Z');
/** That morning's 10:30 am and 12:30 pm Horseshoe Bay–Langdale sailings. */
const BUSY = Date.parse('2026-11-27T17:30:00Z');
const QUIET = BUSY + 2 * 60 * MIN;

function sailing(departure: number, figures: Partial<Sailing> = {}): Sailing {
  return publishedSailing({ ...HSB_LNG, departure, observedAt: NOW }, figures);
}

let api: FastifyInstance;

beforeAll(async () => {
  // Six past Fridays: the 10:30 am full from 90 min before, the 12:30 pm never above 60 %.
  const recorder = createSailingRecorder(t.database);
  for (let week = 6; week >= 1; week -= 1) {
    for (const [departure, fills] of [
      [
        BUSY - week * 7 * DAY,
        [
          [240, 40],
          [120, 90],
          [90, 100],
        ],
      ],
      [
        QUIET - week * 7 * DAY,
        [
          [240, 10],
          [120, 30],
          [30, 60],
        ],
      ],
    ] as const) {
      for (const [before, carFill] of fills)
        await recorder.record([
          sailing(departure, { carFill, observedAt: new Date(departure - before * MIN).toISOString() }),
        ]);
      const final = fills[fills.length - 1]?.[1] ?? 0;
      await recorder.record([
        sailing(departure, { carFill: final, status: 'departed', observedAt: new Date(departure + MIN).toISOString() }),
      ]);
    }
  }
  const published = [sailing(BUSY, { carFill: 90 }), sailing(QUIET, { carFill: 5 })];
  const forecasts = createForecastService({ database: t.database, sailings: () => published, now: () => NOW });
  api = await routesApp((scope) => registerForecastRoutes(scope, { forecasts, now: () => NOW }));
});
afterAll(async () => {
  await api?.close();
});

const get = (query: string) => api.inject({ method: 'GET', url: `/api/sailing-chances?${query}` });

describe('GET /api/sailing-chances', () => {
  it('a car arriving now, before the busy sailing fills, gets a place on it; one arriving later does not, and likely makes the next', async () => {
    const early = await get(`route=hsb-lng&from=horseshoe-bay&arrive=${new Date(NOW).toISOString()}`);
    expect(early.statusCode).toBe(200);
    expect(early.headers['cache-control']).toBe('no-store');
    const soon = sailingChanceListSchema.parse(early.json());
    expect(soon.chances.map((c) => [c.place, c.band])).toEqual([
      ['Estimated', 'green'],
      ['Later', 'green'],
    ]);

    const late = sailingChanceListSchema.parse(
      (await get(`route=hsb-lng&from=horseshoe-bay&arrive=${new Date(BUSY - 60 * MIN).toISOString()}`)).json(),
    );
    expect(late.chances.map((c) => [c.place, c.sailingId, c.band])).toEqual([
      ['Earlier', sailing(BUSY).id, 'red'],
      ['Estimated', sailing(QUIET).id, 'green'],
    ]);
    expect(late.chances[0]?.text).toMatch(/^\d+% · unlikely$/);
    expect(late.chances[1]?.text).toMatch(/^\d+% · likely$/);
  });

  it('gives 0 % once the arrival window is past the cut-off, and echoes the window', async () => {
    const at = new Date(BUSY - 20 * MIN).toISOString();
    const res = sailingChanceListSchema.parse(
      (
        await get(
          `route=hsb-lng&from=horseshoe-bay&arrive=${at}&earliest=${new Date(BUSY - 25 * MIN).toISOString()}&latest=${new Date(BUSY - 15 * MIN).toISOString()}`,
        )
      ).json(),
    );
    expect(res.arrival.at).toBe(at);
    expect(res.chances[0]).toMatchObject({ place: 'Earlier', percent: 0, band: 'red', closed: true });
    expect(res.chances[0]?.text).toBe('0% · check-in closes at 10:00 am, before you arrive');
  });

  it('answers 4xx {error, message} for an unknown route or terminal, a bad instant or a bad window', async () => {
    const cases: Array<[string, number]> = [
      ['route=nowhere&from=horseshoe-bay', 404],
      ['route=hsb-lng&from=swartz-bay', 404],
      ['route=hsb-lng', 400],
      ['route=hsb-lng&from=horseshoe-bay&arrive=tomorrow', 400],
      [
        `route=hsb-lng&from=horseshoe-bay&arrive=${new Date(NOW).toISOString()}&earliest=${new Date(NOW + MIN).toISOString()}`,
        400,
      ],
      [
        `route=hsb-lng&from=horseshoe-bay&earliest=${new Date(NOW - 7 * 60 * MIN).toISOString()}&latest=${new Date(NOW).toISOString()}&arrive=${new Date(NOW).toISOString()}`,
        400,
      ],
    ];
    for (const [query, status] of cases) {
      const res = await get(query);
      expect([query, res.statusCode]).toEqual([query, status]);
      expect(Object.keys(res.json()).sort()).toEqual(['error', 'message']);
    }
  });
});
