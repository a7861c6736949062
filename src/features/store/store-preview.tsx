/**
 * Home's store preview (rider-core §2, §9): the first 3 items with add / − / +, the cart count and a
 * link to the full store. Loaded lazily by the home page so it is its own chunk.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import { Link } from 'react-router-dom';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { sortStoreItems, STORE_PREVIEW_COUNT } from '@/domain/store';
import { buttonVariants } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';

import { cartItemCount, useCartStore } from './cart-store';
import { StoreItemList } from './store-item-list';
import { useStoreSync } from './use-store-sync';

export function StorePreview({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const titleId = useId();
  useStoreSync(database, { orders: false });
  const items = useLiveQuery(
    () => database.storeItems.toArray().then((all) => sortStoreItems(all).slice(0, STORE_PREVIEW_COUNT)),
    [database],
  );
  const count = useCartStore((state) => cartItemCount(state.lines));

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Essentials Store</CardTitle>
        <CardDescription>Snacks and essentials delivered to your car.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {items && items.length > 0 ? (
          <StoreItemList items={items} labelledBy={titleId} />
        ) : (
          <p className="text-sm text-muted-foreground">The store list loads the first time you are online.</p>
        )}
        <Link to="store" className={buttonVariants({ variant: 'outline' })}>
          {count > 0 ? `View cart and all items (${count} in cart)` : 'View all items'}
        </Link>
      </CardContent>
    </Card>
  );
}
