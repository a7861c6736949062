/**
 * The vessel list derived from a real source's sailings (server/feed/ferries-from-sailings.ts): while
 * a vessel crosses, its counts are the crossing under way's, and the departure it announces carries
 * its own reported fill, so no screen shows one sailing's load as another's.
 */
import { describe, expect, it } from 'vitest';

import { announcedDepartureFill } from '@/domain/capacity';
import type { Sailing } from '@/domain/sailing';

import { ferriesFromSailings } from '../../server/feed/ferries-from-sailings';

const NOW = Date.parse('2026-11-27T20:00:00Z');
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Coastal Renaissance: 1,604 passengers, 310 vehicles (server/feed/fleet-table.ts). */
function sailing(from: string, to: string, departsMs: number, extra: Partial<Sailing>): Sailing {
  return {
    id: `tsa-swb:${from}:${iso(departsMs)}`,
    routeId: 'tsa-swb',
    from,
    to,
    scheduledDeparture: iso(departsMs),
    scheduledArrival: iso(departsMs + 95 * MINUTE),
    status: 'scheduled',
    vesselName: 'Coastal Renaissance',
    source: 'bcferries',
    observedAt: iso(NOW - 2 * MINUTE),
    ...extra,
  };
}

const underWay = sailing('tsawwassen', 'swartz-bay', NOW - 30 * MINUTE, { status: 'departed', fill: 80, carFill: 90 });

describe('a real source vessel list while the vessel crosses', () => {
  it("keeps the crossing's load as the vessel's, and gives the announced departure its own fill", () => {
    const next = sailing('swartz-bay', 'tsawwassen', NOW + 90 * MINUTE, { fill: 20, carFill: 30 });
    const [ferry] = ferriesFromSailings([underWay, next], [], NOW);
    expect(ferry).toMatchObject({
      status: 'en_route',
      terminalId: 'swartz-bay',
      departureTime: next.scheduledDeparture,
      currentVehicles: 279,
      currentPassengers: 1283,
      departureLoad: { vehicles: 93, passengers: 321 },
    });
    expect(announcedDepartureFill(ferry!)).toEqual({ carDeck: 30, passengers: 20 });
  });

  it('says nothing of the departure when the source reported no fill for it', () => {
    const next = sailing('swartz-bay', 'tsawwassen', NOW + 90 * MINUTE, {});
    const [ferry] = ferriesFromSailings([underWay, next], [], NOW);
    expect(ferry?.status).toBe('en_route');
    expect(ferry?.departureLoad).toBeUndefined();
    expect(announcedDepartureFill(ferry!)).toBeNull();
  });

  it("at the berth, the counts are the departure's own", () => {
    const next = sailing('swartz-bay', 'tsawwassen', NOW + 30 * MINUTE, { status: 'boarding', fill: 20, carFill: 30 });
    const [ferry] = ferriesFromSailings([next], [], NOW);
    expect(ferry?.status).toBe('docked');
    expect(ferry?.departureLoad).toBeUndefined();
    expect(announcedDepartureFill(ferry!)).toEqual({ carDeck: 30, passengers: 20 });
  });
});
