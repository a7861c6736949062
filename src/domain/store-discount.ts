/**
 * What a discount reward takes off a store order (rider-core §2 Rewards: "discount issues a code the
 * store accepts"; §3 Reward; DESIGN.md "The server computes money"). The server prices the order and
 * calls this with its own catalogue lines; the client only shows what the server answered.
 *
 * - "20% Off Snacks" (snack-discount): 20% of the order's snack lines, half-up on the cent.
 * - "Free Medium Coffee" (free-coffee): the price of one Medium Coffee in the order.
 * A code whose reward the order cannot use is refused with a message saying what it needs.
 */
import { z } from 'zod/mini';

import { divideRoundHalfUp, toCents } from './money';

export const SNACK_DISCOUNT_PERCENT = 20;
export const FREE_COFFEE_ITEM_ID = 'coffee-medium';
/** Codes look like DH-1A2B3C4D; anything longer is not one. */
export const DISCOUNT_CODE_MAX = 40;

export const DISCOUNT_MESSAGES = {
  invalid: 'That discount code is not valid. Use a code from your Rewards tab.',
  used: 'That discount code has already been used.',
  snacks: `This code takes ${SNACK_DISCOUNT_PERCENT}% off snacks; add a snack to your cart to use it.`,
  coffee: 'This code is for one Medium Coffee; add one to your cart to use it.',
  notForStore: 'This reward cannot be used in the store.',
} as const;

/** The code as the rider typed it, trimmed and upper-cased ("dh-1a2b" → "DH-1A2B"). */
export const discountCodeSchema = z
  .string()
  .check(z.trim(), z.toUpperCase(), z.maxLength(DISCOUNT_CODE_MAX, DISCOUNT_MESSAGES.invalid));

export interface DiscountLine {
  storeItemId: string;
  category: string;
  quantity: number;
  price: string;
}

export type DiscountResult = { ok: true; cents: number } | { ok: false; message: string };

/** The discount in cents a reward gives on these (server-priced) lines, never more than their total. */
export function storeDiscount(rewardId: string, lines: readonly DiscountLine[]): DiscountResult {
  switch (rewardId) {
    case 'snack-discount': {
      const snacks = lines
        .filter((line) => line.category === 'snacks')
        .reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
      if (snacks === 0) return { ok: false, message: DISCOUNT_MESSAGES.snacks };
      return { ok: true, cents: divideRoundHalfUp(snacks * SNACK_DISCOUNT_PERCENT, 100) };
    }
    case 'free-coffee': {
      const coffee = lines.find((line) => line.storeItemId === FREE_COFFEE_ITEM_ID && line.quantity > 0);
      if (!coffee) return { ok: false, message: DISCOUNT_MESSAGES.coffee };
      return { ok: true, cents: toCents(coffee.price) };
    }
    default:
      return { ok: false, message: DISCOUNT_MESSAGES.notForStore };
  }
}
