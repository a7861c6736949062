import { describe, expect, it } from 'vitest';

import {
  ARRIVAL_BUFFER_DEFAULT,
  arrivalPlan,
  bufferInRange,
  dueTimerAlerts,
  leaveInDisplay,
  minutesUntilLeave,
  nextSailingInTime,
  normalizeBuffer,
  timerAlerts,
} from '@/domain/arrival-timer';

const NOW = Date.parse('2026-07-10T19:00:00Z');

describe('a timer tied to its sailing', () => {
  it('arrives by the check-in cutoff (30 min before departure) and leaves by cutoff − 45 min travel − buffer', () => {
    // The sailing at 21:20: check-in closes 20:50; leave by 20:50 − 45 − 15 = 19:50.
    expect(arrivalPlan('2026-07-10T21:20:00Z', 15, NOW)).toEqual({
      cutoffTime: '2026-07-10T20:50:00.000Z',
      alarmTime: '2026-07-10T19:50:00.000Z',
      tooLate: false,
    });
    expect(arrivalPlan('2026-07-10T21:20:00Z', 5, NOW).alarmTime).toBe('2026-07-10T20:00:00.000Z');
    expect(arrivalPlan(Date.parse('2026-07-10T21:20:00Z'), 60, NOW).alarmTime).toBe('2026-07-10T19:05:00.000Z');
  });

  it('never says "arrive by" after the sailing has left, and says when it is too late', () => {
    // The case: a sailing 32 min away cannot be made with 45 min of travel.
    const soon = arrivalPlan(NOW + 32 * 60_000, 15, NOW);
    expect(Date.parse(soon.cutoffTime)).toBeLessThan(NOW + 32 * 60_000);
    expect(soon.tooLate).toBe(true);
    // Leaving exactly at the leave time is still in time.
    expect(arrivalPlan(NOW + (30 + 45 + 15) * 60_000, 15, NOW).tooLate).toBe(false);
    expect(arrivalPlan(NOW + (30 + 45 + 15) * 60_000 - 1, 15, NOW).tooLate).toBe(true);
  });

  it('offers the first later sailing still in time with the buffer, the same route first', () => {
    const sailing = (id: string, minutes: number, routeId = 'hsb-nan') => ({
      id,
      departureTime: new Date(NOW + minutes * 60_000).toISOString(),
      terminalId: 'horseshoe-bay',
      routeId,
    });
    const chosen = sailing('a', 20);
    const sailings = [chosen, sailing('b', 60), sailing('c', 95, 'hsb-lan'), sailing('d', 100), sailing('e', 200)];
    // 'b' is too late as well (leave by 90 min before it); 'd' is the first on the route in time.
    expect(nextSailingInTime(sailings, chosen, 15, NOW)?.id).toBe('d');
    // A longer buffer pushes it on.
    expect(nextSailingInTime(sailings, chosen, 30, NOW)?.id).toBe('e');
    // Nothing later in time on any route.
    expect(nextSailingInTime([chosen, sailing('b', 60)], chosen, 15, NOW)).toBeNull();
  });
});

describe('buffer', () => {
  it('falls back to 15 when not numeric, keeps numbers', () => {
    expect(ARRIVAL_BUFFER_DEFAULT).toBe(15);
    expect(normalizeBuffer('')).toBe(15);
    expect(normalizeBuffer('abc')).toBe(15);
    expect(normalizeBuffer(undefined)).toBe(15);
    expect(normalizeBuffer(Number.NaN)).toBe(15);
    expect(normalizeBuffer('20')).toBe(20);
    expect(normalizeBuffer(7.6)).toBe(8);
  });

  it('is in range from 5 to 60 inclusive', () => {
    expect(bufferInRange(4)).toBe(false);
    expect(bufferInRange(5)).toBe(true);
    expect(bufferInRange(60)).toBe(true);
    expect(bufferInRange(61)).toBe(false);
  });
});

describe('leave-in display (rider-core §9)', () => {
  it('says "Time to leave!" at 0 or less, urgent', () => {
    expect(leaveInDisplay(0)).toEqual({ text: 'Time to leave!', tone: 'urgent' });
    expect(leaveInDisplay(-12)).toEqual({ text: 'Time to leave!', tone: 'urgent' });
  });
  it('is urgent up to 5 min, then a 15 min band, then hours and minutes', () => {
    expect(leaveInDisplay(1)).toEqual({ text: 'Leave in 1 min', tone: 'urgent' });
    expect(leaveInDisplay(5)).toEqual({ text: 'Leave in 5 min', tone: 'urgent' });
    expect(leaveInDisplay(6)).toEqual({ text: 'Leave in 6 min', tone: 'soon' });
    expect(leaveInDisplay(15)).toEqual({ text: 'Leave in 15 min', tone: 'soon' });
    expect(leaveInDisplay(16)).toEqual({ text: 'Leave in 16m', tone: 'normal' });
    expect(leaveInDisplay(60)).toEqual({ text: 'Leave in 1h 0m', tone: 'normal' });
    expect(leaveInDisplay(135)).toEqual({ text: 'Leave in 2h 15m', tone: 'normal' });
  });
  it('counts minutes up to the alarm, rounding up', () => {
    expect(minutesUntilLeave('2026-07-10T19:55:00.000Z', NOW)).toBe(55);
    expect(minutesUntilLeave('2026-07-10T19:00:01.000Z', NOW)).toBe(1);
    expect(minutesUntilLeave('2026-07-10T19:00:00.000Z', NOW)).toBe(0);
    expect(minutesUntilLeave('nonsense', NOW)).toBe(0);
  });
});

describe('timer alerts', () => {
  const timer = { id: 'abc', alarmTime: '2026-07-10T19:55:00.000Z', departureLocation: 'Burnaby' };
  it('has an early alert 15 minutes before leaving and one at the time, with shared keys', () => {
    const [early, leave] = timerAlerts(timer);
    expect(early).toMatchObject({
      key: 'timer:abc:before',
      title: 'Leave in 15 minutes',
      at: Date.parse('2026-07-10T19:40:00Z'),
    });
    expect(leave).toMatchObject({
      key: 'timer:abc:leave',
      title: 'Time to leave!',
      at: Date.parse('2026-07-10T19:55:00Z'),
    });
    expect(leave.body).toContain('Burnaby');
  });
  it('is due from its time on, the early one only until leaving time, the leave one until stale', () => {
    const stale = 30 * 60_000;
    expect(dueTimerAlerts(timer, Date.parse('2026-07-10T19:39:59Z'), stale)).toEqual([]);
    expect(dueTimerAlerts(timer, Date.parse('2026-07-10T19:40:00Z'), stale).map((a) => a.key)).toEqual([
      'timer:abc:before',
    ]);
    expect(dueTimerAlerts(timer, Date.parse('2026-07-10T19:55:00Z'), stale).map((a) => a.key)).toEqual([
      'timer:abc:leave',
    ]);
    expect(dueTimerAlerts(timer, Date.parse('2026-07-10T20:25:00Z'), stale).map((a) => a.key)).toEqual([
      'timer:abc:leave',
    ]);
    expect(dueTimerAlerts(timer, Date.parse('2026-07-10T20:25:01Z'), stale)).toEqual([]);
  });
});
