/**
 * Deckhand's reading of the documents generated from the real BC Ferries pages by the port of the
 * real scraper (tests/fixtures/bcferries/README.md): Tsawwassen - Swartz Bay on Sunday 22 February
 * 2026 at 10:35 am, the real 2022 page the rules no longer fit, a cancelled row, an impossible
 * duration and null arrays.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { sailingListSchema, type Sailing } from '@/domain/sailing';
import { formatClock } from '@/domain/time';

import { documentSailings, readDocument } from '../../server/feed/sources/bcferries-document';

const DIR = path.join(__dirname, '../fixtures/bcferries');
const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(DIR, `${name}.json`), 'utf8'));
/** recorded.json: captured at 10:35 am on 22 Feb 2026 (the page's "Last updated"). */
const DAY = { year: 2026, month: 2, day: 22 };
const CAPTURED = Date.parse('2026-02-22T10:35:00-08:00');

function read(name: string) {
  const reading = readDocument(fixture(name));
  if (!reading.ok) throw new Error(reading.problem);
  return documentSailings(reading.document, DAY, CAPTURED);
}
const tsaSwb = (sailings: readonly Sailing[]) =>
  sailings.filter((s) => s.routeId === 'tsa-swb' && s.from === 'tsawwassen');
const clocks = (sailings: readonly Sailing[]) => sailings.map((s) => formatClock(s.scheduledDeparture));

describe('the real Tsawwassen - Swartz Bay document (real-tsa-swb.json)', () => {
  it('gives one sailing per departure from both arrays: the 9:00 am once, left at 9:04, 4 min late', () => {
    const { sailings, counts } = read('real-tsa-swb');
    expect(sailingListSchema.parse(sailings)).toEqual(sailings);
    expect(counts).toEqual({ rowsDropped: 0, routesDropped: 0, routesSkipped: 0 });
    const list = tsaSwb(sailings);
    expect(clocks(list)).toEqual([
      '7:00 AM',
      '9:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
      '5:00 PM',
      '6:00 PM',
      '7:00 PM',
      '9:00 PM',
      '7:00 AM',
      '9:00 AM',
      '11:00 AM',
    ]);
    const nine = list[1]!;
    expect(nine).toMatchObject({
      status: 'arrived',
      delayMinutes: 4,
      vesselName: 'Coastal Renaissance',
      expectedDeparture: new Date('2026-02-22T09:04:00-08:00').toISOString(),
      expectedArrival: new Date('2026-02-22T10:29:00-08:00').toISOString(),
    });
    // Its row's 0 % is not a fill: none is shown.
    expect(nine.carFill).toBeUndefined();
    expect(list[0]).toMatchObject({ status: 'arrived', delayMinutes: 0 });
    // The next sailing, the 11:00 am Full, keeps its figures and vessel.
    expect(list[2]).toMatchObject({
      status: 'scheduled',
      fill: 100,
      carFill: 100,
      vesselName: 'Spirit of British Columbia',
    });
    // The other direction comes from the timetable alone (Swartz Bay's daily page): times, no vessel, no fill.
    const back = sailings.filter((s) => s.from === 'swartz-bay');
    expect(back).toHaveLength(10);
    expect(back.every((s) => s.vesselName === undefined && s.carFill === undefined)).toBe(true);
    expect(back[0]!.scheduledArrival).toBe(new Date('2026-02-22T08:35:00-08:00').toISOString());
  });
});

describe("the real 2022 page's rows (real-2022-layout.json): rows the rules cannot read", () => {
  it('drops and counts them, the blank row among them, without refusing the document', () => {
    const reading = readDocument(fixture('real-2022-layout'));
    expect(reading.ok).toBe(true);
    const { counts, sailings, problems } = read('real-2022-layout');
    expect(counts.rowsDropped).toBe(17);
    expect(problems[0]).toMatch(/^TSASWB row 0: time "" is not a clock time$/);
    expect(tsaSwb(sailings)).toEqual([]);
  });
});

describe('a cancelled sailing (hand-made-cancelled.json)', () => {
  it('keeps its scheduled time, vessel and reason, and no 0 % fill', () => {
    const cancelled = tsaSwb(read('hand-made-cancelled').sailings).find((s) => s.status === 'cancelled')!;
    expect(cancelled).toMatchObject({
      scheduledDeparture: new Date('2026-02-22T11:00:00-08:00').toISOString(),
      vesselName: 'Spirit of British Columbia',
      statusReason: 'Mechanical difficulty',
    });
    expect(cancelled.carFill).toBeUndefined();
    expect(cancelled.fill).toBeUndefined();
  });
});

describe('an impossible duration (hand-made-out-of-range-duration.json)', () => {
  it('drops the capacity route, counted, and reads the rest; it never throws', () => {
    const { counts, sailings, problems } = read('hand-made-out-of-range-duration');
    expect(counts).toEqual({ rowsDropped: 0, routesDropped: 1, routesSkipped: 0 });
    expect(problems).toEqual(['TSASWB: sailingDuration "99999999999h" is not a crossing time']);
    // The timetable still gives the day's departures (no vessel, no fill).
    expect(tsaSwb(sailings)).toHaveLength(12);
  });
});

describe('null arrays (hand-made-null-arrays.json)', () => {
  it('are an outage, not an empty day', () => {
    expect(readDocument(fixture('hand-made-null-arrays'))).toEqual({
      ok: false,
      problem: 'the source answered no routes (null): its database did not answer',
    });
  });
});
