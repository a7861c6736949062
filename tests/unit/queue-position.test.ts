import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import {
  carsAheadOf,
  currentPosition,
  positionEnded,
  QUEUE_BAR_SCALE,
  queuePositionSchema,
} from '@/domain/queue-position';

const NOW = Date.parse('2026-07-10T16:00:00-07:00');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('a position belongs to one visit (rider-core §3 Queue position; docs/queue-and-timers.md)', () => {
  it('ends when its sailing has left or 3 hours after the fix', () => {
    const fix = { lastUpdated: iso(NOW), sailingDepartureTime: iso(NOW + 30 * MIN) };
    expect(positionEnded(fix, NOW + 29 * MIN)).toBeNull();
    expect(positionEnded(fix, NOW + 30 * MIN)).toBe('sailing_left');
    expect(positionEnded({ lastUpdated: iso(NOW) }, NOW + 3 * 60 * MIN - 1)).toBeNull();
    expect(positionEnded({ lastUpdated: iso(NOW) }, NOW + 3 * 60 * MIN)).toBe('stale');
    expect(positionEnded({ lastUpdated: 'garbage' }, NOW)).toBe('stale');
  });
});

describe('the position while it holds (rider-core §3 Queue position, §9 placeholders)', () => {
  const fix = { positionInQueue: 12, lastUpdated: iso(NOW), sailingDepartureTime: iso(NOW + 30 * MIN) };

  it('is the stored position until it ends, then none', () => {
    expect(currentPosition(fix, NOW + 29 * MIN)).toBe(fix);
    expect(currentPosition(fix, NOW + 30 * MIN)).toBeNull();
    expect(currentPosition(null, NOW)).toBeNull();
    expect(currentPosition(undefined, NOW)).toBeNull();
  });

  it('counts every car in front as ahead, none for the front car', () => {
    expect([1, 2, 12, 0, 7.9].map(carsAheadOf)).toEqual([0, 1, 11, 0, 6]);
  });

  it('scales the bar against 30', () => {
    expect(QUEUE_BAR_SCALE).toBe(30);
  });
});

describe('a queue position on the wire (rider-core §3 "confidence (0-1)", "basedOn (text with underscores)")', () => {
  const position = {
    positionInQueue: 12,
    estimatedBoardingTime: iso(NOW + 30 * MIN),
    confidence: 0.85,
    basedOn: 'gps_and_cameras',
    lastUpdated: iso(NOW),
  };
  const accepts = (patch: Record<string, unknown>) =>
    z.safeParse(queuePositionSchema, { ...position, ...patch }).success;

  it('takes a position from 1 and a confidence from 0 to 1', () => {
    expect(accepts({})).toBe(true);
    expect([accepts({ confidence: 0 }), accepts({ confidence: 1 })]).toEqual([true, true]);
    expect([accepts({ confidence: -0.01 }), accepts({ confidence: 1.01 })]).toEqual([false, false]);
    expect([accepts({ positionInQueue: 0 }), accepts({ positionInQueue: 1.5 })]).toEqual([false, false]);
  });

  it('takes a lane only as a positive whole number', () => {
    expect(accepts({ lane: 2, verified: true })).toBe(true);
    expect(accepts({ lane: 0 })).toBe(false);
  });
});
