/**
 * Moves store orders along by age: received → preparing → on its way → delivered, at the
 * ages below counted from when the order was placed. Each pass moves an order at most one step
 * (stages are applied last-first), so every status is seen by the order-update alerts even after
 * the server was down for a while. The job never moves an order backwards; staff may move one ahead
 * sooner through POST /api/staff/orders/:id/status. Safe on many instances: each step is one
 * conditional UPDATE.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { OrderStatus } from '@/domain/store';
import type { Database } from '../db/client';
import { orders } from '../db/schema';

/** An order starts being prepared this long after it was placed. */
export const ORDER_PREPARING_AFTER_MS = 2 * 60_000;
/** It leaves the kiosk for the car this long after it was placed. */
export const ORDER_ON_ITS_WAY_AFTER_MS = 6 * 60_000;
/** It is handed over at the car this long after it was placed. */
export const ORDER_DELIVERED_AFTER_MS = 12 * 60_000;
/** How often the job runs. */
export const ORDER_PROGRESS_INTERVAL_MS = 15_000;

const STAGES: ReadonlyArray<{ from: OrderStatus; to: OrderStatus; afterMs: number }> = [
  { from: 'on_its_way', to: 'delivered', afterMs: ORDER_DELIVERED_AFTER_MS },
  { from: 'preparing', to: 'on_its_way', afterMs: ORDER_ON_ITS_WAY_AFTER_MS },
  { from: 'received', to: 'preparing', afterMs: ORDER_PREPARING_AFTER_MS },
];

/** One pass at `now`; answers how many orders moved. */
export async function advanceOrders(database: Database, now: Date = new Date()): Promise<number> {
  let moved = 0;
  for (const stage of STAGES) {
    const cutoff = new Date(now.getTime() - stage.afterMs);
    const rows = await database.db
      .update(orders)
      .set({ status: stage.to, statusChangedAt: now })
      .where(and(eq(orders.status, stage.from), lte(orders.createdAt, cutoff)))
      .returning({ id: orders.id });
    moved += rows.length;
  }
  return moved;
}

/** Runs advanceOrders every ORDER_PROGRESS_INTERVAL_MS; returns the stop function. */
export function startOrderProgress(database: Database, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    advanceOrders(database)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, ORDER_PROGRESS_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
