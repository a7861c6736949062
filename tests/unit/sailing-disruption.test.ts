import { describe, expect, it } from 'vitest';

import type { Sailing } from '@/domain/sailing';
import {
  ALTERNATIVES_SHOWN,
  disruptionOf,
  nextSailingsWithCarSpace,
  sailingDisruptionAlertKey,
  sailingDisruptionText,
} from '@/domain/sailing-disruption';

const AT = '2026-07-10T22:00:00.000Z';
const NOW = Date.parse(AT);
const HOUR = 60 * 60_000;

function sailing(id: string, departsInHours: number, extra: Partial<Sailing> = {}): Sailing {
  return {
    id,
    routeId: 'hsb-lng',
    from: 'horseshoe-bay',
    to: 'langdale',
    scheduledDeparture: new Date(NOW + departsInHours * HOUR).toISOString(),
    status: 'scheduled',
    source: 'bcferries',
    observedAt: AT,
    ...extra,
  };
}

describe('a disrupted sailing', () => {
  it('is cancelled, or late by 10 minutes or more while it has not arrived', () => {
    expect(disruptionOf(sailing('a', 1, { status: 'cancelled' }))).toEqual({ kind: 'cancelled' });
    expect(disruptionOf(sailing('a', 1, { delayMinutes: 10 }))).toEqual({ kind: 'delayed', minutes: 10 });
    expect(disruptionOf(sailing('a', 1, { delayMinutes: 9 }))).toBeUndefined();
    expect(disruptionOf(sailing('a', 1))).toBeUndefined();
    expect(disruptionOf(sailing('a', -1, { status: 'arrived', delayMinutes: 25 }))).toBeUndefined();
  });

  it('alerts once per rider, sailing and kind of change: a growing delay once, a cancellation after it again', () => {
    expect(sailingDisruptionAlertKey('hsb-lng-1', { kind: 'delayed', minutes: 10 })).toBe('sailing:hsb-lng-1:delayed');
    expect(sailingDisruptionAlertKey('hsb-lng-1', { kind: 'delayed', minutes: 40 })).toBe('sailing:hsb-lng-1:delayed');
    expect(sailingDisruptionAlertKey('hsb-lng-1', { kind: 'cancelled' })).toBe('sailing:hsb-lng-1:cancelled');
  });
});

describe('the next sailings with car space', () => {
  const cancelled = sailing('cancelled', 0, { status: 'cancelled' });

  it('are later sailings of the same route and direction known to have room, earliest first, at most three', () => {
    const sailings = [
      cancelled,
      sailing('late-full', 5, { carFill: 100 }),
      sailing('later', 4, { carFill: 30 }),
      sailing('soon', 1, { carFill: 90 }),
      sailing('fill-unknown', 2),
      sailing('other-direction', 2, { from: 'langdale', to: 'horseshoe-bay', carFill: 10 }),
      sailing('other-route', 2, { routeId: 'hsb-nan', carFill: 10 }),
      sailing('also-cancelled', 3, { status: 'cancelled', carFill: 10 }),
      sailing('already-gone', -1, { carFill: 10 }),
      sailing('boarding', 0.5, { status: 'boarding', carFill: 50 }),
      sailing('last', 6, { carFill: 5 }),
    ];
    expect(nextSailingsWithCarSpace(sailings, cancelled, NOW).map((s) => s.id)).toEqual(['boarding', 'soon', 'later']);
    expect(ALTERNATIVES_SHOWN).toBe(3);
  });

  it('start after the disrupted sailing, and order by the expected departure when a sailing runs late', () => {
    const delayed = sailing('delayed', 2, { delayMinutes: 40 });
    const sailings = [
      delayed,
      sailing('before-it', 1, { carFill: 10 }),
      sailing('late-one', 3, { carFill: 10, expectedDeparture: new Date(NOW + 4.5 * HOUR).toISOString() }),
      sailing('on-time', 4, { carFill: 10 }),
    ];
    expect(nextSailingsWithCarSpace(sailings, delayed, NOW).map((s) => s.id)).toEqual(['on-time', 'late-one']);
  });
});

describe("the alert's words", () => {
  it("say a cancellation's reason, as the source gave it, with the later sailings that have car space", () => {
    const cancelled = sailing('c', 1, {
      routeId: 'hsb-nan',
      to: 'departure-bay',
      status: 'cancelled',
      // The reason the BC Ferries document carries in the cancelled row's vesselStatus.
      statusReason: 'Mechanical difficulty',
    });
    const text = sailingDisruptionText(cancelled, { kind: 'cancelled' }, [
      sailing('n', 3, { routeId: 'hsb-nan', to: 'departure-bay', carFill: 40 }),
    ]);
    expect(text.body).toMatch(
      /^Horseshoe Bay - Departure Bay \S+ PM is cancelled: Mechanical difficulty\. Next sailings with car space: \S+ PM \(40% full\)\.$/,
    );
    const noReason = sailingDisruptionText({ ...cancelled, statusReason: undefined }, { kind: 'cancelled' }, []);
    expect(noReason.body).toMatch(/ is cancelled\. No later sailing today is known to have car space\.$/);
  });
});
