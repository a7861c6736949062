/**
 * A page of a staff queue as the server answers it (server/http/staff-page.ts): the order is stated
 * on screen, newest first unless staff ask for the oldest first.
 */
export const STAFF_QUEUE_ORDERS = ['newest', 'oldest'] as const;
export type StaffQueueOrder = (typeof STAFF_QUEUE_ORDERS)[number];
export const STAFF_PAGE_MAX = 100;
export const STAFF_PAGE_DEFAULT = 50;

export interface StaffPage<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: number | null;
}

export const STAFF_QUEUE_ORDER_LABELS: Record<StaffQueueOrder, string> = { newest: 'Newest first', oldest: 'Oldest first' };
