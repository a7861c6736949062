import { describe, expect, it } from 'vitest';
import { formatClock, formatClockLower } from '@/domain/time';

describe('formatClock', () => {
  it('shows en-US 12-hour time with minutes in the terminal zone (America/Vancouver)', () => {
    expect(formatClock('2026-11-22T18:42:00Z')).toBe('10:42 AM'); // PST, UTC-8
    expect(formatClock('2026-07-01T19:05:00Z')).toBe('12:05 PM'); // PDT, UTC-7
    expect(formatClock(Date.parse('2026-11-23T07:50:00Z'))).toBe('11:50 PM');
  });
  it('says N/A for a missing or broken time', () => {
    expect(formatClock(undefined)).toBe('N/A');
    expect(formatClock(null)).toBe('N/A');
    expect(formatClock('')).toBe('N/A');
    expect(formatClock('not a date')).toBe('N/A');
  });
  it('has a lower-case form for running text', () => {
    expect(formatClockLower('2026-11-22T18:42:00Z')).toBe('10:42 am');
    expect(formatClockLower(undefined)).toBe('N/A');
  });
});
