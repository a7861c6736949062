import { afterEach, describe, expect, it } from 'vitest';

import {
  formatClock,
  formatClockLower,
  formatTerminalTime,
  intlOffset,
  setTerminalZoneOffset,
  temporalOffset,
  terminalOffsetMs,
  type ZoneOffset,
} from '@/domain/time';

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

describe("the terminal zone's offset, read once an hour", () => {
  afterEach(() => setTerminalZoneOffset(temporalOffset() ?? intlOffset));

  /** Vancouver's rule for 2026 (UTC−7 from 8 March 10:00 UTC to 1 November 09:00 UTC), counting readings. */
  function vancouver2026() {
    const readings: number[] = [];
    const source: ZoneOffset = (epochMs) => {
      readings.push(epochMs);
      const summer = epochMs >= Date.UTC(2026, 2, 8, 10) && epochMs < Date.UTC(2026, 10, 1, 9);
      return (summer ? -7 : -8) * 3_600_000;
    };
    setTerminalZoneOffset(source);
    return readings;
  }

  it('is exact on either side of a change, and read from the source only once for an hour', () => {
    const readings = vancouver2026();
    expect(terminalOffsetMs(Date.parse('2026-11-01T08:59:59.999Z'))).toBe(-7 * 3_600_000);
    expect(terminalOffsetMs(Date.parse('2026-11-01T09:00:00.000Z'))).toBe(-8 * 3_600_000);
    expect(terminalOffsetMs(Date.parse('2026-03-08T09:30:00Z'))).toBe(-8 * 3_600_000);
    expect(terminalOffsetMs(Date.parse('2026-03-08T10:00:00Z'))).toBe(-7 * 3_600_000);
    const read = readings.length;
    for (let minute = 0; minute < 60; minute += 1)
      expect(terminalOffsetMs(Date.parse('2026-11-01T09:00:00Z') + minute * 60_000)).toBe(-8 * 3_600_000);
    expect(readings.length).toBe(read);
    expect(formatClock(Date.parse('2026-11-01T08:30:00Z'))).toBe('1:30 AM');
    expect(formatClock(Date.parse('2026-11-01T09:30:00Z'))).toBe('1:30 AM');
  });

  it('a zone that changes within an hour is read at the instant asked', () => {
    const change = Date.parse('2026-04-05T15:30:00Z');
    setTerminalZoneOffset((epochMs) => (epochMs < change ? 10.5 * 3_600_000 : 10 * 3_600_000));
    expect(terminalOffsetMs(change - 1)).toBe(10.5 * 3_600_000);
    expect(terminalOffsetMs(change)).toBe(10 * 3_600_000);
    expect(terminalOffsetMs(change - 1)).toBe(10.5 * 3_600_000);
  });

  it('a new source replaces every offset read before', () => {
    vancouver2026();
    const at = Date.parse('2026-07-01T12:00:00Z');
    expect(terminalOffsetMs(at)).toBe(-7 * 3_600_000);
    setTerminalZoneOffset(() => -8 * 3_600_000);
    expect(terminalOffsetMs(at)).toBe(-8 * 3_600_000);
  });
});
