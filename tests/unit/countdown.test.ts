import { describe, expect, it } from 'vitest';

import { departsInText, minutesUntil } from '@/domain/countdown';

const NOW = Date.parse('2026-07-10T16:00:00-07:00');

describe('the one countdown every card shows (rider-core §2 Next Ferry "Now boarding when zero or less", §9 "N/A when missing")', () => {
  it('rounds the minutes still to go up, as a phone timer does', () => {
    expect(minutesUntil(NOW + 1, NOW)).toBe(1);
    expect(minutesUntil(NOW + 30_000, NOW)).toBe(1);
    expect(minutesUntil(NOW + 60_000, NOW)).toBe(1);
    expect(minutesUntil(NOW + 60_001, NOW)).toBe(2);
  });

  it('reads 0 once the instant has come, never less', () => {
    expect(minutesUntil(NOW, NOW)).toBe(0);
    expect(minutesUntil(NOW - 10 * 60_000, NOW)).toBe(0);
  });

  it('reads an ISO text with its offset or epoch milliseconds the same way', () => {
    expect(minutesUntil('2026-07-10T16:12:00-07:00', NOW)).toBe(12);
    expect(minutesUntil('2026-07-10T23:12:00Z', NOW)).toBe(12);
    expect(minutesUntil(NOW + 12 * 60_000, NOW)).toBe(12);
  });

  it('has no figure for a missing or unreadable instant', () => {
    expect(minutesUntil(null, NOW)).toBeNull();
    expect(minutesUntil(undefined, NOW)).toBeNull();
    expect(minutesUntil('', NOW)).toBeNull();
    expect(minutesUntil('half past four', NOW)).toBeNull();
    expect(minutesUntil(Number.NaN, NOW)).toBeNull();
  });

  it('says "Now boarding" at zero or less, else "Departs in N min"', () => {
    expect(departsInText(0)).toBe('Now boarding');
    expect(departsInText(-3)).toBe('Now boarding');
    expect(departsInText(1)).toBe('Departs in 1 min');
    expect(departsInText(45)).toBe('Departs in 45 min');
  });
});
