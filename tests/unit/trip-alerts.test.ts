import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SailingChance } from '@/domain/sailing-chance';
import { intlOffset, setTerminalZoneOffset, temporalOffset } from '@/domain/time';
import {
  chanceDropAlert,
  checkinCutoffAlert,
  dailyDigestAlert,
  leaveByInstant,
  tripAlertKey,
  type TripSailing,
} from '@/domain/trip-alerts';
import type { WeatherLevel } from '@/domain/weather-risk';

beforeAll(() => setTerminalZoneOffset(() => -7 * 3_600_000));
afterAll(() => setTerminalZoneOffset(temporalOffset() ?? intlOffset));

const MINUTE = 60_000;
const at = (hhmm: string) => Date.parse(`2026-11-28T${hhmm}:00-07:00`);
const trip: TripSailing = { sailingId: 'tsa-swb:TSA:x', departure: at('11:00'), routeName: 'Tsawwassen to Swartz Bay' };
const chance = (percent: number | null, extra: Partial<SailingChance> = {}): SailingChance => ({
  sailingId: trip.sailingId,
  departureTime: new Date(trip.departure).toISOString(),
  percent,
  band: percent === null ? 'unknown' : percent <= 30 ? 'red' : percent >= 70 ? 'green' : 'orange',
  ...extra,
});

describe('the chance dropping below 30 %', () => {
  it('alerts once per trip when the known chance is under 30 %, with the figure', () => {
    expect(chanceDropAlert(trip, chance(24))).toEqual({
      key: 'trip:tsa-swb:TSA:x:chance:below-30',
      title: 'Your 11:00 am sailing: 24% chance of a place',
      body: 'Tsawwassen to Swartz Bay 11:00 am: the chance your car gets on is now 24%, under 30%. Consider an earlier start or a later sailing.',
    });
    // Another low figure is the same news: the same key.
    expect(chanceDropAlert(trip, chance(12))?.key).toBe(chanceDropAlert(trip, chance(24))?.key);
  });

  it('says nothing at 30 % or more, for an Unknown chance, or when check-in will have closed', () => {
    expect(chanceDropAlert(trip, chance(30))).toBeNull();
    expect(chanceDropAlert(trip, chance(null, { reason: 'stale-reading' }))).toBeNull();
    expect(chanceDropAlert(trip, chance(0, { closed: true }))).toBeNull();
    expect(chanceDropAlert(trip, undefined)).toBeNull();
  });
});

describe('the check-in cut-off approaching', () => {
  it('says "leave by" the cut-off less the drive, from 15 minutes before that until the cut-off', () => {
    // 11:00 am sailing: check-in closes 10:30 am; a 35-minute drive: leave by 9:55 am.
    expect(leaveByInstant(trip.departure, 35)).toBe(at('09:55'));
    expect(checkinCutoffAlert(trip, 35, at('09:39'))).toBeNull();
    expect(checkinCutoffAlert(trip, 35, at('09:40'))).toEqual({
      key: tripAlertKey(trip.sailingId, 'checkin', String(at('10:30'))),
      title: 'Leave by 9:55 am',
      body: 'Check-in for your 11:00 am sailing (Tsawwassen to Swartz Bay) closes at 10:30 am: leave by 9:55 am.',
    });
    expect(checkinCutoffAlert(trip, 35, at('10:29'))?.title).toBe('Leave by 9:55 am');
    expect(checkinCutoffAlert(trip, 35, at('10:30'))).toBeNull();
  });

  it('is new news when the sailing moves (its cut-off is the key’s value)', () => {
    const later = { ...trip, departure: trip.departure + 20 * MINUTE };
    expect(checkinCutoffAlert(later, 35, at('10:00'))?.key).not.toBe(checkinCutoffAlert(trip, 35, at('10:00'))?.key);
  });
});

describe("the daily digest of the next day's risk", () => {
  const sailing = (
    hhmm: string,
    weather: { level: WeatherLevel; reason?: string; covered: boolean },
    cancelled = false,
  ) => ({
    ...trip,
    sailingId: `s-${hhmm}`,
    departure: Date.parse(`2026-11-29T${hhmm}:00-07:00`),
    cancelled,
    weather,
  });

  it("lists tomorrow's planned sailings in departure order, each with its cancellation or weather level and reason", () => {
    const alert = dailyDigestAlert('2026-11-29', [
      sailing('15:00', { level: 'none', covered: true }),
      sailing('09:00', {
        level: 'be-aware',
        reason: 'Gale warning for Strait of Georgia - south of Nanaimo',
        covered: true,
      }),
      sailing('19:00', { level: 'none', covered: false }, true),
    ]);
    expect(alert).toEqual({
      key: 'digest:2026-11-29',
      title: "Tomorrow's sailings: 2 of 3 at risk",
      body:
        '9:00 am Tsawwassen to Swartz Bay: Be aware (Gale warning for Strait of Georgia - south of Nanaimo). ' +
        '3:00 pm Tsawwassen to Swartz Bay: no weather risk forecast. ' +
        '7:00 pm Tsawwassen to Swartz Bay: cancelled.',
    });
  });

  it('says when the marine forecast does not reach a sailing yet, rather than calling it safe', () => {
    expect(dailyDigestAlert('2026-11-29', [sailing('09:00', { level: 'none', covered: false })])).toEqual({
      key: 'digest:2026-11-29',
      title: "Tomorrow's sailings: no risk known",
      body: '9:00 am Tsawwassen to Swartz Bay: the marine forecast does not reach it yet.',
    });
  });

  it('sends nothing when the rider has no planned sailing that day', () => {
    expect(dailyDigestAlert('2026-11-29', [])).toBeNull();
  });
});
