/**
 * Essentials Store (rider-core §2): every item with add / − / +, the cart with delivery location and
 * Place Order, and the rider's orders with their status. Renders from Dexie only; the catalogue and
 * orders are pulled in the background when online (use-store-sync.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { sortStoreItems } from '@/domain/store';
import { PageHeader } from '@/ui/page-header';

import { CartBadge } from './cart-badge';
import { CartPanel } from './cart-panel';
import { OrderList } from './order-list';
import { StoreItemList } from './store-item-list';
import { useStoreSync } from './use-store-sync';

const CART_ANCHOR = 'cart';

export function StorePage({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const itemsId = useId();
  const cartId = useId();
  const ordersId = useId();
  useStoreSync(database, { orders: true });
  const items = useLiveQuery(() => database.storeItems.toArray().then(sortStoreItems), [database]);

  return (
    <div className="flex flex-col gap-4 pb-6">
      <PageHeader title="Essentials Store" actions={<CartBadge href={`#${CART_ANCHOR}`} />} />
      <section aria-labelledby={itemsId} className="px-4">
        <h2 id={itemsId} className="text-lg font-semibold">
          All Items
        </h2>
        {items === undefined ? null : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">The store list loads the first time you are online.</p>
        ) : (
          <StoreItemList items={items} labelledBy={itemsId} />
        )}
      </section>
      <section
        id={CART_ANCHOR}
        aria-labelledby={cartId}
        className="mx-4 scroll-mt-4 rounded-lg border border-border p-4"
      >
        <h2 id={cartId} className="mb-2 text-lg font-semibold">
          Your Cart
        </h2>
        <CartPanel database={database} headingId={cartId} />
      </section>
      <section aria-labelledby={ordersId} className="px-4">
        <h2 id={ordersId} className="mb-2 text-lg font-semibold">
          Your Orders
        </h2>
        <OrderList database={database} headingId={ordersId} />
      </section>
    </div>
  );
}
