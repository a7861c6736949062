import { describe, expect, it } from 'vitest';

import { SERVICE_DAY_START_HOUR, serviceDayOf } from '@/domain/service-day';

const at = (iso: string) => serviceDayOf(Date.parse(iso));

describe("a sailing's service day (docs/feed.md; the terminals' America/Vancouver calendar)", () => {
  it('is the local calendar day from 3 am on', () => {
    expect(SERVICE_DAY_START_HOUR).toBe(3);
    expect(at('2026-07-10T03:00:00-07:00')).toBe('2026-07-10');
    expect(at('2026-07-10T23:59:00-07:00')).toBe('2026-07-10');
  });

  it('gives departures before 3 am to the evening before', () => {
    expect(at('2026-07-11T00:30:00-07:00')).toBe('2026-07-10');
    expect(at('2026-07-11T02:59:59-07:00')).toBe('2026-07-10');
  });

  it('reads the day in Vancouver, not in UTC', () => {
    // 05:00 UTC on the 11th is 22:00 on the 10th in Vancouver.
    expect(at('2026-07-11T05:00:00Z')).toBe('2026-07-10');
  });

  it('goes back across month and year ends', () => {
    expect(at('2027-01-01T01:00:00-08:00')).toBe('2026-12-31');
    expect(at('2026-03-01T02:00:00-08:00')).toBe('2026-02-28');
  });

  it('keeps its 3 am start on the days the clocks change', () => {
    // Spring forward, 8 March 2026: 2 am becomes 3 am.
    expect(at('2026-03-08T01:30:00-08:00')).toBe('2026-03-07');
    expect(at('2026-03-08T03:00:00-07:00')).toBe('2026-03-08');
    // Fall back, 1 November 2026: 1:30 am happens twice, both in the evening before's service.
    expect(at('2026-11-01T01:30:00-07:00')).toBe('2026-10-31');
    expect(at('2026-11-01T01:30:00-08:00')).toBe('2026-10-31');
    expect(at('2026-11-01T03:00:00-08:00')).toBe('2026-11-01');
  });
});
