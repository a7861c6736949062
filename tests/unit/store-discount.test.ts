import { describe, expect, it } from 'vitest';

import { DISCOUNT_MESSAGES, discountCodeSchema, storeDiscount } from '@/domain/store-discount';

const coffee = { storeItemId: 'coffee-medium', category: 'beverages', quantity: 2, price: '3.25' };
const bars = { storeItemId: 'nanaimo-bar', category: 'snacks', quantity: 3, price: '3.95' };
const chips = { storeItemId: 'kettle-chips', category: 'snacks', quantity: 1, price: '2.95' };

describe('storeDiscount', () => {
  it('takes 20% off the snack lines only, half-up on the cent', () => {
    // (3 × 3.95 + 2.95) = 14.80 → 2.96
    expect(storeDiscount('snack-discount', [coffee, bars, chips])).toEqual({ ok: true, cents: 296 });
    // 2.95 × 20% = 0.59
    expect(storeDiscount('snack-discount', [chips])).toEqual({ ok: true, cents: 59 });
    expect(storeDiscount('snack-discount', [coffee])).toEqual({ ok: false, message: DISCOUNT_MESSAGES.snacks });
  });

  it('gives one Medium Coffee free, however many are ordered', () => {
    expect(storeDiscount('free-coffee', [bars, coffee])).toEqual({ ok: true, cents: 325 });
    expect(storeDiscount('free-coffee', [bars])).toEqual({ ok: false, message: DISCOUNT_MESSAGES.coffee });
  });

  it('refuses rewards that are not store discounts', () => {
    expect(storeDiscount('sticker-orca', [bars])).toEqual({ ok: false, message: DISCOUNT_MESSAGES.notForStore });
  });

  it('reads codes trimmed and upper-cased', () => {
    expect(discountCodeSchema.parse('  dh-1a2b3c4d ')).toBe('DH-1A2B3C4D');
  });
});
