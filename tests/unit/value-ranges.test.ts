import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import {
  calendarDateInRange,
  INSTANT_MAX,
  INSTANT_MIN,
  INSTANT_RANGE_MESSAGE,
  instantInRange,
  instantSchema,
  PG_INT_MAX,
  rowIdSchema,
  serialIdParam,
} from '@/domain/value-ranges';

const accepts = (schema: z.core.$ZodType, value: unknown) => z.safeParse(schema, value).success;

describe('what the database can hold, checked at validation (docs/security.md "Input": path ids beyond int4 are 400)', () => {
  it('takes a row id in a path as a positive int4, from 1 up to 2,147,483,647', () => {
    expect(z.parse(serialIdParam, '1')).toBe(1);
    expect(z.parse(serialIdParam, '2147483647')).toBe(PG_INT_MAX);
    expect(PG_INT_MAX).toBe(2 ** 31 - 1);
    expect(accepts(serialIdParam, '2147483648')).toBe(false);
    expect(accepts(serialIdParam, '0')).toBe(false);
    expect(accepts(serialIdParam, '-3')).toBe(false);
    expect(accepts(serialIdParam, '1.5')).toBe(false);
    expect(accepts(serialIdParam, 'abc')).toBe(false);
  });

  it('takes a row id in a body only as a whole positive number within int4, never as text', () => {
    expect(accepts(rowIdSchema, 1)).toBe(true);
    expect(accepts(rowIdSchema, PG_INT_MAX)).toBe(true);
    expect(accepts(rowIdSchema, PG_INT_MAX + 1)).toBe(false);
    expect(accepts(rowIdSchema, 0)).toBe(false);
    expect(accepts(rowIdSchema, 2.5)).toBe(false);
    expect(accepts(rowIdSchema, '7')).toBe(false);
  });

  it('takes instants from 1 January 2000 up to, not including, 1 January 2100', () => {
    expect(new Date(INSTANT_MIN).toISOString()).toBe('2000-01-01T00:00:00.000Z');
    expect(new Date(INSTANT_MAX).toISOString()).toBe('2100-01-01T00:00:00.000Z');
    expect(instantInRange('2000-01-01T00:00:00Z')).toBe(true);
    expect(instantInRange('1999-12-31T23:59:59.999Z')).toBe(false);
    expect(instantInRange('2099-12-31T23:59:59.999Z')).toBe(true);
    expect(instantInRange('2100-01-01T00:00:00Z')).toBe(false);
    expect(instantInRange('not a date')).toBe(false);
    expect(instantInRange('')).toBe(false);
  });

  it('reads the offset when placing an instant in the range', () => {
    // 2099-12-31 20:00 at -08:00 is 2100-01-01 04:00 UTC: past the range.
    expect(instantInRange('2099-12-31T20:00:00-08:00')).toBe(false);
    expect(instantInRange('2000-01-01T06:00:00+08:00')).toBe(false);
  });

  it('wants an ISO 8601 instant with its offset, and names the range when it is outside it', () => {
    expect(accepts(instantSchema, '2026-07-10T16:00:00-07:00')).toBe(true);
    expect(accepts(instantSchema, '2026-07-10T23:00:00.000Z')).toBe(true);
    expect(accepts(instantSchema, '2026-07-10T16:00:00')).toBe(false);
    expect(accepts(instantSchema, '2026-07-10')).toBe(false);
    expect(accepts(instantSchema, 1_783_724_400_000)).toBe(false);
    const refused = z.safeParse(instantSchema, '9999-01-01T00:00:00Z');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(INSTANT_RANGE_MESSAGE);
    expect(INSTANT_RANGE_MESSAGE).toBe('must be a date between the years 2000 and 2100');
  });

  it('takes a YYYY-MM-DD date only when the calendar has that day, in the same years', () => {
    expect(calendarDateInRange('2026-07-10')).toBe(true);
    expect(calendarDateInRange('2028-02-29')).toBe(true);
    expect(calendarDateInRange('2000-01-01')).toBe(true);
    expect(calendarDateInRange('2099-12-31')).toBe(true);
    for (const key of [
      '2027-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-7-10',
      '1999-12-31',
      '2100-01-01',
      '',
    ]) {
      expect(calendarDateInRange(key), key).toBe(false);
    }
  });
});
