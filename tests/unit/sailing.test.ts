import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { FIGURE_SOURCES, sailingId, sailingSchema } from '@/domain/sailing';

const DEPARTS = Date.parse('2026-07-10T16:20:00-07:00');
const sailing = {
  id: sailingId('hsb-lng', 'horseshoe-bay', DEPARTS),
  routeId: 'hsb-lng',
  from: 'horseshoe-bay',
  to: 'langdale',
  scheduledDeparture: new Date(DEPARTS).toISOString(),
  status: 'scheduled',
  source: 'bcferries',
  observedAt: '2026-07-10T23:00:00.000Z',
};
const accepts = (patch: Record<string, unknown>) => z.safeParse(sailingSchema, { ...sailing, ...patch }).success;

describe('the sailing, the unit the feed serves (docs/feed.md; DESIGN.md "Real data where a public source exists")', () => {
  it('has one id whatever source reports it: route, departure terminal and the departure in UTC', () => {
    expect(sailingId('hsb-lng', 'horseshoe-bay', DEPARTS)).toBe('hsb-lng:horseshoe-bay:2026-07-10T23:20:00.000Z');
    expect(sailingId('hsb-lng', 'langdale', DEPARTS)).not.toBe(sailingId('hsb-lng', 'horseshoe-bay', DEPARTS));
  });

  it('says which of the four sources each figure came from', () => {
    expect(FIGURE_SOURCES).toEqual(['bcferries', 'ais', 'model', 'simulator']);
    for (const source of FIGURE_SOURCES) expect(accepts({ source })).toBe(true);
    expect(accepts({ source: 'guess' })).toBe(false);
    expect(accepts({ delayMinutes: 12, delayProvenance: { source: 'ais', observedAt: sailing.observedAt } })).toBe(
      true,
    );
    expect(accepts({ delayProvenance: { source: 'rumour', observedAt: sailing.observedAt } })).toBe(false);
  });

  it('is scheduled, boarding, departed, arrived or cancelled', () => {
    for (const status of ['scheduled', 'boarding', 'departed', 'arrived', 'cancelled']) {
      expect(accepts({ status })).toBe(true);
    }
    expect(accepts({ status: 'docked' })).toBe(false);
  });

  it('gives fills as percentages from 0 to 100, and leaves them out when no source knows', () => {
    expect(accepts({ fill: 0, carFill: 100, oversizeFill: 55.5 })).toBe(true);
    expect(accepts({ carFill: 101 })).toBe(false);
    expect(accepts({ fill: -1 })).toBe(false);
    expect(accepts({})).toBe(true);
  });

  it('counts a delay in whole minutes', () => {
    expect(accepts({ delayMinutes: 0 })).toBe(true);
    expect(accepts({ delayMinutes: 2.5 })).toBe(false);
  });
});
