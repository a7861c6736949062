import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { POSITION_STALE_MS, positionIsStale, vesselPositionSchema } from '@/domain/vessel-position';

const NOW = Date.parse('2026-07-10T16:00:00-07:00');
const observed = (msAgo: number) => ({ observedAt: new Date(NOW - msAgo).toISOString() });

describe('vessel positions (rider-core §2 Live Tracker; docs/feed.md: a silent vessel is "position unknown since …")', () => {
  it('shows a position up to 10 minutes old, and no older', () => {
    expect(POSITION_STALE_MS).toBe(10 * 60_000);
    expect(positionIsStale(observed(0), NOW)).toBe(false);
    expect(positionIsStale(observed(POSITION_STALE_MS), NOW)).toBe(false);
    expect(positionIsStale(observed(POSITION_STALE_MS + 1), NOW)).toBe(true);
  });

  it('treats a position it cannot date as stale', () => {
    expect(positionIsStale({ observedAt: 'yesterday' }, NOW)).toBe(true);
    expect(positionIsStale({ observedAt: '' }, NOW)).toBe(true);
  });

  it('shows a position stamped slightly ahead of this clock', () => {
    expect(positionIsStale(observed(-30_000), NOW)).toBe(false);
  });

  const position = {
    vesselId: 'queen-of-coquitlam',
    name: 'Queen of Coquitlam',
    mmsi: 316001234,
    lat: 49.37,
    lng: -123.27,
    speedKnots: 18.4,
    courseDeg: 272,
    navStatus: 0,
    source: 'ais',
    observedAt: new Date(NOW).toISOString(),
  };
  const accepts = (patch: Record<string, unknown>) =>
    z.safeParse(vesselPositionSchema, { ...position, ...patch }).success;

  it('accepts a position from AIS or the simulator, with speed and course only when reported', () => {
    expect(accepts({})).toBe(true);
    expect(accepts({ source: 'simulator', speedKnots: undefined, courseDeg: undefined, mmsi: undefined })).toBe(true);
  });

  it('refuses a negative speed, a source it does not know and a fractional status code', () => {
    expect(accepts({ speedKnots: -1 })).toBe(false);
    expect(accepts({ source: 'radar' })).toBe(false);
    expect(accepts({ navStatus: 0.5 })).toBe(false);
  });
});
