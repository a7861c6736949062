/**
 * One staff queue on Operations: its title with how many items are shown, the order (newest first
 * unless staff choose the oldest first), the items, and "Load more" while older (or newer) items
 * follow, so nothing filed in bulk can keep an item out of reach.
 */
import type { ReactNode } from 'react';

import { STAFF_QUEUE_ORDER_LABELS, STAFF_QUEUE_ORDERS, type StaffQueueOrder } from '@/domain/staff-page';
import { Button } from '@/ui/button';
import { fieldClass } from '@/ui/field';

import { useStaffQueue, type StaffPageReader } from './use-staff-queue';

type Props<T> = {
  id: string;
  title: string;
  empty: string;
  renderItem: (item: T, refresh: () => void) => ReactNode;
  /** Where its pages come from: a page reader calling the queue's contract. */
  read: StaffPageReader<T>;
};

export function StaffQueueSection<T>({ id, title, read, empty, renderItem }: Props<T>) {
  const queue = useStaffQueue<T>(read);
  const titleId = `${id}-title`;
  const count = queue.items ? ` (${queue.items.length}${queue.more ? '+' : ''})` : '';
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          {title}
          {count}
        </h3>
        <select
          aria-label={`Order of ${title.toLowerCase()}`}
          className={`${fieldClass} text-sm`}
          value={queue.order}
          onChange={(e) => queue.setOrder(e.target.value as StaffQueueOrder)}
        >
          {STAFF_QUEUE_ORDERS.map((order) => (
            <option key={order} value={order}>
              {STAFF_QUEUE_ORDER_LABELS[order]}
            </option>
          ))}
        </select>
      </div>
      {queue.error ? <p className="text-sm text-destructive">{queue.error}</p> : null}
      {queue.items?.length === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : null}
      <ul className="flex flex-col gap-2">{queue.items?.map((item) => renderItem(item, queue.refresh))}</ul>
      {queue.items && queue.items.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>
            Showing {queue.items.length}, {STAFF_QUEUE_ORDER_LABELS[queue.order].toLowerCase()}
            {queue.more ? '' : ' (all of them)'}
          </span>
          {queue.more ? (
            <Button size="sm" variant="outline" onClick={queue.loadMore}>
              Load more
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
