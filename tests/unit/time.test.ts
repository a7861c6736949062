import { describe, expect, it } from 'vitest';

import { formatClock, formatClockLower, formatTerminalTime, intlOffset, temporalOffset } from '@/domain/time';

describe('formatClock', () => {
  it('shows en-US 12-hour time with minutes in the terminal zone (America/Vancouver)', () => {
    // British Columbia keeps UTC−7 all year from March 2026 (current tzdata, as current browsers have it).
    expect(formatClock('2026-11-22T18:42:00Z')).toBe('11:42 AM');
    expect(formatClock('2026-07-01T19:05:00Z')).toBe('12:05 PM');
    expect(formatClock(Date.parse('2026-11-23T06:50:00Z'))).toBe('11:50 PM');
    expect(formatClock('2025-12-01T18:42:00Z')).toBe('10:42 AM'); // PST, UTC−8, before the change
  });
  it('says N/A for a missing or broken time', () => {
    expect(formatClock(undefined)).toBe('N/A');
    expect(formatClock(null)).toBe('N/A');
    expect(formatClock('')).toBe('N/A');
    expect(formatClock('not a date')).toBe('N/A');
  });
  it('has a lower-case form for running text', () => {
    expect(formatClockLower('2026-11-22T17:42:00Z')).toBe('10:42 am');
    expect(formatClockLower(undefined)).toBe('N/A');
  });
});

describe('formatClock without Intl', () => {
  it("writes every minute of a day exactly as Intl's en-US 12-hour clock does", () => {
    const midnight = Date.parse('2026-11-23T07:00:00Z'); // 00:00 at the terminal (UTC−7)
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const instant = midnight + minute * 60_000 + 59_999; // seconds never round the minute up
      expect(formatClock(instant)).toBe(
        formatTerminalTime(instant, { hour: 'numeric', minute: '2-digit', hour12: true }),
      );
    }
    expect(formatClock(midnight)).toBe('12:00 AM');
    expect(formatClock(midnight + 12 * 3_600_000)).toBe('12:00 PM');
  });
});

describe("the browser's zone offset", () => {
  it('is read through Temporal when the browser has it', () => {
    const asked: Array<[number, string]> = [];
    const fakeTemporal = {
      Instant: {
        fromEpochMilliseconds: (ms: number) => ({
          toZonedDateTimeISO: (zone: string) => {
            asked.push([ms, zone]);
            return { offsetNanoseconds: -7 * 3_600_000 * 1e6 };
          },
        }),
      },
    };
    const offset = temporalOffset(fakeTemporal);
    expect(offset?.(Date.parse('2026-11-23T08:00:00.250Z'))).toBe(-7 * 3_600_000);
    expect(asked).toEqual([[Date.parse('2026-11-23T08:00:00Z'), 'America/Vancouver']]);
  });
  it('falls back to Intl where there is no Temporal', () => {
    expect(temporalOffset(undefined)).toBeUndefined();
    expect(temporalOffset({})).toBeUndefined();
    // Intl's own offset, whatever Node's data says for the zone, is a whole number of minutes.
    expect(Number.isInteger(intlOffset(Date.parse('2026-07-01T12:00:00Z')) / 60_000)).toBe(true);
    expect(intlOffset(Date.parse('2026-07-01T12:00:00Z'))).toBe(-7 * 3_600_000);
  });
});
