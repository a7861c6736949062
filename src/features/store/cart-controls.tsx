/**
 * Add / increment / decrement for one store item (rider-core §4 Cart): "Add" puts it in with quantity
 * 1 and shows "Added to Cart"; once in the cart the button becomes − quantity +, and − at 1 removes it.
 */
import { Minus, Plus } from 'lucide-react';

import { ORDER_TOASTS, type StoreItem } from '@/domain/store';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';

import { useCartStore } from './cart-store';

export function CartControls({ item }: { item: Pick<StoreItem, 'id' | 'name' | 'price' | 'available'> }) {
  const quantity = useCartStore((state) => state.lines.find((line) => line.storeItemId === item.id)?.quantity ?? 0);
  const add = useCartStore((state) => state.add);
  const increment = useCartStore((state) => state.increment);
  const decrement = useCartStore((state) => state.decrement);

  if (quantity === 0) {
    if (!item.available) {
      return (
        <Button size="sm" variant="outline" disabled>
          Sold out
        </Button>
      );
    }
    return (
      <Button
        size="sm"
        aria-label={`Add ${item.name} to cart`}
        onClick={() => {
          add(item);
          toast.success(ORDER_TOASTS.added, { description: item.name });
        }}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add
      </Button>
    );
  }
  return (
    <div className="flex items-center gap-1" role="group" aria-label={`${item.name} in cart`}>
      <Button
        size="icon"
        variant="outline"
        className="size-9"
        aria-label={`Remove one ${item.name}`}
        onClick={() => decrement(item.id)}
      >
        <Minus aria-hidden="true" className="size-4" />
      </Button>
      <span className="min-w-6 text-center font-semibold tabular-nums" aria-label={`Quantity ${quantity}`}>
        {quantity}
      </span>
      <Button
        size="icon"
        variant="outline"
        className="size-9"
        aria-label={`Add one more ${item.name}`}
        onClick={() => increment(item.id)}
      >
        <Plus aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
