import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import {
  STAFF_PAGE_DEFAULT,
  STAFF_PAGE_MAX,
  STAFF_QUEUE_ORDER_LABELS,
  staffPageQuerySchema,
  staffPageSchema,
} from '@/domain/staff-page';

const query = (input: Record<string, string>) => z.safeParse(staffPageQuerySchema, input);

describe('a page of a staff queue (membership §2 staff dashboard; docs/back-office.md "Screens and queues")', () => {
  it('gives the newest 50 first when staff ask for nothing', () => {
    expect(query({}).data).toEqual({ limit: STAFF_PAGE_DEFAULT, order: 'newest' });
    expect(STAFF_PAGE_DEFAULT).toBe(50);
  });

  it('reads the limit from the query text, from 1 to 100 whole items', () => {
    expect(query({ limit: '1' }).data?.limit).toBe(1);
    expect(query({ limit: '100' }).data?.limit).toBe(STAFF_PAGE_MAX);
    expect(STAFF_PAGE_MAX).toBe(100);
    expect(query({ limit: '0' }).success).toBe(false);
    expect(query({ limit: '101' }).success).toBe(false);
    expect(query({ limit: '2.5' }).success).toBe(false);
    expect(query({ limit: 'all' }).success).toBe(false);
  });

  it('takes the oldest first only when asked, and refuses any other order', () => {
    expect(query({ order: 'oldest' }).data?.order).toBe('oldest');
    expect(query({ order: 'random' }).success).toBe(false);
  });

  it('continues after a cursor that is a row id, and refuses one that cannot be', () => {
    expect(query({ cursor: '42' }).data).toEqual({ limit: 50, order: 'newest', cursor: 42 });
    expect(query({ cursor: '0' }).success).toBe(false);
    expect(query({ cursor: '2147483648' }).success).toBe(false);
  });

  it('states the order on screen in words', () => {
    expect(STAFF_QUEUE_ORDER_LABELS).toEqual({ newest: 'Newest first', oldest: 'Oldest first' });
  });

  it('answers the items with the cursor of the next page, null on the last page', () => {
    const page = staffPageSchema(z.object({ id: z.int() }));
    expect(z.safeParse(page, { items: [{ id: 3 }], nextCursor: 3 }).success).toBe(true);
    expect(z.safeParse(page, { items: [], nextCursor: null }).success).toBe(true);
    expect(z.safeParse(page, { items: [{ id: 'x' }], nextCursor: null }).success).toBe(false);
    expect(z.safeParse(page, { items: [] }).success).toBe(false);
  });
});
