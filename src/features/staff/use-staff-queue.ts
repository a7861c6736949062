/**
 * A staff queue read page by page (server/http/staff-page.ts) and polled like every back-office
 * read (./../../lib/use-polled.ts): the pages shown so far are read again in order on each tick and
 * after each action, following each page's cursor, so an item staff act on changes in place. "Load
 * more" adds the next page; changing the order starts again from the first page. The last answer
 * stays on screen while the next is read, and a failed read shows as an error beside it.
 *
 * The queue is read from a `source`: a page reader (a function that calls the queue's contract; keep
 * it the same function from render to render, e.g. declared at module level).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

import { STAFF_QUEUE_POLL_MS } from '@/domain/constants';
import type { StaffPage, StaffQueueOrder } from '@/domain/staff-page';

/** Items a page shows. */
export const STAFF_QUEUE_PAGE_SIZE = 25;

/** What a page read asks for. */
export interface StaffPageRequest {
  order: StaffQueueOrder;
  limit: number;
  cursor?: number;
}
export type StaffPageReader<T> = (page: StaffPageRequest) => Promise<StaffPage<T>>;

export interface StaffQueue<T> {
  items: T[] | undefined;
  /** More items follow the ones shown. */
  more: boolean;
  error: string | null;
  order: StaffQueueOrder;
  setOrder: (order: StaffQueueOrder) => void;
  loadMore: () => void;
  refresh: () => void;
}

interface Shown<T> {
  source: StaffPageReader<T>;
  order: StaffQueueOrder;
  items: T[] | undefined;
  more: boolean;
  error: string | null;
}

export function useStaffQueue<T>(source: StaffPageReader<T>): StaffQueue<T> {
  const [order, setOrderState] = useState<StaffQueueOrder>('newest');
  const [pages, setPages] = useState(1);
  const [shown, setShown] = useState<Shown<T>>({ source, order, items: undefined, more: false, error: null });
  const latest = useRef(0);

  const load = useCallback(() => {
    const call = ++latest.current;
    void (async () => {
      const items: T[] = [];
      let cursor: number | null = null;
      for (let page = 0; page < pages; page += 1) {
        const answer: StaffPage<T> = await source({
          order,
          limit: STAFF_QUEUE_PAGE_SIZE,
          ...(cursor === null ? {} : { cursor }),
        });
        items.push(...answer.items);
        cursor = answer.nextCursor;
        if (cursor === null) break;
      }
      return { items, more: cursor !== null };
    })().then(
      ({ items, more }) => call === latest.current && setShown({ source, order, items, more, error: null }),
      (error: unknown) =>
        call === latest.current &&
        setShown((s) => ({
          ...(s.source === source && s.order === order ? s : { items: undefined, more: false }),
          source,
          order,
          error: error instanceof Error ? error.message : String(error),
        })),
    );
  }, [source, order, pages]);

  useEffect(() => {
    load();
    const timer = setInterval(load, STAFF_QUEUE_POLL_MS);
    return () => {
      latest.current += 1;
      clearInterval(timer);
    };
  }, [load]);

  const mine = shown.source === source && shown.order === order;
  return {
    items: mine ? shown.items : undefined,
    more: mine && shown.more,
    error: mine ? shown.error : null,
    order,
    setOrder: (next) => {
      setPages(1);
      setOrderState(next);
    },
    loadMore: () => setPages((p) => p + 1),
    refresh: load,
  };
}
