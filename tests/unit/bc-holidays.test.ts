import { describe, expect, it } from 'vitest';

import { bcHolidayOn, bcStatutoryHolidays, dayKind } from '@/domain/bc-holidays';

describe("BC's statutory holidays", () => {
  it('lists the eleven holidays of 2026 on the days they are observed', () => {
    expect(bcStatutoryHolidays(2026).map((h) => `${h.day} ${h.name}`)).toEqual([
      "2026-01-01 New Year's Day",
      '2026-02-16 Family Day',
      '2026-04-03 Good Friday',
      '2026-05-18 Victoria Day',
      '2026-07-01 Canada Day',
      '2026-08-03 B.C. Day',
      '2026-09-07 Labour Day',
      '2026-09-30 National Day for Truth and Reconciliation',
      '2026-10-12 Thanksgiving Day',
      '2026-11-11 Remembrance Day',
      '2026-12-25 Christmas Day',
    ]);
  });

  it('moves a fixed-date holiday on a weekend to the Monday after', () => {
    expect(bcHolidayOn('2027-12-27')?.name).toBe('Christmas Day'); // Dec 25 2027 is a Saturday
    expect(bcHolidayOn('2027-12-25')).toBeUndefined();
    expect(bcHolidayOn('2029-07-02')?.name).toBe('Canada Day'); // Jul 1 2029 is a Sunday
  });

  it('puts Victoria Day on the Monday before May 25, also when May 24 is a Monday', () => {
    expect(bcHolidayOn('2027-05-24')?.name).toBe('Victoria Day');
    expect(bcHolidayOn('2025-05-19')?.name).toBe('Victoria Day');
  });

  it('finds Good Friday from Easter', () => {
    expect(bcHolidayOn('2025-04-18')?.name).toBe('Good Friday');
    expect(bcHolidayOn('2027-03-26')?.name).toBe('Good Friday');
  });

  it('has no Truth and Reconciliation day before 2023', () => {
    expect(bcHolidayOn('2022-09-30')).toBeUndefined();
    expect(bcHolidayOn('2023-10-02')?.name).toBe('National Day for Truth and Reconciliation'); // Sep 30 2023 is a Saturday
  });
});

describe('long weekends', () => {
  it('runs from the Friday to a holiday Monday', () => {
    expect(['2026-08-01', '2026-08-02'].map(dayKind)).toEqual(['long-weekend', 'long-weekend']);
    expect(dayKind('2026-07-31')).toBe('long-weekend');
    expect(dayKind('2026-08-03')).toBe('holiday');
    expect(dayKind('2026-08-04')).toBe('regular');
    expect(dayKind('2026-07-30')).toBe('regular');
  });

  it('runs from Good Friday to Easter Monday', () => {
    expect(['2026-04-03', '2026-04-04', '2026-04-05', '2026-04-06'].map(dayKind)).toEqual([
      'holiday',
      'long-weekend',
      'long-weekend',
      'long-weekend',
    ]);
  });

  it('makes no long weekend of a midweek holiday', () => {
    expect(dayKind('2026-07-01')).toBe('holiday'); // a Wednesday
    expect(dayKind('2026-06-27')).toBe('regular');
    expect(dayKind('2026-07-03')).toBe('regular');
  });

  it('calls an ordinary Friday regular', () => {
    expect(dayKind('2026-11-20')).toBe('regular');
  });
});
