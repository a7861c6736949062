/**
 * One page of a staff queue (orders, complaints, exception passes, reward claims), so junk filed
 * in bulk cannot push real items out of sight: newest first by default (`order=oldest` for the
 * other way), `limit` items (1 to STAFF_PAGE_MAX, default STAFF_PAGE_DEFAULT), and `cursor` = the
 * `nextCursor` of the page before. Items are ordered by their id, which is the order the server
 * received them in; the answer is `{items, nextCursor}`, `nextCursor` null on the last page.
 */
import { and, asc, desc, gt, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod/mini';

import { staffPageQuerySchema, type StaffPage } from '@/domain/staff-page';

/** A page request as the contracts read it (src/domain/staff-page.ts). */
export type StaffPageQuery = z.output<typeof staffPageQuerySchema>;

/** The page's condition (the queue's own `where` and the cursor) and order, on the table's id. */
export function pageOf(
  id: PgColumn,
  page: StaffPageQuery,
  where: SQL | undefined,
): { where: SQL | undefined; orderBy: SQL; limit: number } {
  const newest = page.order === 'newest';
  const after = page.cursor === undefined ? undefined : newest ? lt(id, page.cursor) : gt(id, page.cursor);
  // One row more than the page says whether another page follows.
  return { where: and(where, after), orderBy: newest ? desc(id) : asc(id), limit: page.limit + 1 };
}

/** The answer: at most `limit` items, and the cursor of the next page when there is one. */
export function toStaffPage<T extends { id: number }>(rows: T[], page: StaffPageQuery): StaffPage<T> {
  const items = rows.slice(0, page.limit);
  return { items, nextCursor: rows.length > page.limit ? (items.at(-1)?.id ?? null) : null };
}

/**
 * Reads one page of a staff queue: the queue's select (built with `.$dynamic()`) with its condition,
 * the cursor, the order and the one-more-row limit applied, each row made an item, the page cut.
 */
export async function readStaffPage<Q extends PgSelect, T extends { id: number }>(
  select: Q,
  id: PgColumn,
  page: StaffPageQuery,
  where: SQL | undefined,
  toItem: (row: Awaited<Q>[number]) => T,
): Promise<StaffPage<T>> {
  const paged = pageOf(id, page, where);
  const rows: Awaited<Q> = await select.where(paged.where).orderBy(paged.orderBy).limit(paged.limit);
  return toStaffPage(rows.map(toItem), page);
}
