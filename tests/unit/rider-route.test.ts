import { describe, expect, it } from 'vitest';

import type { Ferry } from '@/domain/ferry';
import {
  boardingStartProvenance,
  riderNextSailing,
  riderRoute,
  riderSailingNow,
  routeSailingsAhead,
  routesServing,
} from '@/domain/rider-route';
import type { Sailing } from '@/domain/sailing';

import { sailingMaker } from '../kit/sailing';

const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-11-26T23:45:00Z');

const sailing = sailingMaker({ observedAt: '2026-11-26T23:44:00Z', carFill: 40, source: 'simulator' });

const TIMETABLE: Sailing[] = [
  sailing('hsb-lng', 'horseshoe-bay', 'langdale', '2026-11-26T23:40:00Z', { status: 'departed' }),
  sailing('hsb-lng', 'langdale', 'horseshoe-bay', '2026-11-27T00:50:00Z'),
  sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', '2026-11-27T00:30:00Z'),
  sailing('hsb-lng', 'horseshoe-bay', 'langdale', '2026-11-27T02:00:00Z'),
  sailing('hsb-lng', 'horseshoe-bay', 'langdale', '2026-11-27T04:10:00Z'),
];

/** The vessel list's one entry for Horseshoe Bay - Langdale (a deck of 100 cars), leaving at 00:10 UTC. */
const langdaleVessel = (overrides: Partial<Ferry>): Ferry =>
  ({
    id: 'v',
    route: 'Horseshoe Bay - Langdale',
    name: 'Queen of Coquitlam',
    terminalId: 'horseshoe-bay',
    routeId: 'hsb-lng',
    departureTime: '2026-11-27T00:10:00Z',
    vehicleCapacity: 100,
    ...overrides,
  }) as Ferry;

describe("the rider's route", () => {
  it('lists the routes serving a terminal, the first one the default', () => {
    expect(routesServing('horseshoe-bay').map((r) => r.id)).toEqual(['hsb-nan', 'hsb-lng', 'hsb-snug']);
    expect(riderRoute('horseshoe-bay', undefined)).toMatchObject({
      routeId: 'hsb-nan',
      destinationId: 'departure-bay',
      source: 'default',
    });
  });

  it('keeps the destination the rider chose, and names the route in the direction of travel', () => {
    expect(riderRoute('horseshoe-bay', 'hsb-lng')).toMatchObject({
      routeId: 'hsb-lng',
      name: 'Horseshoe Bay - Langdale',
      source: 'chosen',
    });
    expect(riderRoute('departure-bay', 'hsb-nan')?.name).toBe('Departure Bay - Horseshoe Bay');
  });

  it("ignores a pick that does not serve the rider's terminal", () => {
    expect(riderRoute('tsawwassen', 'hsb-lng')).toMatchObject({ routeId: 'tsa-swb', source: 'default' });
  });
});

describe("the route's next sailings", () => {
  const route = { terminalId: 'horseshoe-bay', routeId: 'hsb-lng' };

  it('after the 3:40 pm sailing left, the next is the 6:00 pm to Langdale, not a Departure Bay or Langdale-side sailing', () => {
    const list = routeSailingsAhead({ sailings: TIMETABLE, ferries: [], route, now: NOW });
    expect(list.map((s) => s.departureTime)).toEqual(['2026-11-27T02:00:00Z', '2026-11-27T04:10:00Z']);
    expect(riderNextSailing(list)?.route).toBe('Horseshoe Bay - Langdale');
    expect(list[0]?.provenance).toEqual({ source: 'simulator', observedAt: '2026-11-26T23:44:00Z' });
  });

  it('orders by the expected departure and treats a sailing more than a minute past it as gone', () => {
    const late = sailing('hsb-lng', 'horseshoe-bay', 'langdale', '2026-11-26T23:30:00Z', {
      expectedDeparture: '2026-11-26T23:50:00Z',
      delayMinutes: 20,
    });
    const gone = sailing('hsb-lng', 'horseshoe-bay', 'langdale', '2026-11-26T23:43:00Z');
    const list = routeSailingsAhead({ sailings: [...TIMETABLE, late, gone], ferries: [], route, now: NOW });
    expect(list[0]?.id).toBe(late.id);
    expect(list[0]?.departureTime).toBe('2026-11-26T23:50:00Z');
    expect(list.some((s) => s.id === gone.id)).toBe(false);
  });

  it('lists a cancelled sailing but never makes it the next one', () => {
    const cancelled = TIMETABLE.map((s) =>
      s.scheduledDeparture === '2026-11-27T02:00:00Z' && s.from === 'horseshoe-bay'
        ? { ...s, status: 'cancelled' as const }
        : s,
    );
    const list = routeSailingsAhead({ sailings: cancelled, ferries: [], route, now: NOW });
    expect(list).toHaveLength(2);
    expect(riderNextSailing(list)?.departureTime).toBe('2026-11-27T04:10:00Z');
  });

  it("keeps the queue position's sailing when it is on the route (by its departure, else by the vessel list's id)", () => {
    const ferry = {
      id: 'queen-of-coquitlam',
      terminalId: 'horseshoe-bay',
      routeId: 'hsb-lng',
      departureTime: '2026-11-27T04:10:00Z',
      scheduledDepartureTime: '2026-11-27T04:10:00Z',
    } as Ferry;
    const list = routeSailingsAhead({ sailings: TIMETABLE, ferries: [ferry], route, now: NOW });
    expect(riderNextSailing(list, { ferryId: 'queen-of-coquitlam' })?.departureTime).toBe('2026-11-27T04:10:00Z');
    expect(riderNextSailing(list, { ferryId: 'unknown-vessel' })?.departureTime).toBe('2026-11-27T02:00:00Z');
    expect(
      riderNextSailing(list, { ferryId: 'queen-of-coquitlam', sailingDepartureTime: '2026-11-27T04:10:00Z' })
        ?.departureTime,
    ).toBe('2026-11-27T04:10:00Z');
    // A departure the route does not list (another route's lane): the route's next sailing.
    expect(
      riderNextSailing(list, { ferryId: 'queen-of-coquitlam', sailingDepartureTime: '2026-11-27T03:00:00Z' })
        ?.departureTime,
    ).toBe('2026-11-27T02:00:00Z');
  });

  it('with a timetable on the device, a route without sailings has none (the vessel list does not stand in)', () => {
    const ferry = {
      id: 'v',
      terminalId: 'horseshoe-bay',
      routeId: 'hsb-snug',
      departureTime: '2026-11-27T00:10:00Z',
      currentVehicles: 1,
      vehicleCapacity: 2,
    } as Ferry;
    expect(
      routeSailingsAhead({
        sailings: [],
        timetable: true,
        ferries: [ferry],
        route: { terminalId: 'horseshoe-bay', routeId: 'hsb-snug' },
        now: NOW,
      }),
    ).toEqual([]);
  });

  it('before any timetable, the vessel list stands in, its figures modelled (no source)', () => {
    const ferry = langdaleVessel({ currentVehicles: 50 });
    const [only] = routeSailingsAhead({ sailings: [], ferries: [ferry], route, now: NOW });
    expect(only).toMatchObject({ id: 'v', carFill: 50, provenance: null, status: null, ferry });
  });

  it("before any timetable, a vessel crossing towards the terminal stands in with its departure's own fill, never the crossing's", () => {
    const ferry = langdaleVessel({ status: 'en_route', currentVehicles: 90 });
    const ask = (f: Ferry) => routeSailingsAhead({ sailings: [], ferries: [f], route, now: NOW })[0];
    // No load reported for the departure: no fill at all (the 90 cars aboard are another crossing's).
    expect(ask(ferry)).toMatchObject({ id: 'v', departureTime: '2026-11-27T00:10:00Z' });
    expect(ask(ferry)?.carFill).toBeUndefined();
    expect(ask({ ...ferry, departureLoad: { passengers: 0, vehicles: 30 } })?.carFill).toBe(30);
    expect(ask({ ...ferry, status: 'docked' })?.carFill).toBe(90);
  });

  it('asked again with the same stored lists later, drops what has left since; a new list gives its own answer', () => {
    const ferries: Ferry[] = [];
    const ask = (sailings: readonly Sailing[], now: number) =>
      routeSailingsAhead({ sailings, ferries, route, now }).map((s) => s.departureTime);
    expect(ask(TIMETABLE, NOW)).toEqual(['2026-11-27T02:00:00Z', '2026-11-27T04:10:00Z']);
    expect(ask(TIMETABLE, at('2026-11-27T02:05:00Z'))).toEqual(['2026-11-27T04:10:00Z']);
    expect(ask(TIMETABLE, NOW)).toEqual(['2026-11-27T02:00:00Z', '2026-11-27T04:10:00Z']);
    const delayed = TIMETABLE.map((s) =>
      s.scheduledDeparture === '2026-11-27T02:00:00Z' ? { ...s, expectedDeparture: '2026-11-27T05:00:00Z' } : s,
    );
    expect(ask(delayed, NOW)).toEqual(['2026-11-27T04:10:00Z', '2026-11-27T05:00:00Z']);
  });

  it("with only a vessel list, falls back to the terminal's other routes once none of its own is ahead", () => {
    const vessel = (id: string, routeId: string, departureTime: string) =>
      ({ id, route: id, name: id, terminalId: 'horseshoe-bay', routeId, departureTime }) as Ferry;
    const ferries = [
      vessel('lng', 'hsb-lng', '2026-11-27T00:10:00Z'),
      vessel('nan', 'hsb-nan', '2026-11-27T01:10:00Z'),
    ];
    const ask = (now: number) => routeSailingsAhead({ sailings: [], ferries, route, now }).map((s) => s.id);
    expect(ask(NOW)).toEqual(['lng']);
    expect(ask(at('2026-11-27T00:30:00Z'))).toEqual(['nan']);
  });
});

describe("the rider's sailing: one answer for Next Ferry, the queue card and away mode", () => {
  const route = { terminalId: 'horseshoe-bay', routeId: 'hsb-lng' };
  const MIN = 60_000;

  it('after the 3:40 pm sailing left: the 6:00 pm to Langdale, boarding 40 min before it when nothing says otherwise', () => {
    const rider = riderSailingNow({ sailings: TIMETABLE, ferries: [], route, now: NOW });
    expect(rider?.sailing.departureTime).toBe('2026-11-27T02:00:00Z');
    expect(rider?.sailing.route).toBe('Horseshoe Bay - Langdale');
    expect(rider?.boardingStart).toBe(at('2026-11-27T02:00:00Z') - 40 * MIN);
    expect(rider?.boardsWithPosition).toBe(false);
  });

  it("takes the boarding start from the vessel list's entry for the same departure, and names its vessel", () => {
    const ferry = {
      id: 'queen-of-coquitlam',
      terminalId: 'horseshoe-bay',
      routeId: 'hsb-lng',
      departureTime: '2026-11-27T02:00:00Z',
      boardingStartTime: '2026-11-27T01:25:00Z',
    } as Ferry;
    const rider = riderSailingNow({ sailings: TIMETABLE, ferries: [ferry], route, now: NOW });
    expect(rider?.boardingStart).toBe(at('2026-11-27T01:25:00Z'));
    expect(rider?.sailing.vesselId).toBe('queen-of-coquitlam');
  });

  it("follows the queue position's sailing while the position holds, and drops it once that sailing has left", () => {
    const position = {
      ferryId: 'queen-of-coquitlam',
      sailingDepartureTime: '2026-11-27T04:10:00Z',
      lastUpdated: new Date(NOW - MIN).toISOString(),
    };
    const held = riderSailingNow({ sailings: TIMETABLE, ferries: [], route, position, now: NOW });
    expect(held?.sailing.departureTime).toBe('2026-11-27T04:10:00Z');
    expect(held?.boardsWithPosition).toBe(true);
    const afterIt = at('2026-11-27T04:11:00Z');
    const later = sailing('hsb-lng', 'horseshoe-bay', 'langdale', '2026-11-27T06:20:00Z');
    const gone = riderSailingNow({ sailings: [...TIMETABLE, later], ferries: [], route, position, now: afterIt });
    expect(gone?.sailing.id).toBe(later.id);
    expect(gone?.boardsWithPosition).toBe(false);
  });

  it('matches a delayed sailing by its expected departure', () => {
    const delayed = TIMETABLE.map((s) =>
      s.scheduledDeparture === '2026-11-27T04:10:00Z' && s.from === 'horseshoe-bay'
        ? { ...s, delayMinutes: 15, expectedDeparture: '2026-11-27T04:25:00Z' }
        : s,
    );
    const position = { sailingDepartureTime: '2026-11-27T04:25:00Z', lastUpdated: new Date(NOW).toISOString() };
    expect(riderSailingNow({ sailings: delayed, ferries: [], route, position, now: NOW })?.sailing.departureTime).toBe(
      '2026-11-27T04:25:00Z',
    );
  });

  it('is null when the route lists no sailing ahead', () => {
    expect(
      riderSailingNow({
        sailings: TIMETABLE,
        ferries: [],
        route: { terminalId: 'horseshoe-bay', routeId: 'hsb-snug' },
        now: NOW,
      }),
    ).toBeNull();
  });
});

describe('where a boarding start comes from', () => {
  const observedAt = '2026-11-26T23:44:30Z';
  const entry = { boardingStartTime: '2026-11-27T00:20:00Z', observedAt } as Ferry;
  it("is the simulator's own when the simulated vessel list carries one (labelled simulated)", () => {
    expect(boardingStartProvenance({ ferry: { ...entry, source: 'simulator' } })).toEqual({
      source: 'simulator',
      observedAt,
    });
  });
  it('is modelled (estimated) under a real source, which publishes none, and without a vessel list entry', () => {
    expect(boardingStartProvenance({ ferry: { ...entry, source: 'bcferries' } })).toBeNull();
    expect(boardingStartProvenance({ ferry: null })).toBeNull();
  });
});
