import { describe, expect, it } from 'vitest';

import type { Sailing } from '@/domain/sailing';
import { sailingFromPosition } from '@/domain/sailing-from-positions';
import { terminalById } from '@/domain/terminals';
import type { VesselPosition } from '@/domain/vessel-position';

const MINUTE = 60_000;
const DEPART = Date.parse('2026-07-10T15:40:00-07:00');
const hsb = terminalById('horseshoe-bay')!;
const lng = terminalById('langdale')!;
const terminals = { from: hsb, to: lng };

const sailing: Sailing = {
  id: 'hsb-lng:horseshoe-bay:x',
  routeId: 'hsb-lng',
  from: 'horseshoe-bay',
  to: 'langdale',
  scheduledDeparture: new Date(DEPART).toISOString(),
  scheduledArrival: new Date(DEPART + 40 * MINUTE).toISOString(),
  status: 'scheduled',
  vesselId: 'queen-of-coquitlam',
  vesselName: 'Queen of Coquitlam',
  source: 'bcferries',
  observedAt: new Date(DEPART - 10 * MINUTE).toISOString(),
};

function at(ms: number, where: { lat: number; lng: number }, speedKnots: number): VesselPosition {
  return {
    vesselId: 'queen-of-coquitlam',
    name: 'Queen of Coquitlam',
    ...where,
    speedKnots,
    source: 'ais',
    observedAt: new Date(ms).toISOString(),
  };
}
const between = (f: number) => ({ lat: hsb.lat + (lng.lat - hsb.lat) * f, lng: hsb.lng + (lng.lng - hsb.lng) * f });

describe("a sailing seen through its vessel's AIS positions", () => {
  it('is not yet late while the vessel waits at the berth before its time', () => {
    const { sailing: s } = sailingFromPosition(
      sailing,
      at(DEPART - 5 * MINUTE, hsb, 0),
      terminals,
      DEPART - 5 * MINUTE,
    );
    expect(s).toEqual(sailing);
  });

  it('is late by the minutes the vessel has stayed at the berth past its time', () => {
    const now = DEPART + 12 * MINUTE;
    const { sailing: s, leftAtMs } = sailingFromPosition(sailing, at(now, hsb, 0.2), terminals, now);
    expect(leftAtMs).toBeUndefined();
    expect(s.status).toBe('scheduled');
    expect(s.delayMinutes).toBe(12);
    expect(s.expectedDeparture).toBe(new Date(DEPART + 12 * MINUTE).toISOString());
    expect(s.delayProvenance).toEqual({ source: 'ais', observedAt: new Date(now).toISOString() });
  });

  it('has left once the vessel is away from the berth and moving, with its real delay', () => {
    const now = DEPART + 14 * MINUTE;
    const { sailing: s, leftAtMs } = sailingFromPosition(sailing, at(now, between(0.1), 16), terminals, now);
    expect(leftAtMs).toBe(now);
    expect(s.status).toBe('departed');
    expect(s.delayMinutes).toBe(14);
  });

  it('keeps the moment it left and gives the ETA from the remaining distance and the speed', () => {
    const left = DEPART + 2 * MINUTE;
    const now = DEPART + 20 * MINUTE;
    const { sailing: s } = sailingFromPosition(sailing, at(now, between(0.5), 15), terminals, now, left);
    expect(s.delayMinutes).toBe(2);
    // Half of ~15 km straight line left at 15 knots (27.8 km/h): about 16 minutes.
    const eta = (Date.parse(s.expectedArrival!) - now) / MINUTE;
    expect(eta).toBeGreaterThan(13);
    expect(eta).toBeLessThan(19);
    expect(s.arrivalProvenance?.source).toBe('ais');
  });

  it('has arrived once the vessel is still at the far berth', () => {
    const now = DEPART + 45 * MINUTE;
    const { sailing: s } = sailingFromPosition(
      { ...sailing, status: 'departed' },
      at(now, lng, 0),
      terminals,
      now,
      DEPART,
    );
    expect(s.status).toBe('arrived');
    expect(s.expectedArrival).toBe(new Date(now).toISOString());
  });

  it('learns nothing from a position older than ten minutes, or for a cancelled sailing', () => {
    const now = DEPART + 30 * MINUTE;
    expect(sailingFromPosition(sailing, at(now - 11 * MINUTE, hsb, 0), terminals, now).sailing).toEqual(sailing);
    const cancelled = { ...sailing, status: 'cancelled' as const };
    expect(sailingFromPosition(cancelled, at(now, between(0.5), 15), terminals, now).sailing).toEqual(cancelled);
  });
});
