/**
 * The accuracy line the running app shows beside its forecasts ("last 4 weeks: within 10 points 8
 * times in 10") is measured on its own recorded sailings: with about 3 weeks recorded it is absent
 * (the app then says in words that it is not measured yet), after 4 weeks of simulated history (what
 * `npm run history:simulate` records) it is there, and it follows what the recorded sailings did.
 */
import { and, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { forecastAccuracyText } from '@/domain/fill-forecast';
import { sailingForecastListSchema } from '@/domain/sailing-forecast';

import { recordedSailings } from '../../server/db/schema';
import { simulatedSailings } from '../../server/feed/simulated-sailings';
import { createForecastService, type ForecastService } from '../../server/forecast/forecast-service';
import { recordSimulatedHistory, storeSimulatedHistory } from '../../server/history/simulated-history';
import { registerForecastRoutes } from '../../server/routes/forecasts';
import { useTestApp } from '../kit/server/app';
import { routesApp } from '../kit/server/routes-app';

const t = useTestApp();
const WEEK = 7 * 86_400_000;
/** Thursday 26 November 2026, 1 pm at the terminals. */
const NOW = Date.parse('2026-11-26T20:00:00Z');
const STEP = 5 * 60_000;

let api: FastifyInstance;
let service: ForecastService;

/** Records the simulator's sailings between two instants as `npm run history:simulate` does. */
const simulate = (from: number, to: number) =>
  storeSimulatedHistory(
    t.database,
    recordSimulatedHistory(from, to, STEP, (at) => simulatedSailings(at, 2)),
  );

async function langdaleForecasts() {
  service.invalidate();
  const res = await api.inject({
    method: 'GET',
    url: '/api/forecasts?route=hsb-lng&from=horseshoe-bay&date=2026-11-26',
  });
  expect(res.statusCode).toBe(200);
  return sailingForecastListSchema.parse(res.json());
}

beforeAll(async () => {
  service = createForecastService({ database: t.database, sailings: () => simulatedSailings(NOW), now: () => NOW });
  api = await routesApp((scope) => registerForecastRoutes(scope, { forecasts: service, now: () => NOW }));
});
afterAll(async () => {
  await api?.close();
});

describe('the accuracy of the forecasts, from the recorded history', () => {
  it('is absent with three weeks recorded, though the forecasts themselves have a basis', async () => {
    expect(await simulate(NOW - 3 * WEEK - 60 * 60_000, NOW)).toBeGreaterThan(0);
    const list = await langdaleForecasts();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((f) => f.status === 'ok' && f.basisCount === 3)).toBe(true);
    expect(list.every((f) => f.accuracy === undefined)).toBe(true);
  });

  it('shows after four weeks of simulated history, measured on those sailings', async () => {
    await simulate(NOW - 4 * WEEK - 60 * 60_000, NOW - 3 * WEEK);
    const [first] = await langdaleForecasts();
    const accuracy = first?.accuracy;
    expect(accuracy?.weeks).toBe(4);
    expect(accuracy?.checked).toBeGreaterThanOrEqual(10);
    expect(forecastAccuracyText(accuracy)).toMatch(/^last 4 weeks: within 10 points \d+ times? in 10$/);

    // The last week's recorded outcomes on the route turn out far from what was forecast: the accuracy says so.
    await t.database.db
      .update(recordedSailings)
      .set({ finalCarFill: 0 })
      .where(
        and(
          eq(recordedSailings.routeId, 'hsb-lng'),
          eq(recordedSailings.fromTerminal, 'horseshoe-bay'),
          gte(recordedSailings.scheduledDeparture, new Date(NOW - WEEK)),
        ),
      );
    const [after] = await langdaleForecasts();
    expect(after?.accuracy?.checked).toBe(accuracy?.checked);
    expect(after?.accuracy?.withinTenPoints).toBeLessThan(accuracy?.withinTenPoints ?? 0);
    expect(after?.accuracy?.meanAbsoluteError).toBeGreaterThan(accuracy?.meanAbsoluteError ?? Infinity);
  });
});
