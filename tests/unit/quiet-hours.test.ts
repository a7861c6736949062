import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  DEFAULT_ALERT_TIMING,
  digestAlertKey,
  digestDayDue,
  holdAlertUntil,
  inQuietHours,
  quietHoursEndAfter,
  quietHoursText,
  type AlertTiming,
} from '@/domain/quiet-hours';
import { intlOffset, setTerminalZoneOffset, temporalOffset } from '@/domain/time';

// Terminal time is UTC−7 here (British Columbia's permanent daylight time), pinned for the test.
beforeAll(() => setTerminalZoneOffset(() => -7 * 3_600_000));
afterAll(() => setTerminalZoneOffset(temporalOffset() ?? intlOffset));

const MINUTE = 60_000;
/** An instant at a Vancouver wall-clock time on 28 November 2026 (UTC−7). */
const at = (hhmm: string, day = 28) => Date.parse(`2026-11-${day}T${hhmm}:00-07:00`);
const night: AlertTiming = { ...DEFAULT_ALERT_TIMING, quietHoursEnabled: true }; // 10:00 pm to 7:00 am

describe('quiet hours', () => {
  it('run from start (in) to end (out), past midnight, in terminal time, and only when switched on', () => {
    expect(inQuietHours(at('22:00'), night)).toBe(true);
    expect(inQuietHours(at('03:15'), night)).toBe(true);
    expect(inQuietHours(at('06:59'), night)).toBe(true);
    expect(inQuietHours(at('07:00'), night)).toBe(false);
    expect(inQuietHours(at('21:59'), night)).toBe(false);
    expect(inQuietHours(at('03:15'), { ...night, quietHoursEnabled: false })).toBe(false);
    const afternoon = { ...night, quietHoursStart: '13:00', quietHoursEnd: '15:30' };
    expect(inQuietHours(at('14:00'), afternoon)).toBe(true);
    expect(inQuietHours(at('15:30'), afternoon)).toBe(false);
    expect(inQuietHours(at('03:00'), { ...night, quietHoursEnd: '22:00' })).toBe(false);
  });

  it('end at the next end time', () => {
    expect(quietHoursEndAfter(at('23:30'), night)).toBe(at('07:00', 29));
    expect(quietHoursEndAfter(at('03:15'), night)).toBe(at('07:00'));
    expect(quietHoursEndAfter(at('12:00'), night)).toBe(at('12:00'));
  });

  it('hold an alert until they end, or until its trip’s last 2 hours begin if sooner; none held in them', () => {
    expect(holdAlertUntil(at('23:00'), night, { kind: 'sailing_disruption' })).toBe(at('07:00', 29));
    // Sailing at 8:00 am: its last 2 hours begin at 6:00 am, before the quiet hours end.
    expect(holdAlertUntil(at('05:00'), night, { kind: 'sailing_disruption', tripDeparture: at('08:00') })).toBe(
      at('06:00'),
    );
    expect(holdAlertUntil(at('06:00'), night, { kind: 'arrival_timer', tripDeparture: at('08:00') })).toBeNull();
    expect(
      holdAlertUntil(at('23:00'), night, { kind: 'sailing_disruption', tripDeparture: at('00:30', 29) }),
    ).toBeNull();
    expect(holdAlertUntil(at('01:00'), night, { kind: 'sailing_disruption', tripDeparture: at('10:00') })).toBe(
      at('07:00'),
    );
  });

  it('never hold order updates, nor anything outside them', () => {
    expect(holdAlertUntil(at('23:00'), night, { kind: 'order_update' })).toBeNull();
    expect(holdAlertUntil(at('12:00'), night, { kind: 'sailing_disruption' })).toBeNull();
    expect(holdAlertUntil(at('23:00'), DEFAULT_ALERT_TIMING, { kind: 'sailing_disruption' })).toBeNull();
  });

  it('are said in 12-hour words', () => {
    expect(quietHoursText(night)).toBe(
      'Alerts are held from 10:00 pm to 7:00 am, except in the last 2 hours before your sailing.',
    );
    expect(quietHoursText({ ...night, quietHoursStart: '00:30', quietHoursEnd: '12:15' })).toBe(
      'Alerts are held from 12:30 am to 12:15 pm, except in the last 2 hours before your sailing.',
    );
    expect(quietHoursText(DEFAULT_ALERT_TIMING)).toBe('Alerts are sent as soon as they happen.');
  });
});

describe('the daily digest', () => {
  it('is due from 7 pm for the next day, once a day (keyed by that day), only when asked for', () => {
    const digest = { ...DEFAULT_ALERT_TIMING, dailyDigest: true };
    expect(digestDayDue(at('18:59'), digest)).toBeNull();
    expect(digestDayDue(at('19:00'), digest)).toBe('2026-11-29');
    expect(digestDayDue(at('23:59'), digest)).toBe('2026-11-29');
    expect(digestDayDue(at('19:00'), DEFAULT_ALERT_TIMING)).toBeNull();
    expect(digestAlertKey('2026-11-29')).toBe('digest:2026-11-29');
    expect(digestDayDue(at('19:00') + 30 * MINUTE, digest)).toBe(digestDayDue(at('22:00'), digest));
  });
});
