/**
 * "Your Orders": the rider's orders, newest first, with where each stands (queued, refused, or the
 * status staff last set) and, until staff mark it delivered, the usual handover time named as an estimate.
 */
import { useLiveQuery } from 'dexie-react-hooks';

import type { DeckhandDB, OrderRow } from '@/data/db';
import { formatCad, toCents } from '@/domain/money';
import { orderDeliveryEstimate } from '@/domain/order-delivery';
import { ORDER_STATUS_LABELS } from '@/domain/store';
import { formatClock } from '@/domain/time';
import { useNow } from '@/ui/use-now';

export const ORDER_QUEUED_LABEL = "Queued — sends when you're back online";

export function orderStateLabel(row: Pick<OrderRow, 'syncState' | 'syncError' | 'status'>): string {
  if (row.syncState === 'queued') return ORDER_QUEUED_LABEL;
  if (row.syncState === 'failed') return row.syncError ? `Not placed: ${row.syncError}` : 'Not placed';
  return ORDER_STATUS_LABELS[row.status ?? 'received'];
}

function tone(row: OrderRow): string {
  if (row.syncState === 'failed') return 'text-destructive';
  if (row.syncState === 'queued') return 'text-muted-foreground';
  return 'text-success';
}

/** The order's discount as the server answered it, or the code still waiting to be checked. */
function DiscountLine({ row }: { row: OrderRow }) {
  if (row.discount && toCents(row.discount) > 0) {
    return (
      <p className="text-success">
        Discount {row.discountCode ?? ''}: −{formatCad(toCents(row.discount))}
      </p>
    );
  }
  if (row.discountCode && row.syncState === 'queued')
    return <p className="text-muted-foreground">Discount code {row.discountCode}: checked when sent</p>;
  return null;
}

/** The estimate beside a placed order's status; nothing for queued, refused or delivered orders. */
function EstimateLine({ row, now }: { row: OrderRow; now: number }) {
  if (row.syncState === 'queued' || row.syncState === 'failed') return null;
  const estimate = orderDeliveryEstimate(row.createdAt, row.status ?? 'received', now);
  if (estimate.kind === 'none') return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="order-estimate">
      {estimate.kind === 'expected'
        ? `Estimated delivery around ${formatClock(estimate.at)} (an estimate: staff update the status as they go)`
        : `Usually delivered by ${formatClock(estimate.at)}; staff have not marked it delivered yet`}
    </p>
  );
}

export function OrderList({ database, headingId }: { database: DeckhandDB; headingId: string }) {
  const orders = useLiveQuery(() => database.orders.orderBy('createdAt').reverse().toArray(), [database]);
  const now = useNow(30_000);
  if (orders === undefined) return null;
  if (orders.length === 0) return <p className="text-sm text-muted-foreground">No orders yet.</p>;
  return (
    <ul aria-labelledby={headingId} className="flex flex-col gap-2">
      {orders.map((row) => (
        <li key={row.localId} className="rounded-md border border-border p-3 text-sm" data-testid="order">
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium">{row.serverId ? `Order #${row.serverId}` : 'New order'}</span>
            <span className="text-xs text-muted-foreground">{formatClock(row.createdAt)}</span>
          </p>
          <p className="break-words">{row.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}</p>
          <p className="text-muted-foreground">
            {formatCad(toCents(row.total))} · to {row.deliveryLocation}
          </p>
          <DiscountLine row={row} />
          <p className={`mt-1 font-medium ${tone(row)}`}>{orderStateLabel(row)}</p>
          <EstimateLine row={row} now={now} />
        </li>
      ))}
    </ul>
  );
}
