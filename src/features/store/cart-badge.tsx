/** The store header's cart badge: the real number of items in the cart (DESIGN.md: not the spec's fixed 2). */
import { ShoppingCart } from 'lucide-react';

import { Tooltip } from '@/ui/tooltip';

import { cartItemCount, useCartStore } from './cart-store';

export function CartBadge({ href }: { href: string }) {
  const count = useCartStore((state) => cartItemCount(state.lines));
  return (
    <Tooltip label="Cart" align="end">
      <a
        href={href}
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        className="relative inline-flex size-11 items-center justify-center rounded-md text-primary hover:bg-secondary"
      >
        <ShoppingCart aria-hidden="true" className="size-6" />
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-bold text-destructive-foreground"
        >
          {count}
        </span>
      </a>
    </Tooltip>
  );
}
