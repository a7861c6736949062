import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import {
  alertThresholdOf,
  amenityIcon,
  awayAlertAt,
  awayAlertKey,
  awayCountdownMinutes,
  awayNextSailingText,
  awayRisk,
  awaySessionInputSchema,
  awayStatus,
  ferryMotionLabel,
  queueMovingAlertKey,
  STEP_AWAY_VERDICT_TEXT,
} from '@/domain/away';

const NOW = Date.parse('2026-07-10T16:00:00-07:00');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
describe('the one away rule: card verdict, overlay countdown and risk (rider-core §2 Explore Safely, §4 Away mode)', () => {
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

describe('the away countdown (rider-core §4 "time to estimated boarding minus alert threshold, in whole minutes, never below 0")', () => {
  const boardingIn = (ms: number, alertThresholdMinutes?: number | null) => ({
    estimatedBoardingTime: iso(NOW + ms),
    alertThresholdMinutes,
  });

  it('counts whole minutes to boarding less the threshold, rounding down', () => {
    expect(awayCountdownMinutes(boardingIn(20 * MIN, 5), NOW)).toBe(15);
    expect(awayCountdownMinutes(boardingIn(20 * MIN - 1, 5), NOW)).toBe(14);
    expect(awayAlertAt(boardingIn(20 * MIN, 5))).toBe(NOW + 15 * MIN);
  });

  it('takes a threshold of 5 minutes when the session has none (rider-core §3)', () => {
    expect(alertThresholdOf({})).toBe(5);
    expect(alertThresholdOf({ alertThresholdMinutes: null })).toBe(5);
    expect(alertThresholdOf({ alertThresholdMinutes: 0 })).toBe(0);
    expect(awayCountdownMinutes(boardingIn(20 * MIN), NOW)).toBe(15);
  });

  it('never goes below 0, and reads 0 for an unreadable boarding time', () => {
    expect(awayCountdownMinutes(boardingIn(-60 * MIN, 5), NOW)).toBe(0);
    expect(awayCountdownMinutes({ estimatedBoardingTime: 'soon' }, NOW)).toBe(0);
  });

  it('is high at 2 minutes or fewer, medium at 5 or fewer, otherwise low (rider-core §4)', () => {
    expect([0, 2, 3, 5, 6, 60].map(awayRisk)).toEqual(['high', 'high', 'medium', 'medium', 'low', 'low']);
  });

  it("words the card's verdicts", () => {
    expect(STEP_AWAY_VERDICT_TEXT).toEqual({
      safe: 'Safe to Step Away',
      brief: 'Only a quick step away',
      stay: 'Stay with your vehicle',
    });
  });
});

describe('the EXPLORE MODE overlay blocks (rider-core §2 overlay, §9 "fallback next-sailing text 11:50 am")', () => {
  it('says Stopped at the berth, On its way while crossing, Moving once boarding has started', () => {
    expect(ferryMotionLabel({ status: 'docked' }, NOW)).toBe('Stopped');
    expect(ferryMotionLabel({ status: 'delayed' }, NOW)).toBe('Stopped');
    expect(ferryMotionLabel({ status: 'en_route' }, NOW)).toBe('On its way');
    expect(ferryMotionLabel({ status: 'docked', boardingStartTime: iso(NOW) }, NOW)).toBe('Moving');
    expect(ferryMotionLabel({ status: 'docked', boardingStartTime: iso(NOW + MIN) }, NOW)).toBe('Stopped');
    expect(ferryMotionLabel(null, NOW)).toBe('Stopped');
  });

  it('shows the next sailing, or 11:50 am when none is known or its time is unreadable', () => {
    const format = () => '4:30 PM';
    expect(awayNextSailingText(iso(NOW), format)).toBe('4:30 PM');
    expect(awayNextSailingText(undefined, format)).toBe('11:50 am');
    expect(awayNextSailingText('later', format)).toBe('11:50 am');
  });

  it('draws coffee and food with their icons and every other amenity as a restroom (rider-core §3 Amenity)', () => {
    expect(['coffee', 'food', 'restroom', 'shop', ''].map(amenityIcon)).toEqual([
      'coffee',
      'food',
      'restroom',
      'restroom',
      'restroom',
    ]);
  });
});

describe('starting an away session (rider-core §7 POST /api/away-sessions)', () => {
  const session = {
    id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
    ferryId: 'queen-of-oak-bay',
    queuePosition: 26,
    estimatedBoardingTime: iso(NOW + 30 * MIN),
    alertThresholdMinutes: 5,
    currentLocation: ' Coffee Bar ',
  };
  const accepts = (patch: Record<string, unknown>) =>
    z.safeParse(awaySessionInputSchema, { ...session, ...patch }).success;

  it('takes the spec payload, trimming where the rider went', () => {
    expect(z.parse(awaySessionInputSchema, session).currentLocation).toBe('Coffee Bar');
    expect(accepts({ id: undefined, alertThresholdMinutes: undefined })).toBe(true);
  });

  it('keeps the queue position within 1-10,000 and the threshold within 0-120 minutes', () => {
    expect([accepts({ queuePosition: 1 }), accepts({ queuePosition: 10_000 })]).toEqual([true, true]);
    expect([accepts({ queuePosition: 0 }), accepts({ queuePosition: 10_001 })]).toEqual([false, false]);
    expect([accepts({ alertThresholdMinutes: 0 }), accepts({ alertThresholdMinutes: 120 })]).toEqual([true, true]);
    expect([accepts({ alertThresholdMinutes: -1 }), accepts({ alertThresholdMinutes: 121 })]).toEqual([false, false]);
  });

  it('refuses a blank place, a boarding time without its offset, and an id that is not a UUID', () => {
    expect(accepts({ currentLocation: '  ' })).toBe(false);
    expect(accepts({ estimatedBoardingTime: '2026-07-10T16:30:00' })).toBe(false);
    expect(accepts({ estimatedBoardingTime: '9999-01-01T00:00:00Z' })).toBe(false);
    expect(accepts({ id: 'session-1' })).toBe(false);
  });

  it('keys the two alerts by session, so the push and the in-app alert are one alert', () => {
    expect(awayAlertKey('s1')).toBe('away:s1:return');
    expect(queueMovingAlertKey('s1')).toBe('away:s1:moving');
  });
});
