/**
 * A page of a staff queue as the server answers it (server/http/staff-page.ts): the order is stated
 * on screen, newest first unless staff ask for the oldest first.
 */
import { z } from 'zod/mini';

import { serialIdParam } from './value-ranges';

export const STAFF_QUEUE_ORDERS = ['newest', 'oldest'] as const;
export type StaffQueueOrder = (typeof STAFF_QUEUE_ORDERS)[number];
export const STAFF_PAGE_MAX = 100;
export const STAFF_PAGE_DEFAULT = 50;

export interface StaffPage<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: number | null;
}

/** Which page of a staff queue: `limit` items, in `order`, after `cursor` (the last page's nextCursor). */
export const staffPageQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(STAFF_PAGE_MAX)), STAFF_PAGE_DEFAULT),
  order: z._default(z.enum(STAFF_QUEUE_ORDERS), 'newest'),
  cursor: z.optional(serialIdParam),
});

/** The answer schema of a staff queue whose items are `item`. */
export function staffPageSchema<T extends z.core.$ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.nullable(z.int()) });
}

export const STAFF_QUEUE_ORDER_LABELS: Record<StaffQueueOrder, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
};
