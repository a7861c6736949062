import { describe, expect, it } from 'vitest';

import {
  AWAY_ALARM_MAX_REPEATS,
  awayAlarmRepeatDue,
  awayAlarmRepeatKey,
  awayAlarmRepeatText,
  awayAlarmRinging,
  type AwayAlarmState,
} from '@/domain/away-alarm';

const MINUTE = 60_000;
const alertAt = Date.parse('2026-11-28T18:00:00Z');
const alarm: AwayAlarmState = { alertAt, repeatUntilAcknowledged: true, acknowledgedAt: null, active: true };

describe("away mode's alarm", () => {
  it('repeats the return alert every 2 minutes after it, the latest repeat due', () => {
    expect(awayAlarmRepeatDue(alarm, alertAt - MINUTE)).toBeNull();
    expect(awayAlarmRepeatDue(alarm, alertAt + MINUTE)).toBeNull();
    expect(awayAlarmRepeatDue(alarm, alertAt + 2 * MINUTE)).toBe(1);
    expect(awayAlarmRepeatDue(alarm, alertAt + 7 * MINUTE)).toBe(3);
    expect(awayAlarmRinging(alarm, alertAt)).toBe(true);
  });

  it('stops once acknowledged, when the session ends, when not set, and after 10 repeats', () => {
    const later = alertAt + 5 * MINUTE;
    expect(awayAlarmRepeatDue({ ...alarm, acknowledgedAt: alertAt + MINUTE }, later)).toBeNull();
    expect(awayAlarmRepeatDue({ ...alarm, active: false }, later)).toBeNull();
    expect(awayAlarmRepeatDue({ ...alarm, repeatUntilAcknowledged: false }, later)).toBeNull();
    expect(awayAlarmRinging({ ...alarm, acknowledgedAt: alertAt + MINUTE }, later)).toBe(false);
    expect(awayAlarmRepeatDue(alarm, alertAt + 300 * MINUTE)).toBe(AWAY_ALARM_MAX_REPEATS);
    expect(awayAlarmRinging(alarm, alertAt + 22 * MINUTE)).toBe(false);
  });

  it('keys each repeat apart, and says the minutes to boarding as they are now', () => {
    expect(awayAlarmRepeatKey('s1', 2)).toBe('away:s1:return:repeat:2');
    const session = {
      currentLocation: 'Coffee Kiosk',
      estimatedBoardingTime: new Date(alertAt + 5 * MINUTE).toISOString(),
    };
    expect(awayAlarmRepeatText(session, alertAt + 2 * MINUTE).body).toBe(
      'Boarding starts in about 3 minutes. Leave Coffee Kiosk now.',
    );
    expect(awayAlarmRepeatText(session, alertAt + 6 * MINUTE).body).toBe(
      'Boarding has started. Leave Coffee Kiosk now.',
    );
  });
});
