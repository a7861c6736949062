/**
 * The fake feed's `playAt` (tests/fixtures/fake-feed/fake-feed-server.ts): the recorded day read as
 * if it were 2:00 pm now, at any hour the suite runs, and read by Deckhand's own BC Ferries reader
 * into the same instants (the end-to-end specs rely on it: tests/e2e/real-feed.spec.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { serviceDayOf } from '@/domain/service-day';

import { localTimeToEpoch } from '../../server/feed/local-time';
import { documentSailings, readDocument } from '../../server/feed/sources/bcferries-document';
import {
  FIXTURES_DIR,
  livingDocument,
  playAtShift,
  serviceMinuteOf,
  shiftedFixture,
} from '../fixtures/fake-feed/fake-feed-server';

const day = JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'day.json'), 'utf8')) as unknown;
const MINUTE = 60_000;

function readAt(now: number) {
  const shift = playAtShift('2:00 pm', now);
  const served = livingDocument(shiftedFixture(day, shift), now).document;
  const reading = readDocument(JSON.parse(JSON.stringify(served)));
  if (!reading.ok) throw new Error(reading.problem);
  const [year, month, date] = serviceDayOf(now).split('-').map(Number);
  return documentSailings(reading.document, { year: year!, month: month!, day: date! }, now).sailings;
}

// Wall-clock times of one service day at the terminals (minutes after its midnight): 4:00 am,
// 1:30 pm, 11:10 pm and, in the next calendar day's early hours, 1:30 am and 2:50 am.
const SERVICE_DAY = { year: 2026, month: 11, day: 25 };
const LOCAL_MINUTES = [4 * 60, 13 * 60 + 30, 23 * 60 + 10, 25 * 60 + 30, 26 * 60 + 50];

describe('the fake feed played at 2:00 pm', () => {
  it.each(LOCAL_MINUTES)(
    'at minute %i of the service day the recorded afternoon lies ahead, read by Deckhand at the same instants',
    (minute) => {
      const now = localTimeToEpoch(SERVICE_DAY, minute) + 25_000;
      expect(serviceMinuteOf(now)).toBe(minute);
      const start = Math.floor(now / MINUTE) * MINUTE;
      const sailings = readAt(now);
      const at = (routeId: string, from: string, minutesAfterPlay: number) =>
        sailings.find(
          (s) =>
            s.routeId === routeId &&
            s.from === from &&
            Date.parse(s.scheduledDeparture) === start + minutesAfterPlay * MINUTE,
        );
      // Recorded 3:00 pm Horseshoe Bay - Departure Bay, 100 % full: an hour after the played time.
      expect(at('hsb-nan', 'horseshoe-bay', 60)).toMatchObject({ status: 'scheduled', carFill: 100 });
      // Recorded 3:15 pm Tsawwassen - Duke Point, cancelled; 2:20 pm to Bowen Island, no fill.
      expect(at('tsa-duk', 'tsawwassen', 75)).toMatchObject({ status: 'cancelled' });
      expect(at('hsb-snug', 'horseshoe-bay', 20)?.carFill).toBeUndefined();
      // The 12:50 pm sailing has left, when it falls in the service day; nothing is listed before its start.
      if (minute - 70 >= 180) expect(at('hsb-nan', 'horseshoe-bay', -70)).toMatchObject({ status: 'departed' });
      const dayStart = start - (serviceMinuteOf(now) - 180) * MINUTE;
      for (const s of sailings) expect(Date.parse(s.scheduledDeparture)).toBeGreaterThanOrEqual(dayStart);
      // Each route's sailings stay in order across midnight.
      const hsbLng = sailings
        .filter((s) => s.routeId === 'hsb-lng' && s.from === 'horseshoe-bay')
        .map((s) => Date.parse(s.scheduledDeparture));
      expect(hsbLng).toEqual([...hsbLng].sort((a, b) => a - b));
    },
  );

  it('leaves the document as it is without playAt, and an invalid fixture as it is', () => {
    expect(shiftedFixture(day, 0)).toBe(day);
    expect(shiftedFixture('BC Ferries Data Currently Down', 120)).toBe('BC Ferries Data Currently Down');
    expect(() => playAtShift('teatime', Date.now())).toThrow();
  });
});

describe('the fake feed playing a document generated from a real page', () => {
  const real = JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'real-tsa-swb.json'), 'utf8')) as unknown;
  type Row = Record<string, unknown>;
  const served = (minute: number) => {
    const doc = livingDocument(real, localTimeToEpoch(SERVICE_DAY, minute) + 5_000).document as {
      capacityRoutes: Array<{ sailings: Row[] }>;
      nonCapacityRoutes: Array<{ routeCode: string; sailings: Row[] }>;
    };
    return { live: doc.capacityRoutes[0]!.sailings, timetable: doc.nonCapacityRoutes };
  };

  it('serves it as captured at its capture time (10:35 am)', () => {
    const { live, timetable } = served(10 * 60 + 35);
    const recorded = (real as { capacityRoutes: Array<{ sailings: Row[] }> }).capacityRoutes[0]!.sailings;
    expect(live).toEqual(recorded);
    expect(timetable).toEqual((real as { nonCapacityRoutes: unknown }).nonCapacityRoutes);
  });

  it('moves a future row on as the scraper would write it: current with its ETA, then past, fills 0 from the departure', () => {
    const underWay = served(11 * 60 + 10).live[2];
    expect(underWay).toMatchObject({
      time: '11:00 am',
      arrivalTime: '12:35 pm',
      sailingStatus: 'current',
      fill: 0,
      carFill: 0,
      oversizeFill: 0,
      vesselName: 'Spirit of British Columbia',
    });
    const { live, timetable } = served(12 * 60 + 40);
    expect(live[2]).toMatchObject({ time: '11:00 am', arrivalTime: '12:35 pm', sailingStatus: 'past', fill: 0 });
    expect(live[3]).toMatchObject({ time: '12:00 pm', sailingStatus: 'current' });
    // The rows recorded as departed keep their actual times; the timetable never changes.
    expect(live[1]).toMatchObject({ time: '9:04 am', arrivalTime: '10:29 am', sailingStatus: 'past' });
    expect(timetable).toEqual((real as { nonCapacityRoutes: unknown }).nonCapacityRoutes);
  });

  it('moves recorded arrivals with their departures, and leaves rows without a time where they are', () => {
    const moved = shiftedFixture(real, 60) as { capacityRoutes: Array<{ sailings: Row[] }> };
    expect(moved.capacityRoutes[0]!.sailings[1]).toMatchObject({ time: '10:04 am', arrivalTime: '11:29 am' });
    const old = JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'real-2022-layout.json'), 'utf8')) as {
      capacityRoutes: Array<{ sailings: Row[] }>;
    };
    const shifted = shiftedFixture(old, 60) as typeof old;
    expect(shifted.capacityRoutes[0]!.sailings).toEqual(old.capacityRoutes[0]!.sailings);
  });
});
