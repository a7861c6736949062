import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { sailingListSchema } from '@/domain/sailing';
import { formatClock } from '@/domain/time';

import {
  clockMinutes,
  documentSailings,
  durationMinutes,
  readDocument,
  type BcFerriesDocument,
} from '../../server/feed/sources/bcferries-document';
import { HSB_LNG_DAYTIME_DEPARTURES } from '../fixtures/bcferries/horseshoe-bay-departures';

const fixture = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/bcferries', `${name}.json`), 'utf8'));
const DAY = { year: 2026, month: 7, day: 10 };
const MORNING = Date.parse('2026-07-10T05:00:00-07:00');

/** The document's routes as the fixture writes them (the reader validates each one itself). */
interface FixtureDocument extends BcFerriesDocument {
  capacityRoutes: { routeCode: string; sailings: Record<string, unknown>[] }[];
}

function dayDocument(): FixtureDocument {
  const reading = readDocument(fixture('day'));
  if (!reading.ok) throw new Error(reading.problem);
  return reading.document as FixtureDocument;
}

describe('reading the BC Ferries v2 document', () => {
  it('reads clock times and durations as the document writes them', () => {
    expect(clockMinutes('3:45 pm')).toBe(15 * 60 + 45);
    expect(clockMinutes('12:20 am')).toBe(20);
    expect(clockMinutes('12:05 pm')).toBe(12 * 60 + 5);
    expect(clockMinutes('Variable')).toBeUndefined();
    expect(clockMinutes('')).toBeUndefined();
    expect(durationMinutes('1h 40m')).toBe(100);
    expect(durationMinutes('40m')).toBe(40);
    expect(durationMinutes('2h')).toBe(120);
    expect(durationMinutes('soon')).toBeUndefined();
    // The daily schedule page's form (cmd/scraper/scraper.go parseDailyScheduleSailings).
    expect(durationMinutes('01:35')).toBe(95);
    expect(clockMinutes('3:45PM')).toBe(15 * 60 + 45);
    expect(clockMinutes('13:05 pm')).toBeUndefined();
  });

  it('says why a body is not a document: the "currently down" string, a wrong shape', () => {
    expect(readDocument(fixture('down'))).toEqual({
      ok: false,
      problem: 'the source says "BC Ferries Data Currently Down"',
    });
    // Its nonCapacityRoutes is not a list: not a v2 document at all.
    expect(readDocument(fixture('invalid')).ok).toBe(false);
    expect(readDocument(null).ok).toBe(false);
    expect(readDocument({ capacityRoutes: [] }).ok).toBe(false);
  });

  it("turns a day's document into sailings on Deckhand's routes, labelled bcferries", () => {
    const { sailings, skippedRoutes } = documentSailings(dayDocument(), DAY, MORNING);
    expect(sailingListSchema.parse(sailings)).toEqual(sailings);
    expect(skippedRoutes).toEqual(['SWBFUL', 'SWBSGI']);
    const hsbLng = sailings.filter((s) => s.routeId === 'hsb-lng' && s.from === 'horseshoe-bay');
    expect(hsbLng.map((s) => formatClock(s.scheduledDeparture))).toEqual([...HSB_LNG_DAYTIME_DEPARTURES, '12:20 AM']);
    for (const s of sailings) {
      expect(s.source).toBe('bcferries');
      expect(s.observedAt).toBe(new Date(MORNING).toISOString());
    }
    expect(new Set(sailings.map((s) => s.from))).toEqual(
      new Set(['tsawwassen', 'swartz-bay', 'horseshoe-bay', 'departure-bay', 'duke-point', 'langdale', 'snug-cove']),
    );
  });

  it('puts a sailing after midnight on the next calendar day, in the same service day', () => {
    const { sailings } = documentSailings(dayDocument(), DAY, MORNING);
    const last = sailings.filter((s) => s.routeId === 'hsb-lng' && s.from === 'horseshoe-bay').at(-1)!;
    expect(last.scheduledDeparture).toBe(new Date('2026-07-11T00:20:00-07:00').toISOString());
    expect(last.scheduledArrival).toBe(new Date('2026-07-11T01:00:00-07:00').toISOString());
  });

  it('puts a list that opens before 3 am on the night nearest to when it was read', () => {
    // At 1:30 am on 11 July the service day is still 10 July's; the evening's rows are gone.
    const row = (time: string, arrivalTime: string) => ({
      time,
      arrivalTime,
      sailingStatus: 'future',
      fill: 20,
      carFill: 20,
      oversizeFill: 0,
      vesselName: 'Queen of Surrey',
      vesselStatus: '',
    });
    const document = {
      capacityRoutes: [
        {
          routeCode: 'HSBLNG',
          fromTerminalCode: 'HSB',
          toTerminalCode: 'LNG',
          sailingDuration: '40m',
          sailings: [row('12:20 am', '1:00 am'), row('2:50 am', '3:30 am'), row('6:20 am', '7:00 am')],
        },
      ],
      nonCapacityRoutes: [],
    };
    const { sailings } = documentSailings(document, DAY, Date.parse('2026-07-11T01:30:00-07:00'));
    const times = sailings.filter((s) => s.from === 'horseshoe-bay');
    expect(times.map((s) => [s.scheduledDeparture, s.scheduledArrival])).toEqual([
      [new Date('2026-07-11T00:20:00-07:00').toISOString(), new Date('2026-07-11T01:00:00-07:00').toISOString()],
      [new Date('2026-07-11T02:50:00-07:00').toISOString(), new Date('2026-07-11T03:30:00-07:00').toISOString()],
      [new Date('2026-07-11T06:20:00-07:00').toISOString(), new Date('2026-07-11T07:00:00-07:00').toISOString()],
    ]);
    // At 3:10 am the service day is 11 July's: the same list's 12:20 am is three hours ago, not tomorrow night.
    const justAfter = documentSailings(
      document,
      { year: 2026, month: 7, day: 11 },
      Date.parse('2026-07-11T03:10:00-07:00'),
    );
    expect(justAfter.sailings.filter((s) => s.from === 'horseshoe-bay').map((s) => s.scheduledDeparture)).toEqual([
      new Date('2026-07-11T00:20:00-07:00').toISOString(),
      new Date('2026-07-11T02:50:00-07:00').toISOString(),
      new Date('2026-07-11T06:20:00-07:00').toISOString(),
    ]);
  });

  it('keeps percent full, the cancelled sailing, and no fill where the route has no capacity data', () => {
    const { sailings } = documentSailings(dayDocument(), DAY, MORNING);
    const full = sailings.find(
      (s) => s.routeId === 'hsb-nan' && s.from === 'horseshoe-bay' && formatClock(s.scheduledDeparture) === '5:10 PM',
    )!;
    expect(full).toMatchObject({
      fill: 100,
      carFill: 100,
      vesselName: 'Queen of Cowichan',
      vesselId: 'queen-of-cowichan',
      status: 'scheduled',
    });
    const cancelled = sailings.find((s) => s.from === 'langdale' && formatClock(s.scheduledDeparture) === '2:30 PM')!;
    expect(cancelled.status).toBe('cancelled');
    const bowen = sailings.filter((s) => s.routeId === 'hsb-snug');
    expect(bowen.length).toBeGreaterThan(10);
    for (const s of bowen) expect(s.fill).toBeUndefined();
  });

  it('dates a sailing that has left by its earlier schedule, so its real delay is known', () => {
    const morning = documentSailings(dayDocument(), DAY, MORNING);
    const later = structuredClone(dayDocument());
    const route = later.capacityRoutes.find((r) => r.routeCode === 'HSBLNG')!;
    // 3:40 pm left at 3:55 pm and is under way; 1:20 pm left on time and has arrived.
    Object.assign(route.sailings[4]!, { time: '3:55 pm', arrivalTime: '4:36 pm', sailingStatus: 'current' });
    Object.assign(route.sailings[3]!, { time: '1:20 pm', arrivalTime: '2:01 pm', sailingStatus: 'past' });
    const { sailings } = documentSailings(later, DAY, Date.parse('2026-07-10T16:00:00-07:00'), morning.schedule);
    const underWay = sailings.find(
      (s) => s.id === 'hsb-lng:horseshoe-bay:' + new Date('2026-07-10T15:40:00-07:00').toISOString(),
    )!;
    expect(underWay).toMatchObject({
      status: 'departed',
      delayMinutes: 15,
      expectedDeparture: new Date('2026-07-10T15:55:00-07:00').toISOString(),
      expectedArrival: new Date('2026-07-10T16:36:00-07:00').toISOString(),
    });
    const arrived = sailings.find(
      (s) => s.id === 'hsb-lng:horseshoe-bay:' + new Date('2026-07-10T13:20:00-07:00').toISOString(),
    )!;
    expect(arrived).toMatchObject({ status: 'arrived', delayMinutes: 0 });
    // Without an earlier document, the time shown is the actual one and the delay is unknown.
    const cold = documentSailings(later, DAY, Date.parse('2026-07-10T16:00:00-07:00'));
    const coldUnderWay = cold.sailings.find((s) => s.status === 'departed' && s.routeId === 'hsb-lng')!;
    expect(formatClock(coldUnderWay.scheduledDeparture)).toBe('3:55 PM');
    expect(coldUnderWay.delayMinutes).toBeUndefined();
  });

  it('takes any other status as what it says: "cancelled" in any case is cancelled, nonsense is scheduled', () => {
    const doc = structuredClone(dayDocument());
    doc.capacityRoutes[0]!.sailings[0]!.sailingStatus = 'CANCELLED';
    doc.capacityRoutes[0]!.sailings[1]!.sailingStatus = 'wobbly';
    const { sailings } = documentSailings(doc, DAY, MORNING);
    const tsa = sailings.filter((s) => s.routeId === 'tsa-swb' && s.from === 'tsawwassen');
    expect(tsa[0]!.status).toBe('cancelled');
    expect(tsa[1]!.status).toBe('scheduled');
  });
});
