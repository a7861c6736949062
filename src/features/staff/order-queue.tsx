/** Orders to prepare and deliver: staff advance each one; the rider's order alerts follow the status. */
import { moveOrderStatus } from '@/domain/contracts/orders';
import { staffOrders, type StaffOrder } from '@/domain/contracts/staff-queues';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@/domain/store';
import { formatClock } from '@/domain/time';
import { callApi } from '@/lib/api-client';
import { backOfficeCall, errorMessage } from '@/lib/back-office-call';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';

import { StaffQueueSection } from './staff-queue-section';
import type { StaffPageRequest } from './use-staff-queue';

const openOrders = (page: StaffPageRequest) => callApi(staffOrders, { query: page });

function nextStatus(status: OrderStatus): OrderStatus | undefined {
  return ORDER_STATUSES[ORDER_STATUSES.indexOf(status) + 1];
}

function OrderCard({ order, onDone }: { order: StaffOrder; onDone: () => void }) {
  async function advance(status: OrderStatus) {
    try {
      await backOfficeCall(moveOrderStatus, { params: { id: order.id }, body: { status } });
      toast.success(`Order ${order.id}: ${ORDER_STATUS_LABELS[status]}`);
      onDone();
    } catch (e) {
      toast.error('Could not update the order', { description: errorMessage(e) });
    }
  }
  const next = nextStatus(order.status);
  return (
    <li className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm" aria-label={`Order ${order.id}`}>
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
        <Button size="sm" className="w-fit" onClick={() => void advance(next)}>
          Mark {ORDER_STATUS_LABELS[next]}
        </Button>
      ) : null}
    </li>
  );
}

export function OrderQueue() {
  return (
    <StaffQueueSection<StaffOrder>
      id="order-queue"
      title="Orders to prepare and deliver"
      read={openOrders}
      empty="No open orders."
      renderItem={(order, refresh) => <OrderCard key={order.id} order={order} onDone={refresh} />}
    />
  );
}
