/**
 * The car deck and "will I make it" from a sailing's own figures (src/domain/capacity.ts): a reported
 * fill never stands beside "Space on this sailing is not known yet", and a route whose operator
 * publishes no capacity says so instead of waiting for a figure that cannot come.
 */
import { describe, expect, it } from 'vitest';

import {
  announcedDepartureFill,
  announcedDepartureFillText,
  carDeckOf,
  carDeckText,
  listedSailingsFrom,
  loadIsForAnnouncedDeparture,
  passengerPercent,
  ROUTES_WITHOUT_CAPACITY_DATA,
  WILL_MAKE_IT_TEXT,
  willMakeIt,
} from '@/domain/capacity';

describe('carDeckOf', () => {
  it('reports the percent full when the sailing has a car-deck fill, rounded and kept within 0-100', () => {
    expect(carDeckOf({ routeId: 'hsb-nan', carFill: 100 })).toEqual({ kind: 'reported', percent: 100 });
    expect(carDeckOf({ routeId: 'hsb-nan', carFill: 0 })).toEqual({ kind: 'reported', percent: 0 });
    expect(carDeckOf({ routeId: 'hsb-nan', carFill: 62.6 })).toEqual({ kind: 'reported', percent: 63 });
    expect(carDeckOf({ routeId: 'hsb-snug', carFill: 40 })).toEqual({ kind: 'reported', percent: 40 });
  });

  it('says "not published" on Bowen Island, "not reported" elsewhere, when there is no figure', () => {
    expect(ROUTES_WITHOUT_CAPACITY_DATA.has('hsb-snug')).toBe(true);
    expect(carDeckOf({ routeId: 'hsb-snug' })).toEqual({ kind: 'not-published' });
    expect(carDeckOf({ routeId: 'hsb-nan', carFill: null })).toEqual({ kind: 'not-reported' });
    expect(carDeckText(carDeckOf({ routeId: 'hsb-snug' }))).toBe('Not published for this route');
    expect(carDeckText(carDeckOf({ routeId: 'tsa-swb' }))).toBe('Not reported');
    expect(carDeckText(carDeckOf({ routeId: 'tsa-swb', carFill: 93 }))).toBe('93% full');
  });
});

describe("a vessel list entry's load and the departure it announces", () => {
  it("is that departure's at the berth; while the vessel crosses, or when no source read it, it is not", () => {
    expect(loadIsForAnnouncedDeparture({ status: 'docked' })).toBe(true);
    expect(loadIsForAnnouncedDeparture({ status: 'delayed' })).toBe(true);
    expect(loadIsForAnnouncedDeparture({ status: 'en_route' })).toBe(false);
    expect(loadIsForAnnouncedDeparture({ status: 'docked', loadReported: false })).toBe(false);
  });

  it('counts the spaces left from the load at the berth, and the whole deck for a vessel on its way in', () => {
    const entry = (id: string, status: string) => ({
      id,
      status,
      terminalId: 'horseshoe-bay',
      departureTime: '2026-11-27T01:00:00Z',
      vehicleCapacity: 300,
      currentVehicles: 250,
    });
    const now = Date.parse('2026-11-27T00:00:00Z');
    const spaces = listedSailingsFrom(
      [entry('at-berth', 'docked'), entry('on-the-way', 'en_route')],
      'horseshoe-bay',
      now,
    );
    expect(spaces.map((s) => [s.ferryId, s.spaces])).toEqual([
      ['at-berth', 50],
      ['on-the-way', 300],
    ]);
  });

  const vessel = {
    capacity: 1000,
    vehicleCapacity: 300,
    currentPassengers: 900,
    currentVehicles: 270,
  };

  it("shows the berth's counts as the departure's fill, and nothing when no source read them", () => {
    expect(announcedDepartureFill({ ...vessel, status: 'docked' })).toEqual({ carDeck: 90, passengers: 90 });
    expect(announcedDepartureFill({ ...vessel, status: 'delayed' })).toEqual({ carDeck: 90, passengers: 90 });
    expect(announcedDepartureFill({ ...vessel, status: 'docked', loadReported: false })).toBeNull();
  });

  it('takes the load the source published for the departure over the counts aboard, at the berth too', () => {
    const published = { passengers: 500, vehicles: 150 };
    expect(announcedDepartureFill({ ...vessel, status: 'docked', departureLoad: published })).toEqual({
      carDeck: 50,
      passengers: 50,
    });
  });

  it("never shows the crossing under way as the departure's fill: its own reported load, or none", () => {
    expect(announcedDepartureFill({ ...vessel, status: 'en_route' })).toBeNull();
    expect(
      announcedDepartureFill({ ...vessel, status: 'en_route', departureLoad: { passengers: 150, vehicles: 60 } }),
    ).toEqual({ carDeck: 20, passengers: 15 });
    expect(announcedDepartureFillText({ ...vessel, status: 'en_route' })).toBe('car deck and passengers not reported');
    expect(
      announcedDepartureFillText({ ...vessel, status: 'en_route', departureLoad: { passengers: 0, vehicles: 0 } }),
    ).toBe('car deck 0% full, passengers 0%');
  });
});

describe('passengerPercent (rider-core §9)', () => {
  it('is the rounded ratio of passengers to capacity', () => {
    expect(passengerPercent({ currentPassengers: 1000, capacity: 1494 })).toBe(67);
    expect(passengerPercent({ currentPassengers: 1, capacity: 200 })).toBe(1);
    expect(passengerPercent({ currentPassengers: 1494, capacity: 1494 })).toBe(100);
  });
  it('is 0 for a vessel with no stated capacity', () => {
    expect(passengerPercent({ currentPassengers: 10, capacity: 0 })).toBe(0);
  });
});

describe('willMakeIt decides from the sailing figures', () => {
  const full = carDeckOf({ routeId: 'hsb-nan', carFill: 100 });
  const space = carDeckOf({ routeId: 'hsb-nan', carFill: 70 });

  it('a full car deck is full, even when no sailing waits are known', () => {
    expect(willMakeIt({ ferryId: 's', carDeck: full })).toBe('full');
    expect(willMakeIt({ ferryId: 's', carDeck: full, sailingWaits: 0 })).toBe('full');
    expect(WILL_MAKE_IT_TEXT.full).toBe('The car deck is full: expect the next sailing');
  });

  it('a reported fill with space and no waits says there was space, never "not known yet"', () => {
    expect(willMakeIt({ ferryId: 's', carDeck: space })).toBe('space');
    expect(WILL_MAKE_IT_TEXT.space).toBe('The car deck had space at the last report');
    for (const carFill of [0, 50, 99]) {
      expect(willMakeIt({ ferryId: 's', carDeck: carDeckOf({ routeId: 'tsa-swb', carFill }) })).not.toBe('unknown');
    }
  });

  it('the sailing waits still decide when known and the deck is not full', () => {
    expect(willMakeIt({ ferryId: 's', carDeck: space, sailingWaits: 0 })).toBe('yes');
    expect(willMakeIt({ ferryId: 's', carDeck: space, sailingWaits: 1 })).toBe('next');
    expect(willMakeIt({ ferryId: 's', carDeck: space, sailingWaits: 3 })).toBe('later');
  });

  it("the rider's own boarding estimate and a closed check-in come first", () => {
    expect(willMakeIt({ ferryId: 's', boardingFerryId: 's', carDeck: full })).toBe('yes');
    expect(willMakeIt({ ferryId: 's', checkInClosed: true, carDeck: full })).toBe('closed');
  });

  it('a route without capacity data says it is not published; only a sailing with no figure at all is "not known yet"', () => {
    expect(willMakeIt({ ferryId: 's', carDeck: carDeckOf({ routeId: 'hsb-snug' }) })).toBe('not-published');
    expect(WILL_MAKE_IT_TEXT['not-published']).toBe('BC Ferries does not publish space on this route');
    expect(willMakeIt({ ferryId: 's', carDeck: carDeckOf({ routeId: 'hsb-nan' }) })).toBe('unknown');
    expect(willMakeIt({ ferryId: 's' })).toBe('unknown');
    expect(WILL_MAKE_IT_TEXT.unknown).toBe('Space on this sailing is not known yet');
  });
});
