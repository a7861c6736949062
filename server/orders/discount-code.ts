/**
 * Discount codes in store orders (rewards: claiming a discount reward issues a DH-… code on the
 * claim). A code is the claiming rider's only and pays once: it is marked used with a conditional
 * UPDATE (`code_used_at IS NULL`) inside the order's transaction, so two orders racing with one code
 * give one discounted order and one 409, and a refused order leaves the code unused.
 */
import { and, eq, isNull } from 'drizzle-orm';

import { DISCOUNT_MESSAGES, storeDiscount, type DiscountLine } from '@/domain/store-discount';

import type { Db } from '../db/db-handle';
import { rewardClaims } from '../db/schema';
import { httpError } from '../http/errors';

/** Takes the rider's code for these server-priced lines: answers the discount in cents, or throws 4xx. */
export async function redeemDiscountCode(
  tx: Db,
  userId: number,
  code: string,
  lines: readonly DiscountLine[],
  now: Date,
): Promise<number> {
  const [claim] = await tx
    .select()
    .from(rewardClaims)
    .where(and(eq(rewardClaims.code, code), eq(rewardClaims.userId, userId)))
    .limit(1);
  // Another rider's code is answered like an unknown one: codes are not to be found by trying.
  if (!claim) throw httpError(422, 'invalid_discount_code', DISCOUNT_MESSAGES.invalid);
  if (claim.codeUsedAt) throw httpError(409, 'discount_code_used', DISCOUNT_MESSAGES.used);
  const discount = storeDiscount(claim.rewardId, lines);
  if (!discount.ok) throw httpError(422, 'discount_not_applicable', discount.message);
  const [taken] = await tx
    .update(rewardClaims)
    .set({ codeUsedAt: now })
    .where(and(eq(rewardClaims.id, claim.id), isNull(rewardClaims.codeUsedAt)))
    .returning({ id: rewardClaims.id });
  if (!taken) throw httpError(409, 'discount_code_used', DISCOUNT_MESSAGES.used);
  return discount.cents;
}
