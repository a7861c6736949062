/**
 * Reading the BC Ferries v2 document exactly as the real scraper writes it
 * (samuel-pratt/bc-ferries-api, cmd/scraper/scraper.go at 2f91fb8, run over its saved page
 * html/current_conditions.html, Tsawwassen - Swartz Bay): both arrays, sailings that have left,
 * rows that did not parse, null arrays, zero fills, cancellations and an impossible duration.
 * Every document here is built in the real shape; each row says where its shape comes from.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sailingListSchema, type Sailing } from '@/domain/sailing';
import { formatClock } from '@/domain/time';

import { documentSailings, readDocument, type BcFerriesDocument } from '../../server/feed/sources/bcferries-document';
import { createBcFerriesSource } from '../../server/feed/sources/bcferries-source';
import { emptySailing } from '../fixtures/bcferries/port/capacity-route';

/** Saturday 21 February 2026, the day the scraper's saved pages were committed. */
const DAY = { year: 2026, month: 2, day: 21 };
const at = (clock: string) => Date.parse(`2026-02-21T${clock}:00-08:00`);
const NOON = at('12:00');

type Row = Record<string, unknown>;

/** A capacity row as ScrapeCapacityRoute appends it (models.CapacitySailing, every field always written). */
const capacityRow = (row: Partial<Record<string, string | number>>): Row => ({ ...emptySailing(), ...row });
/** A timetable row as parseDailyScheduleSailings appends it (models.NonCapacitySailing: no status, no fill, vesselName ""). */
const timetableRow = (time: string, arrivalTime: string): Row => ({
  time,
  arrivalTime,
  vesselName: '',
  vesselStatus: '',
});

/** The real page's Tsawwassen - Swartz Bay rows, as the scraper writes them (the details pages' fills as hand-picked figures). */
const TSASWB_CAPACITY: Row[] = [
  // "7:00 am Departed 6:58 am Spirit of British Columbia … Arrived: 8:28 am": the "Arrived" branch, time = ACTUAL departure, fills 0.
  capacityRow({
    time: '6:58 am',
    arrivalTime: '8:28 am',
    sailingStatus: 'past',
    vesselName: 'Spirit of British Columbia',
  }),
  // "9:00 am Departed 9:04 am Coastal Renaissance … Arrived: 10:29 am"
  capacityRow({ time: '9:04 am', arrivalTime: '10:29 am', sailingStatus: 'past', vesselName: 'Coastal Renaissance' }),
  // "11:00 am Spirit of British Columbia Full": the "future" branch, "full" sets all three to 100.
  capacityRow({
    time: '11:00 am',
    sailingStatus: 'future',
    fill: 100,
    carFill: 100,
    oversizeFill: 100,
    vesselName: 'Spirit of British Columbia',
  }),
  // "12:00 pm Queen of New Westminster Estimated vehicle space available 15% Details": the details page's three figures, 100 - available.
  capacityRow({
    time: '12:00 pm',
    sailingStatus: 'future',
    fill: 80,
    carFill: 85,
    oversizeFill: 60,
    vesselName: 'Queen of New Westminster',
  }),
  // "1:00 pm Coastal Renaissance … 18% Details"
  capacityRow({
    time: '1:00 pm',
    sailingStatus: 'future',
    fill: 77,
    carFill: 82,
    oversizeFill: 50,
    vesselName: 'Coastal Renaissance',
  }),
  // "9:00 pm Coastal Renaissance … 18% Details" (the page's last sailing of the day)
  capacityRow({
    time: '9:00 pm',
    sailingStatus: 'future',
    fill: 70,
    carFill: 82,
    oversizeFill: 40,
    vesselName: 'Coastal Renaissance',
  }),
  // "7:00 am (Tomorrow) Spirit of British Columbia … 20% Details": the regex drops "(Tomorrow)".
  capacityRow({
    time: '7:00 am',
    sailingStatus: 'future',
    fill: 75,
    carFill: 80,
    oversizeFill: 45,
    vesselName: 'Spirit of British Columbia',
  }),
];

/** The timetable of the same route and day, as the daily schedule page gives it ("01:35", html/daily_schedule.html's shape). */
const TSASWB_TIMETABLE: Row[] = [
  timetableRow('7:00 am', '8:35 am'),
  timetableRow('9:00 am', '10:35 am'),
  timetableRow('11:00 am', '12:35 pm'),
  timetableRow('12:00 pm', '1:35 pm'),
  timetableRow('1:00 pm', '2:35 pm'),
  timetableRow('9:00 pm', '10:35 pm'),
  // Not on the capacity page (hand-made: a late extra sailing), so only the timetable knows it.
  timetableRow('10:45 pm', '12:20 am'),
];

const route = (from: string, to: string, sailingDuration: string, sailings: unknown): Record<string, unknown> => ({
  routeCode: `${from}${to}`,
  fromTerminalCode: from,
  toTerminalCode: to,
  sailingDuration,
  sailings,
});

/** The major route in BOTH arrays, as GetCapacityAndNonCapacitySailings serves it. */
function realDocument(extra: { capacity?: unknown[]; nonCapacity?: unknown[] } = {}): BcFerriesDocument {
  return {
    capacityRoutes: [route('TSA', 'SWB', '1h 35m', TSASWB_CAPACITY), ...(extra.capacity ?? [])],
    nonCapacityRoutes: [route('TSA', 'SWB', '01:35', TSASWB_TIMETABLE), ...(extra.nonCapacity ?? [])],
  };
}

const tsaSwb = (sailings: readonly Sailing[]) =>
  sailings.filter((s) => s.routeId === 'tsa-swb' && s.from === 'tsawwassen');
const byClock = (sailings: readonly Sailing[], clock: string) =>
  sailings.filter((s) => formatClock(s.scheduledDeparture) === clock);

describe('the major routes are in both arrays: one sailing per departure', () => {
  it('keeps each capacity row with its figures, vessel and status; the timetable adds only what the capacity route lacks', () => {
    const { sailings } = documentSailings(realDocument(), DAY, NOON);
    expect(sailingListSchema.parse(sailings)).toEqual(sailings);
    const list = tsaSwb(sailings);
    expect(list.map((s) => formatClock(s.scheduledDeparture))).toEqual([
      '7:00 AM',
      '9:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '9:00 PM',
      '10:45 PM',
      '7:00 AM',
    ]);
    expect(byClock(list, '11:00 AM')[0]).toMatchObject({
      status: 'scheduled',
      fill: 100,
      carFill: 100,
      vesselName: 'Spirit of British Columbia',
    });
    expect(byClock(list, '12:00 PM')[0]).toMatchObject({ carFill: 85, vesselName: 'Queen of New Westminster' });
    // The timetable-only 10:45 pm: a time and a status, no vessel, no fill (nothing is invented).
    const late = byClock(list, '10:45 PM')[0]!;
    expect(late).toMatchObject({ status: 'scheduled', source: 'bcferries' });
    expect(late.vesselName).toBeUndefined();
    expect(late.carFill).toBeUndefined();
    expect(late.scheduledArrival).toBe(new Date('2026-02-22T00:20:00-08:00').toISOString());
    // "7:00 am (Tomorrow)" is tomorrow's 7:00.
    expect(list.at(-1)!.scheduledDeparture).toBe(new Date('2026-02-22T07:00:00-08:00').toISOString());
  });

  it('a timetable route with no capacity route (Bowen Island) gives every timetabled sailing', () => {
    const doc = realDocument({
      nonCapacity: [
        // Horseshoe Bay - Snug Cove is a non-capacity route only in one direction (staticdata: BOW → HSB).
        route('BOW', 'HSB', '00:20', [timetableRow('5:45 am', '6:05 am'), timetableRow('6:50 am', '7:10 am')]),
      ],
    });
    const bowen = documentSailings(doc, DAY, NOON).sailings.filter((s) => s.from === 'snug-cove');
    expect(bowen.map((s) => formatClock(s.scheduledDeparture))).toEqual(['5:45 AM', '6:50 AM']);
    expect(bowen[0]!.scheduledArrival).toBe(new Date('2026-02-21T06:05:00-08:00').toISOString());
  });
});

describe('a sailing that has left is matched to its timetabled departure', () => {
  it('gives the 9:00 am its actual 9:04 departure and 4 min delay, and never a second sailing at 9:04', () => {
    const list = tsaSwb(documentSailings(realDocument(), DAY, NOON).sailings);
    expect(byClock(list, '9:04 AM')).toEqual([]);
    expect(byClock(list, '9:00 AM')).toHaveLength(1);
    expect(byClock(list, '9:00 AM')[0]).toMatchObject({
      status: 'arrived',
      delayMinutes: 4,
      expectedDeparture: new Date('2026-02-21T09:04:00-08:00').toISOString(),
      expectedArrival: new Date('2026-02-21T10:29:00-08:00').toISOString(),
      vesselName: 'Coastal Renaissance',
    });
    // Left two minutes early (6:58 for 7:00): the 7:00, on time.
    expect(byClock(list, '6:58 AM')).toEqual([]);
    expect(byClock(list, '7:00 AM')[0]).toMatchObject({
      status: 'arrived',
      delayMinutes: 0,
      expectedDeparture: new Date('2026-02-21T06:58:00-08:00').toISOString(),
    });
  });

  it("without a timetable, finds it in an earlier document's schedule for the same vessel", () => {
    const morning: BcFerriesDocument = {
      capacityRoutes: [
        route('HSB', 'LNG', '40m', [
          // Early-morning Current Conditions: both sailings still "future" (hand-picked figures).
          capacityRow({
            time: '6:20 am',
            sailingStatus: 'future',
            fill: 30,
            carFill: 40,
            vesselName: 'Queen of Surrey',
          }),
          capacityRow({
            time: '8:40 am',
            sailingStatus: 'future',
            fill: 50,
            carFill: 60,
            vesselName: 'Queen of Surrey',
          }),
        ]),
      ],
      nonCapacityRoutes: [],
    };
    const first = documentSailings(morning, DAY, at('05:00'));
    const later: BcFerriesDocument = {
      capacityRoutes: [
        route('HSB', 'LNG', '40m', [
          // "current" branch: "8:40 am Departed 8:52 am Queen of Surrey … ETA : 9:32 am".
          capacityRow({
            time: '8:52 am',
            arrivalTime: '9:32 am',
            sailingStatus: 'current',
            vesselName: 'Queen of Surrey',
          }),
        ]),
      ],
      nonCapacityRoutes: [],
    };
    const { sailings } = documentSailings(later, DAY, at('09:00'), first.schedule);
    expect(sailings).toHaveLength(1);
    expect(sailings[0]).toMatchObject({
      scheduledDeparture: new Date('2026-02-21T08:40:00-08:00').toISOString(),
      status: 'departed',
      delayMinutes: 12,
      expectedArrival: new Date('2026-02-21T09:32:00-08:00').toISOString(),
    });
  });
});

describe('each route and each row on its own', () => {
  it('drops and counts a blank row (the scraper appends one when a row does not parse) and an unreadable one, and uses the rest', () => {
    const doc = realDocument();
    const rows = [
      ...TSASWB_CAPACITY,
      // A row none of whose branches matched: ScrapeCapacityRoute still appends it, every field empty.
      capacityRow({}),
      // A "past" row whose regex failed ("No matches found, regex error"): status set, time empty.
      capacityRow({ sailingStatus: 'past' }),
      // Hand-made: a time no clock shows, a fill that is not a number.
      capacityRow({ time: '25:99 pm', sailingStatus: 'future', vesselName: 'Queen of Alberni' }),
      { ...capacityRow({ time: '3:00 pm', sailingStatus: 'future' }), fill: 'lots' },
    ];
    (doc.capacityRoutes[0] as { sailings: unknown[] }).sailings = rows;
    const read = documentSailings(doc, DAY, NOON);
    expect(read.counts).toEqual({ rowsDropped: 4, routesDropped: 0, routesSkipped: 0 });
    expect(read.problems[0]).toMatch(/^TSASWB row 7: time "" is not a clock time/);
    expect(tsaSwb(read.sailings)).toHaveLength(8);
  });

  it('drops and counts a route that does not parse; skips unknown routes before validating them', () => {
    const doc = realDocument({
      capacity: [
        // Hand-made: a route whose sailings are not a list (a row store gone wrong).
        route('HSB', 'NAN', '1h 40m', null),
        // Real: Swartz Bay - Fulford Harbour is a capacity route Deckhand has no terminal for; its content is not looked at.
        route('SWB', 'FUL', '35m', 'garbage'),
        // Hand-made: no terminal codes at all.
        { routeCode: 42 },
      ],
      nonCapacity: [
        // Real codes of a route on the north coast (staticdata: PPR → PSK), content not looked at.
        route('PPR', 'PSK', '', [{ nonsense: true }]),
      ],
    });
    const read = documentSailings(doc, DAY, NOON);
    expect(read.counts).toEqual({ rowsDropped: 0, routesDropped: 2, routesSkipped: 2 });
    expect(read.skippedRoutes).toEqual(['SWBFUL', 'PPRPSK']);
    expect(tsaSwb(read.sailings)).toHaveLength(8);
  });

  it('refuses only what is not {capacityRoutes, nonCapacityRoutes}; null arrays are an outage', () => {
    expect(readDocument('BC Ferries Data Currently Down')).toEqual({
      ok: false,
      problem: 'the source says "BC Ferries Data Currently Down"',
    });
    // GetCapacitySailings returns a nil slice when its query fails: json.Marshal writes null.
    expect(readDocument({ capacityRoutes: null, nonCapacityRoutes: [] })).toEqual({
      ok: false,
      problem: 'the source answered no routes (null): its database did not answer',
    });
    expect(readDocument({ routes: [] }).ok).toBe(false);
    expect(readDocument([]).ok).toBe(false);
    expect(readDocument({ capacityRoutes: {}, nonCapacityRoutes: [] }).ok).toBe(false);
    expect(readDocument({ capacityRoutes: [42], nonCapacityRoutes: [] }).ok).toBe(true);
  });

  it('an impossible duration ("99999999999h") drops its route, counted, and never throws', () => {
    const doc = realDocument({
      capacity: [
        route('HSB', 'LNG', '99999999999h', [
          capacityRow({
            time: '3:40 pm',
            sailingStatus: 'future',
            fill: 10,
            carFill: 10,
            vesselName: 'Queen of Surrey',
          }),
          capacityRow({
            time: '1:20 pm',
            arrivalTime: '2:01 pm',
            sailingStatus: 'past',
            vesselName: 'Queen of Surrey',
          }),
        ]),
      ],
    });
    const read = documentSailings(doc, DAY, NOON);
    expect(read.counts.routesDropped).toBe(1);
    expect(read.problems).toContain('HSBLNG: sailingDuration "99999999999h" is not a crossing time');
    expect(read.sailings.some((s) => s.routeId === 'hsb-lng')).toBe(false);
    expect(tsaSwb(read.sailings)).toHaveLength(8);
  });

  it('drops a row whose fill is not a percentage, and reads "01:35" and "1h 35m" alike', () => {
    const doc = realDocument({
      capacity: [
        route('HSB', 'LNG', '40m', [
          // Hand-made: 100 - an "available" figure over 100 (the scraper subtracts without a check).
          capacityRow({
            time: '3:40 pm',
            sailingStatus: 'future',
            fill: -20,
            carFill: 10,
            vesselName: 'Queen of Surrey',
          }),
          capacityRow({
            time: '6:00 pm',
            sailingStatus: 'future',
            fill: 20,
            carFill: 30,
            vesselName: 'Queen of Surrey',
          }),
        ]),
      ],
    });
    const read = documentSailings(doc, DAY, NOON);
    expect(read.counts.rowsDropped).toBe(1);
    expect(read.sailings.filter((s) => s.routeId === 'hsb-lng').map((s) => s.carFill)).toEqual([30]);
    const tsa = tsaSwb(read.sailings);
    expect(byClock(tsa, '12:00 PM')[0]!.scheduledArrival).toBe(new Date('2026-02-21T13:35:00-08:00').toISOString());
  });
});

describe('0 is not a fill, and a cancellation keeps its reason', () => {
  it('takes no fill from a row that has left or is cancelled; a future row shows its figures as they are', () => {
    const doc = realDocument({
      capacity: [
        route('HSB', 'NAN', '1h 40m', [
          // The cancelled branch: scheduled time and vessel from the first cell, the reason from the red block; fills 0.
          capacityRow({
            time: '12:00 pm',
            sailingStatus: 'cancelled',
            vesselName: 'Queen of Cowichan',
            vesselStatus: 'Mechanical difficulty',
          }),
          // A future row at 0 % (hand-picked: an empty early sailing): shown as it is.
          capacityRow({ time: '5:10 pm', sailingStatus: 'future', vesselName: 'Queen of Oak Bay' }),
        ]),
      ],
    });
    const read = documentSailings(doc, DAY, NOON);
    const list = tsaSwb(read.sailings);
    for (const s of list.filter((x) => x.status === 'arrived')) {
      expect(s.fill).toBeUndefined();
      expect(s.carFill).toBeUndefined();
    }
    const cancelled = read.sailings.find((s) => s.routeId === 'hsb-nan' && s.status === 'cancelled')!;
    expect(cancelled).toMatchObject({ statusReason: 'Mechanical difficulty', vesselName: 'Queen of Cowichan' });
    expect(cancelled.carFill).toBeUndefined();
    const future = read.sailings.find((s) => s.routeId === 'hsb-nan' && s.status === 'scheduled')!;
    expect(future).toMatchObject({ fill: 0, carFill: 0, oversizeFill: 0 });
  });
});

describe('the source across polls (a real HTTP answer)', () => {
  let server: http.Server;
  let body = '';
  let url = '';
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps the last known fill, with its own age, of a sailing once it has left; keeps the data through null arrays; reports the counts', async () => {
    let clock = at('08:30');
    const logged: string[] = [];
    const source = createBcFerriesSource({
      baseUrl: url,
      pollMs: 60_000,
      now: () => clock,
      log: { info: (m) => logged.push(`info: ${m}`), warn: (m) => logged.push(`warn: ${m}`) },
    });
    const morning = realDocument();
    // At 8:30 the 9:00 had not left: "9:00 am Coastal Renaissance … 13% Details" (hand-picked figures).
    (morning.capacityRoutes[0] as { sailings: Row[] }).sailings = [
      capacityRow({
        time: '9:00 am',
        sailingStatus: 'future',
        fill: 82,
        carFill: 87,
        oversizeFill: 60,
        vesselName: 'Coastal Renaissance',
      }),
      ...TSASWB_CAPACITY.slice(2),
    ];
    body = JSON.stringify(morning);
    await source.pollOnce();
    const nine = () => byClock(tsaSwb(source.sailings()), '9:00 AM');
    expect(nine()[0]).toMatchObject({ carFill: 87, status: 'scheduled' });

    clock = at('12:00');
    body = JSON.stringify(realDocument());
    await source.pollOnce();
    expect(nine()).toHaveLength(1);
    expect(nine()[0]).toMatchObject({
      status: 'arrived',
      carFill: 87,
      fill: 82,
      observedAt: new Date(at('12:00')).toISOString(),
      fillProvenance: { source: 'bcferries', observedAt: new Date(at('08:30')).toISOString() },
    });
    // The 7:00 was never seen before it left: no fill at all, not 0.
    expect(byClock(tsaSwb(source.sailings()), '7:00 AM')[0]!.carFill).toBeUndefined();
    expect(source.health().lastDocument).toMatchObject({ rowsDropped: 0, routesDropped: 0, routesSkipped: 0 });

    // The API's database fails: null arrays. The last good sailings stay, with their age.
    const good = source.sailings();
    clock = at('12:01');
    body = JSON.stringify({ capacityRoutes: null, nonCapacityRoutes: null });
    await source.pollOnce();
    expect(source.sailings()).toBe(good);
    expect(source.health().outageSince).toBe(at('12:01'));
    expect(logged.at(-1)).toMatch(/^warn: BC Ferries source unavailable \(the source answered no routes \(null\)/);

    // One blank row and an unknown route: counted, the rest used, the outage over.
    clock = at('12:02');
    const withBlank = realDocument({ capacity: [route('SWB', 'SGI', '', [])] });
    (withBlank.capacityRoutes[0] as { sailings: Row[] }).sailings = [...TSASWB_CAPACITY, capacityRow({})];
    body = JSON.stringify(withBlank);
    await source.pollOnce();
    expect(source.health()).toMatchObject({
      lastGoodAt: at('12:02'),
      lastDocument: { rowsDropped: 1, routesDropped: 0, routesSkipped: 1, skippedRoutes: ['SWBSGI'] },
    });
    expect(source.health().outageSince).toBeUndefined();
    expect(tsaSwb(source.sailings())).toHaveLength(8);
    expect(logged.some((l) => l.startsWith('warn: BC Ferries document: 1 row(s) and 0 route(s) dropped'))).toBe(true);

    // The out-of-range duration on the only route: nothing readable, so the last good data is kept.
    clock = at('12:03');
    body = JSON.stringify({
      capacityRoutes: [route('TSA', 'SWB', '99999999999h', TSASWB_CAPACITY)],
      nonCapacityRoutes: [],
    });
    await source.pollOnce();
    expect(tsaSwb(source.sailings())).toHaveLength(8);
    expect(source.health().lastDocument).toMatchObject({ routesDropped: 1 });
  });
});
