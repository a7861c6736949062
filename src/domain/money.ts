/**
 * Money as integer cents (CAD). Prices travel as decimal strings with two places (rider-core §3
 * "price (decimal string)", "total (2 decimals)"); every sum, multiplier and tax is computed on
 * integers so no binary-float error can reach a total. Rounding is half-up on the cent.
 */

const DECIMAL_PATTERN = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** "18.5" or "18.50" → 1850. Throws RangeError for anything that is not a non-negative amount. */
export function toCents(decimal: string): number {
  const match = DECIMAL_PATTERN.exec(decimal.trim());
  if (!match) throw new RangeError(`Not an amount: ${JSON.stringify(decimal)}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '0').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** 1850 → "18.50" (the wire format of prices and totals). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1850 → "$18.50". */
export function formatCad(cents: number): string {
  const decimal = centsToDecimal(cents);
  return decimal.startsWith('-') ? `-$${decimal.slice(1)}` : `$${decimal}`;
}

/** numerator / denominator rounded half-up, for non-negative integers. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}
