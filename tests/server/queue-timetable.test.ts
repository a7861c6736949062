/**
 * The queue position's sailings come from the route's timetable: after the 3:40 pm sailing to
 * Langdale has left, the car in the lane boards the 6:00 pm one, not a time made up from the
 * vessel's turnaround (its next listed departure is from Langdale).
 */
import { describe, expect, it } from 'vitest';

import type { Ferry } from '@/domain/ferry';
import { sailingId, type Sailing } from '@/domain/sailing';

import { upcomingSailings } from '../../server/queue/queue-model';

const at = (iso: string) => Date.parse(iso);
/** 4:05 pm in Vancouver, 26 November 2026. */
const NOW = at('2026-11-27T00:05:00Z');

function sailing(from: string, to: string, departure: string, overrides: Partial<Sailing> = {}): Sailing {
  return {
    id: sailingId('hsb-lng', from, at(departure)),
    routeId: 'hsb-lng',
    from,
    to,
    scheduledDeparture: departure,
    status: 'scheduled',
    carFill: 30,
    vesselId: 'queen-of-coquitlam',
    source: 'bcferries',
    observedAt: '2026-11-27T00:04:00Z',
    ...overrides,
  };
}

const TIMETABLE: Sailing[] = [
  sailing('horseshoe-bay', 'langdale', '2026-11-26T23:40:00Z', { status: 'departed' }),
  sailing('langdale', 'horseshoe-bay', '2026-11-27T00:50:00Z'),
  sailing('horseshoe-bay', 'langdale', '2026-11-27T02:00:00Z'),
  sailing('horseshoe-bay', 'langdale', '2026-11-27T04:10:00Z', { status: 'cancelled' }),
  sailing('horseshoe-bay', 'langdale', '2026-11-27T05:20:00Z'),
];

/** The vessel list after the 3:40 pm left: the vessel's next departure is from Langdale. */
const VESSEL: Ferry = {
  id: 'queen-of-coquitlam',
  name: 'Queen of Coquitlam',
  route: 'Langdale - Horseshoe Bay',
  routeId: 'hsb-lng',
  terminalId: 'langdale',
  departureTime: '2026-11-27T00:50:00Z',
  capacity: 1494,
  currentPassengers: 0,
  currentVehicles: 0,
  vehicleCapacity: 316,
  status: 'en_route',
  speed: 18,
};

describe('the sailings a car in the lane can board', () => {
  it("are the route's timetabled sailings from the terminal still to leave, not cancelled, each with the vessel's whole car deck", () => {
    expect(upcomingSailings([VESSEL], 'horseshoe-bay', 'hsb-lng', NOW, TIMETABLE)).toEqual([
      { ferryId: 'queen-of-coquitlam', departureTime: '2026-11-27T02:00:00Z', spaces: 316 },
      { ferryId: 'queen-of-coquitlam', departureTime: '2026-11-27T05:20:00Z', spaces: 316 },
    ]);
  });

  it('subtract the cars already aboard while the vessel is at the berth for that departure', () => {
    const atBerth: Ferry = {
      ...VESSEL,
      terminalId: 'horseshoe-bay',
      departureTime: '2026-11-27T02:00:00Z',
      status: 'docked',
      currentVehicles: 100,
    };
    expect(upcomingSailings([atBerth], 'horseshoe-bay', 'hsb-lng', NOW, TIMETABLE)[0]).toEqual({
      ferryId: 'queen-of-coquitlam',
      departureTime: '2026-11-27T02:00:00Z',
      spaces: 216,
    });
  });

  it('follow a delay: the expected departure', () => {
    const late = TIMETABLE.map((s) =>
      s.scheduledDeparture === '2026-11-27T02:00:00Z'
        ? { ...s, expectedDeparture: '2026-11-27T02:20:00Z', delayMinutes: 20 }
        : s,
    );
    expect(upcomingSailings([VESSEL], 'horseshoe-bay', 'hsb-lng', NOW, late)[0]?.departureTime).toBe(
      '2026-11-27T02:20:00Z',
    );
  });

  it('without a timetable for the route, fall back to the vessel list and the headway', () => {
    const list = upcomingSailings([{ ...VESSEL, terminalId: 'horseshoe-bay' }], 'horseshoe-bay', 'hsb-lng', NOW, []);
    expect(list[0]).toEqual({ ferryId: 'queen-of-coquitlam', departureTime: '2026-11-27T00:50:00Z', spaces: 316 });
    expect(list.length).toBeGreaterThan(1);
  });
});
