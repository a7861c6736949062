import { describe, expect, it } from 'vitest';
import { formatClock, formatClockLower } from '@/domain/time';

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
