import { describe, expect, it } from 'vitest';

import { centsToDecimal, divideRoundHalfUp, formatCad, toCents } from '@/domain/money';

describe('money as integer cents (rider-core §3 "price (decimal string)", "total (2 decimals)"; §9 fares)', () => {
  it('converts decimal strings and cents exactly', () => {
    expect([toCents('18.50'), toCents('18.5'), toCents('0.07'), toCents('103.75'), toCents('3')]).toEqual([
      1850, 1850, 7, 10375, 300,
    ]);
    expect([centsToDecimal(1850), centsToDecimal(7), centsToDecimal(0), centsToDecimal(-250)]).toEqual([
      '18.50',
      '0.07',
      '0.00',
      '-2.50',
    ]);
    expect(formatCad(12681)).toBe('$126.81');
    expect(() => toCents('1.234')).toThrow(RangeError);
    expect(() => toCents('-1.00')).toThrow(RangeError);
    expect([divideRoundHalfUp(5, 10), divideRoundHalfUp(4, 10), divideRoundHalfUp(14767, 10)]).toEqual([1, 0, 1477]);
  });

  it('reads an amount with white space around it, and refuses anything that is not one', () => {
    expect(toCents(' 3.25 ')).toBe(325);
    for (const text of ['', ' ', 'abc', '1e3', '1,50', '.50', '3.', '$3.25', '1234567890.00']) {
      expect(() => toCents(text), text).toThrow(RangeError);
    }
  });

  it('writes only whole numbers of cents', () => {
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
    expect(() => centsToDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => formatCad(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('shows dollars with the sign before the dollar sign', () => {
    expect(formatCad(0)).toBe('$0.00');
    expect(formatCad(5)).toBe('$0.05');
    expect(formatCad(-250)).toBe('-$2.50');
  });

  it('rounds a half cent up, never to the even cent', () => {
    expect([divideRoundHalfUp(15, 10), divideRoundHalfUp(25, 10), divideRoundHalfUp(24, 10)]).toEqual([2, 3, 2]);
    expect(divideRoundHalfUp(0, 100)).toBe(0);
  });
});
