import { describe, expect, it } from 'vitest';

import { awayStatus, boardingStartOf } from '@/domain/away';
import { positionEnded } from '@/domain/queue-position';

const NOW = Date.parse('2026-07-10T16:00:00-07:00');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('the one away rule (card verdict, overlay countdown and risk)', () => {
  it('is safe only when the risk is low, brief at 5 minutes or fewer, stay at 2 or fewer', () => {
    const at = (minutesToReturn: number) =>
      awayStatus(
        { estimatedBoardingTime: iso(NOW + (minutesToReturn + 5) * MIN + 30_000), alertThresholdMinutes: 5 },
        null,
        NOW,
      );
    expect(at(6)).toMatchObject({ minutes: 6, risk: 'low', verdict: 'safe' });
    expect(at(5)).toMatchObject({ minutes: 5, risk: 'medium', verdict: 'brief' });
    expect(at(2)).toMatchObject({ minutes: 2, risk: 'high', verdict: 'stay' });
  });

  it('says stay while the lanes move, whatever the countdown', () => {
    const status = awayStatus(
      { estimatedBoardingTime: iso(NOW + 60 * MIN) },
      { status: 'docked', boardingStartTime: iso(NOW - MIN) },
      NOW,
    );
    expect(status).toMatchObject({ motion: 'Moving', risk: 'high', verdict: 'stay' });
  });
});

describe('boarding start', () => {
  it('uses 40 minutes before departure when the feed gives no boarding start', () => {
    expect(boardingStartOf({ departureTime: iso(NOW + 60 * MIN) })).toBe(NOW + 20 * MIN);
  });

  it("uses the feed's boarding start when it gives one", () => {
    expect(boardingStartOf({ departureTime: iso(NOW + 50 * MIN), boardingStartTime: iso(NOW + 15 * MIN) })).toBe(
      NOW + 15 * MIN,
    );
  });
});

describe('a position belongs to one visit', () => {
  it('ends when its sailing has left or 3 hours after the fix', () => {
    const fix = { lastUpdated: iso(NOW), sailingDepartureTime: iso(NOW + 30 * MIN) };
    expect(positionEnded(fix, NOW + 29 * MIN)).toBeNull();
    expect(positionEnded(fix, NOW + 30 * MIN)).toBe('sailing_left');
    expect(positionEnded({ lastUpdated: iso(NOW) }, NOW + 3 * 60 * MIN - 1)).toBeNull();
    expect(positionEnded({ lastUpdated: iso(NOW) }, NOW + 3 * 60 * MIN)).toBe('stale');
    expect(positionEnded({ lastUpdated: 'garbage' }, NOW)).toBe('stale');
  });
});
