/**
 * Riders' Web Push subscriptions as stored, one row per browser endpoint. Saving takes the route's
 * transaction: an endpoint sent again (new keys, or a browser now signed in as another rider) moves
 * to that rider with the latest keys, and a rider keeps at most MAX_PUSH_SUBSCRIPTIONS_PER_RIDER,
 * the newest, so one account cannot make every alert fan out without bound.
 */
import { and, desc, eq, ne, notInArray } from 'drizzle-orm';

import { MAX_PUSH_SUBSCRIPTIONS_PER_RIDER } from '@/domain/contracts/notifications';
import type { PushSubscriptionInput } from '@/domain/notification';

import type { Db } from '../db/db-handle';
import { pushSubscriptions } from '../db/schema';

export async function saveSubscription(tx: Db, userId: number, input: PushSubscriptionInput): Promise<void> {
  const values = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: new Date() };
  await tx
    .insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  // The one just sent always stays; of the others, the newest fill the remaining places.
  const others = and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, input.endpoint));
  const keep = tx
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(others)
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.endpoint))
    .limit(MAX_PUSH_SUBSCRIPTIONS_PER_RIDER - 1);
  await tx.delete(pushSubscriptions).where(and(others, notInArray(pushSubscriptions.endpoint, keep)));
}

/** Every stored subscription of the rider (at most MAX_PUSH_SUBSCRIPTIONS_PER_RIDER). */
export function subscriptionsOf(handle: Db, userId: number) {
  return handle.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Removes the rider's subscription for `endpoint`, if they have it; another rider's is never touched. */
export async function removeSubscription(tx: Db, userId: number, endpoint: string): Promise<void> {
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
}
