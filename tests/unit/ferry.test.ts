import { describe, expect, it } from 'vitest';

import { ferrySchema, ferryStatusTone, minutesUntilDeparture } from '@/domain/ferry';

const NOW = Date.parse('2026-11-22T18:00:00Z');

describe('minutesUntilDeparture (the one countdown)', () => {
  it('counts whole minutes still to go, rounded up as a timer shows them', () => {
    expect(minutesUntilDeparture({ departureTime: '2026-11-22T18:12:59Z' }, NOW)).toBe(13);
    expect(minutesUntilDeparture({ departureTime: '2026-11-22T18:00:59Z' }, NOW)).toBe(1);
  });
  it('is zero once departure time has come (the card then says "Now boarding")', () => {
    expect(minutesUntilDeparture({ departureTime: '2026-11-22T18:00:00Z' }, NOW)).toBe(0);
    expect(minutesUntilDeparture({ departureTime: '2026-11-22T17:55:00Z' }, NOW)).toBe(0);
  });
  it('treats an unparseable time as departing now', () => {
    expect(minutesUntilDeparture({ departureTime: 'soon' }, NOW)).toBe(0);
  });
});

describe('ferryStatusTone', () => {
  it('keeps the two known states and flags anything else as destructive', () => {
    expect(ferryStatusTone('docked')).toBe('docked');
    expect(ferryStatusTone('en_route')).toBe('en_route');
    expect(ferryStatusTone('delayed')).toBe('destructive');
    expect(ferryStatusTone('')).toBe('destructive');
  });
});

describe('ferrySchema', () => {
  const ferry = {
    id: 'queen-of-oak-bay',
    name: 'Queen of Oak Bay',
    route: 'Horseshoe Bay - Departure Bay',
    departureTime: '2026-11-22T18:20:00Z',
    capacity: 1494,
    currentPassengers: 600,
    currentVehicles: 200,
    vehicleCapacity: 321,
    status: 'docked',
    speed: 0,
  };
  it('accepts the spec shape, with or without Deckhand extensions', () => {
    expect(ferrySchema.parse(ferry)).toEqual(ferry);
    expect(ferrySchema.parse({ ...ferry, routeId: 'hsb-nan', terminalId: 'horseshoe-bay' }).terminalId).toBe(
      'horseshoe-bay',
    );
  });
  it('rejects negative counts and missing fields', () => {
    expect(ferrySchema.safeParse({ ...ferry, currentVehicles: -1 }).success).toBe(false);
    const { name: _name, ...withoutName } = ferry;
    expect(ferrySchema.safeParse(withoutName).success).toBe(false);
  });
});
