/** A list of store items with their price and cart controls; used by the store page and the home preview. */
import { formatCad, toCents } from '@/domain/money';
import type { StoreItem } from '@/domain/store';
import { Badge } from '@/ui/badge';

import { CartControls } from './cart-controls';

const CATEGORY_LABELS: Record<StoreItem['category'], string> = {
  beverages: 'Beverages',
  food: 'Food',
  reading: 'Reading',
  snacks: 'Snacks',
  other: 'Other',
};

export function StoreItemList({ items, labelledBy }: { items: readonly StoreItem[]; labelledBy: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-col divide-y divide-border">
      {items.map((item) => (
        <li key={item.id} className="flex items-center justify-between gap-3 py-2">
          <div className="min-w-0">
            <p className="font-medium break-words">{item.name}</p>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <span>{formatCad(toCents(item.price))}</span>
              <span aria-hidden="true">·</span>
              <span>{CATEGORY_LABELS[item.category]}</span>
              {item.available ? null : <Badge variant="destructive">Sold out</Badge>}
            </p>
          </div>
          <CartControls item={item} />
        </li>
      ))}
    </ul>
  );
}
