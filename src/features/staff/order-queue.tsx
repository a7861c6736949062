/** Orders to prepare and deliver: staff advance each one; the rider's order alerts follow the status. */
import { toast } from '@/lib/toast';
import { STAFF_QUEUE_POLL_MS } from '@/domain/constants';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@/domain/store';
import { formatClock } from '@/domain/time';
import { backOfficeWrite, errorMessage } from '@/lib/back-office-write';
import { usePolled } from '@/lib/use-polled';
import { Button } from '@/ui/button';

interface StaffOrder {
  id: number;
  rider: string;
  status: OrderStatus;
  total: string;
  deliveryLocation: string;
  createdAt: string;
  items: Array<{ name: string; quantity: number }>;
}

function nextStatus(status: OrderStatus): OrderStatus | undefined {
  return ORDER_STATUSES[ORDER_STATUSES.indexOf(status) + 1];
}

export function OrderQueue() {
  const { data, error, refresh } = usePolled<StaffOrder[]>('/api/staff/orders', STAFF_QUEUE_POLL_MS);
  async function advance(order: StaffOrder, status: OrderStatus) {
    try {
      await backOfficeWrite(`/api/staff/orders/${order.id}/status`, 'POST', { status });
      toast.success(`Order ${order.id}: ${ORDER_STATUS_LABELS[status]}`);
      refresh();
    } catch (e) {
      toast.error('Could not update the order', { description: errorMessage(e) });
    }
  }
  return (
    <section aria-labelledby="order-queue-title" className="flex flex-col gap-2">
      <h3 id="order-queue-title" className="text-base font-semibold">
        Orders to prepare and deliver {data ? `(${data.length})` : ''}
      </h3>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      {data?.length === 0 ? <p className="text-sm text-muted-foreground">No open orders.</p> : null}
      <ul className="flex flex-col gap-2">
        {data?.map((order) => {
          const next = nextStatus(order.status);
          return (
            <li key={order.id} className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm" aria-label={`Order ${order.id}`}>
              <p className="flex justify-between gap-2 font-medium">
                <span>
                  Order {order.id} · {order.deliveryLocation}
                </span>
                <span>{ORDER_STATUS_LABELS[order.status]}</span>
              </p>
              <p className="text-muted-foreground">
                {order.rider} · {formatClock(order.createdAt)} · ${order.total}
              </p>
              <p>{order.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}</p>
              {next ? (
                <Button size="sm" className="w-fit" onClick={() => void advance(order, next)}>
                  Mark {ORDER_STATUS_LABELS[next]}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
