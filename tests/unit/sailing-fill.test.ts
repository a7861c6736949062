import { describe, expect, it } from 'vitest';

import type { Sailing } from '@/domain/sailing';
import { fillProvenanceOf, keepLastKnownFill, reportedFigures } from '@/domain/sailing-fill';

const EARLIER = '2026-02-21T16:30:00.000Z';
const NOW = '2026-02-21T20:00:00.000Z';

function sailing(extra: Partial<Sailing>): Sailing {
  return {
    id: 'tsa-swb:tsawwassen:2026-02-21T17:00:00.000Z',
    routeId: 'tsa-swb',
    from: 'tsawwassen',
    to: 'swartz-bay',
    scheduledDeparture: '2026-02-21T17:00:00.000Z',
    status: 'scheduled',
    source: 'bcferries',
    observedAt: NOW,
    ...extra,
  };
}

describe('0 is not a fill', () => {
  it("takes no figure from a row that has left or is cancelled (the scraper's zero value), a future row's as they are", () => {
    const zero = { fill: 0, carFill: 0, oversizeFill: 0 };
    expect(reportedFigures('departed', zero)).toEqual({});
    expect(reportedFigures('arrived', zero)).toEqual({});
    expect(reportedFigures('cancelled', zero)).toEqual({});
    expect(reportedFigures('scheduled', zero)).toEqual(zero);
    expect(reportedFigures('scheduled', { fill: 82, carFill: 87 })).toEqual({ fill: 82, carFill: 87 });
  });

  it('takes only the overall fill from a row read from the visible "% space" (car deck and oversize left at 0)', () => {
    // ScrapeCapacityRoute without a "Details" link: Fill = 100 - the visible %, CarFill and OversizeFill untouched.
    expect(reportedFigures('scheduled', { fill: 85, carFill: 0, oversizeFill: 0 })).toEqual({ fill: 85 });
    expect(reportedFigures('scheduled', { fill: 85, carFill: 0, oversizeFill: 10 })).toEqual({
      fill: 85,
      carFill: 0,
      oversizeFill: 10,
    });
  });

  it("keeps the sailing's last known fill with the age it was observed at, or none", () => {
    const before = sailing({ fill: 82, carFill: 87, oversizeFill: 60, observedAt: EARLIER });
    const left = sailing({ status: 'arrived' });
    expect(keepLastKnownFill(left, before)).toEqual({
      ...left,
      fill: 82,
      carFill: 87,
      oversizeFill: 60,
      fillProvenance: { source: 'bcferries', observedAt: EARLIER },
    });
    // Kept again on the next reading: the age stays the observation's.
    const again = keepLastKnownFill(sailing({ status: 'arrived' }), keepLastKnownFill(left, before));
    expect(again.fillProvenance).toEqual({ source: 'bcferries', observedAt: EARLIER });
    expect(keepLastKnownFill(left, undefined)).toBe(left);
    expect(keepLastKnownFill(left, sailing({ observedAt: EARLIER }))).toBe(left);
    // A sailing reporting its own figures keeps them.
    const own = sailing({ fill: 10, carFill: 12 });
    expect(keepLastKnownFill(own, before)).toBe(own);
    expect(fillProvenanceOf(own)).toEqual({ source: 'bcferries', observedAt: NOW });
  });
});
