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
