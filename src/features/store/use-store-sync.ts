/**
 * What the store's screens keep running while shown: pull the catalogue (and, on the store page, the
 * rider's orders, refreshed every ORDER_REFRESH_MS so statuses move) whenever online, and act once on
 * every order outcome (settleOrders): an accepted order takes its items out of the cart and shows
 * "Order Placed"; a finally refused one shows the spec's failure text and leaves the cart alone.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';

import type { DeckhandDB } from '@/data/db';
import { needsSettling, pullOrders, settleOrders } from '@/data/orders';
import { pullStoreItems } from '@/data/store-catalogue';
import { ORDER_TOASTS } from '@/domain/store';
import { toast } from '@/lib/toast';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { logFailure } from '@/sync/log-failure';

import { useCartStore } from './cart-store';

/** While the store page is open and online, order statuses are re-read this often. */
export const ORDER_REFRESH_MS = 30_000;

export function useStoreSync(database: DeckhandDB, options: { orders: boolean }): void {
  const online = useConnectivityStore((state) => state.online);
  const withOrders = options.orders;

  useEffect(() => {
    if (!online) return;
    pullStoreItems(database).catch(logFailure('Store pull'));
    if (!withOrders) return;
    pullOrders(database).catch(logFailure('Order pull'));
    const timer = setInterval(() => pullOrders(database).catch(logFailure('Order pull')), ORDER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [database, online, withOrders]);

  const outcomes = useLiveQuery(() => database.orders.filter(needsSettling).count(), [database]);

  useEffect(() => {
    if (!outcomes) return;
    void settleOrders(database).then((rows) => {
      let accepted = false;
      for (const row of rows) {
        if (row.syncState === 'sent') {
          accepted = true;
          useCartStore.getState().removeOrdered(row.items);
          // The code paid for this order; it cannot be used again.
          if (row.discountCode && useCartStore.getState().discountCode === row.discountCode)
            useCartStore.getState().setDiscountCode(null);
          toast.success(ORDER_TOASTS.placed.title, { description: ORDER_TOASTS.placed.description });
        } else {
          // A refused discount code says why (the server's message), so the rider can fix or remove it.
          toast.error('Error', {
            description:
              row.discountCode && row.syncError ? `${ORDER_TOASTS.failure} ${row.syncError}` : ORDER_TOASTS.failure,
          });
        }
      }
      if (accepted && useConnectivityStore.getState().online) pullOrders(database).catch(logFailure('Order pull'));
    });
  }, [database, outcomes]);
}
