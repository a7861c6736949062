/**
 * A staff queue read page by page (server/http/staff-page.ts) and polled like every back-office
 * read (./../../lib/use-polled.ts): the pages shown so far are read again in order on each tick and
 * after each action, following each page's cursor, so an item staff act on changes in place. "Load
 * more" adds the next page; changing the order starts again from the first page. The last answer
 * stays on screen while the next is read, and a failed read shows as an error beside it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { STAFF_QUEUE_POLL_MS } from '@/domain/constants';
import type { CallInput, Contract } from '@/domain/contracts/contract';
import type { StaffPage, StaffQueueOrder } from '@/domain/staff-page';
import { apiGet, callApi } from '@/lib/api-client';

/** Items a page shows. */
export const STAFF_QUEUE_PAGE_SIZE = 25;

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
  key: string;
  items: T[] | undefined;
  more: boolean;
  error: string | null;
}

/** A staff queue's list endpoint: a GET whose query takes `order`, `limit` and `cursor` and whose answer is a StaffPage. */
export type StaffQueueContract = Contract & { method: 'GET'; query: NonNullable<Contract['query']> };

/** Where a queue is read from: its contract, or a path with its own filter in the query string. */
export type StaffQueueSource = string | StaffQueueContract;

function pageUrl(path: string, order: StaffQueueOrder, cursor: number | null): string {
  const query = `order=${order}&limit=${STAFF_QUEUE_PAGE_SIZE}${cursor === null ? '' : `&cursor=${cursor}`}`;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

function readPage<T>(source: StaffQueueSource, order: StaffQueueOrder, cursor: number | null): Promise<StaffPage<T>> {
  if (typeof source === 'string') return apiGet<StaffPage<T>>(pageUrl(source, order, cursor));
  const query = { order, limit: STAFF_QUEUE_PAGE_SIZE, cursor: cursor ?? undefined };
  return callApi(source, { query } as CallInput<StaffQueueContract>) as Promise<StaffPage<T>>;
}

export function useStaffQueue<T>(source: StaffQueueSource): StaffQueue<T> {
  const [order, setOrderState] = useState<StaffQueueOrder>('newest');
  const [pages, setPages] = useState(1);
  const key = `${typeof source === 'string' ? source : source.path} ${order}`;
  const [shown, setShown] = useState<Shown<T>>({ key, items: undefined, more: false, error: null });
  const latest = useRef(0);

  const load = useCallback(() => {
    const call = ++latest.current;
    void (async () => {
      const items: T[] = [];
      let cursor: number | null = null;
      for (let page = 0; page < pages; page += 1) {
        const answer: StaffPage<T> = await readPage<T>(source, order, cursor);
        items.push(...answer.items);
        cursor = answer.nextCursor;
        if (cursor === null) break;
      }
      return { items, more: cursor !== null };
    })().then(
      ({ items, more }) => call === latest.current && setShown({ key, items, more, error: null }),
      (error: unknown) =>
        call === latest.current &&
        setShown((s) => ({ ...(s.key === key ? s : { items: undefined, more: false }), key, error: error instanceof Error ? error.message : String(error) })),
    );
  }, [key, source, order, pages]);

  useEffect(() => {
    load();
    const timer = setInterval(load, STAFF_QUEUE_POLL_MS);
    return () => {
      latest.current += 1;
      clearInterval(timer);
    };
  }, [load]);

  const mine = shown.key === key;
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
