import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sailingDayLabel, sailingTimeInText, sailingTimeText } from '@/domain/sailing-day';
import { intlOffset, setTerminalZoneOffset, temporalOffset } from '@/domain/time';

/** Wednesday 25 November 2026, 7:30 pm in Vancouver, on British Columbia's permanent UTC−7. */
const NOW = Date.parse('2026-11-26T02:30:00Z');

beforeAll(() => setTerminalZoneOffset(() => -7 * 3_600_000));
afterAll(() => setTerminalZoneOffset(temporalOffset() ?? intlOffset));

describe("a sailing's time with its day when it is not today", () => {
  it('is the clock alone for a sailing today', () => {
    expect(sailingTimeText('2026-11-26T04:00:00Z', NOW)).toBe('9:00 PM');
    expect(sailingDayLabel('2026-11-26T06:59:00Z', NOW)).toBe('');
  });

  it('says Tomorrow from midnight in Vancouver (not in UTC)', () => {
    expect(sailingTimeText('2026-11-26T07:10:00Z', NOW)).toBe('Tomorrow 12:10 AM');
    expect(sailingTimeText('2026-11-26T13:20:00Z', NOW)).toBe('Tomorrow 6:20 AM');
  });

  it('names the weekday within the week ahead, and the date after it', () => {
    expect(sailingTimeText('2026-11-28T13:20:00Z', NOW)).toBe('Saturday 6:20 AM');
    expect(sailingTimeText('2026-12-01T13:20:00Z', NOW)).toBe('Tuesday 6:20 AM');
    // A week on is the same weekday as today: the date says which.
    expect(sailingTimeText('2026-12-02T13:20:00Z', NOW)).toBe('Dec 2 6:20 AM');
  });

  it('reads inside a sentence, and says N/A for an unreadable time', () => {
    expect(sailingTimeInText('2026-11-26T13:20:00Z', NOW)).toBe('tomorrow 6:20 AM');
    expect(sailingTimeInText('2026-11-28T13:20:00Z', NOW)).toBe('Saturday 6:20 AM');
    expect(sailingTimeText('garbage', NOW)).toBe('N/A');
  });
});
