/**
 * GET /api/forecasts under a BC Ferries-like source, which lists only today's service day: the
 * forecasts still cover today and the next 7 days, later days' sailings projected from the timetable
 * recorded on past same weekdays (each saying on how many), forecast from the recorded history; a
 * route without capacity data gets its sailings with "insufficient-history" and no number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { forecastSummaryText } from '@/domain/fill-forecast';
import { localDateKey } from '@/domain/ninja';
import { projectedTimetableText } from '@/domain/projected-timetable';
import { sailingId, sailingListSchema, type Sailing } from '@/domain/sailing';
import { sailingForecastListSchema } from '@/domain/sailing-forecast';
import { formatClock } from '@/domain/time';

import { createBcFerriesSource } from '../../server/feed/sources/bcferries-source';
import { createSailingRecorder } from '../../server/history/sailing-recorder';
import { HSB_LNG_DAYTIME_DEPARTURES } from '../fixtures/bcferries/horseshoe-bay-departures';
import { startFakeFeed, type FakeFeed } from '../fixtures/fake-feed/fake-feed-server';
import { createTestApp, type TestApp } from '../kit/server/app';

const DAY = 86_400_000;
/** Friday 10 July 2026, 3:50 pm in Vancouver. */
const NOW = Date.parse('2026-07-10T15:50:00-07:00');
const log = { info: () => {}, warn: () => {} };

let fake: FakeFeed;
let t: TestApp;
let listed: Sailing[];

beforeAll(async () => {
  fake = await startFakeFeed({ now: () => NOW });
  fake.setFixture('day');
  const source = createBcFerriesSource({ baseUrl: fake.url, pollMs: 60_000, timeoutMs: 2_000, log, now: () => NOW });
  t = await createTestApp({ now: () => NOW, feedSources: [source] });
  await source.pollOnce();
  listed = sailingListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/sailings' })).json());
  // Four weeks recorded: every day had today's timetable; Horseshoe Bay–Langdale's 6:00 pm filled on Fridays.
  const recorder = createSailingRecorder(t.database);
  // A route publishes fills if any of its sailings has one (today's departed ones report none: 0 is not a fill).
  const withFills = new Set(listed.filter((s) => s.carFill !== undefined).map((s) => s.routeId));
  for (let back = 28; back >= 1; back -= 1) {
    await recorder.record(
      listed.map((s): Sailing => {
        const departure = Date.parse(s.scheduledDeparture) - back * DAY;
        const eveningFriday =
          back % 7 === 0 &&
          s.routeId === 'hsb-lng' &&
          s.from === 'horseshoe-bay' &&
          formatClock(departure) === '6:00 PM';
        return {
          id: sailingId(s.routeId, s.from, departure),
          routeId: s.routeId,
          from: s.from,
          to: s.to,
          scheduledDeparture: new Date(departure).toISOString(),
          status: 'departed',
          source: 'bcferries',
          observedAt: new Date(departure + 60_000).toISOString(),
          ...(withFills.has(s.routeId) ? { carFill: eveningFriday ? 100 : 50 } : {}),
        };
      }),
    );
  }
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const forecasts = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/forecasts${query}` });
  expect(response.statusCode).toBe(200);
  return sailingForecastListSchema.parse(response.json());
};

describe('forecasts for today and the next 7 days when the source lists only today', () => {
  it('forecasts every day of the week from the recorded timetable, saying where the times come from', async () => {
    const list = await forecasts('?route=hsb-lng&from=horseshoe-bay');
    const days = [...new Set(list.map((f) => localDateKey(Date.parse(f.scheduledDeparture))))];
    expect(days).toEqual([
      '2026-07-10',
      '2026-07-11',
      '2026-07-12',
      '2026-07-13',
      '2026-07-14',
      '2026-07-15',
      '2026-07-16',
      '2026-07-17',
    ]);
    // Today's from the source, as listed (no recorded-timetable note; the 3:40 pm has not left yet); its
    // 12:20 am runs into Saturday's date.
    const today = list.filter((f) => f.timetableRecordedOn === undefined);
    expect(today.map((f) => formatClock(f.scheduledDeparture))).toEqual([
      '3:40 PM',
      '6:00 PM',
      '8:20 PM',
      '10:40 PM',
      '12:20 AM',
    ]);
    expect(today.map((f) => f.sailingId)).toEqual(
      listed
        .filter(
          (s) =>
            s.routeId === 'hsb-lng' &&
            s.from === 'horseshoe-bay' &&
            (s.status === 'scheduled' || s.status === 'boarding'),
        )
        .map((s) => s.id),
    );
    // Next Friday: the whole timetable recorded on the 4 past Fridays (from Thursday's 12:20 am), forecast from them.
    const nextFriday = list.filter((f) => localDateKey(Date.parse(f.scheduledDeparture)) === '2026-07-17');
    expect(nextFriday.map((f) => formatClock(f.scheduledDeparture))).toEqual([
      '12:20 AM',
      ...HSB_LNG_DAYTIME_DEPARTURES,
    ]);
    const evening = nextFriday.find((f) => formatClock(f.scheduledDeparture) === '6:00 PM')!;
    expect(evening).toMatchObject({
      status: 'ok',
      basisCount: 4,
      timetableRecordedOn: 4,
      to: 'langdale',
      expectedCarFill: 100,
    });
    expect(evening.sailingId).toBe(sailingId('hsb-lng', 'horseshoe-bay', Date.parse('2026-07-17T18:00:00-07:00')));
    expect(projectedTimetableText(evening.scheduledDeparture, evening.timetableRecordedOn!)).toBe(
      'timetable recorded on 4 past Fridays',
    );
    expect(forecastSummaryText(evening)).toBe('usually full at departure on Fridays: arrive by 5:50 pm');
    // Saturday after the listed 12:20 am: projected from 4 past Saturdays, 50 % full.
    const saturday = list.filter(
      (f) => localDateKey(Date.parse(f.scheduledDeparture)) === '2026-07-11' && f.timetableRecordedOn !== undefined,
    );
    expect(saturday[0]).toMatchObject({ timetableRecordedOn: 4, status: 'ok', expectedCarFill: 50 });
    expect(formatClock(saturday[0]!.scheduledDeparture)).toBe('6:20 AM');
  });

  it('answers one later day by ?date=', async () => {
    const tuesday = await forecasts('?route=hsb-lng&from=horseshoe-bay&date=2026-07-14');
    // Its date starts with Monday's service day's 12:20 am.
    expect(tuesday.map((f) => formatClock(f.scheduledDeparture))).toEqual(['12:20 AM', ...HSB_LNG_DAYTIME_DEPARTURES]);
    expect(tuesday.every((f) => f.timetableRecordedOn === 4 && f.status === 'ok')).toBe(true);
  });

  it('lists a route without capacity data with its later sailings and no number', async () => {
    const bowen = await forecasts('?route=hsb-snug&from=horseshoe-bay&date=2026-07-13');
    expect(bowen.length).toBeGreaterThan(0);
    for (const f of bowen) {
      expect(f).toMatchObject({ status: 'insufficient-history', timetableRecordedOn: 4 });
      expect(f.expectedCarFill).toBeUndefined();
    }
  });
});
