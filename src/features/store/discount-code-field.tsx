/**
 * The cart's "Discount code" (a DH-… code from a claimed discount reward). Apply keeps the code with
 * the cart; it travels in the order's body, so it works offline too, and the server checks it and
 * takes the discount off when the order is placed. A refused code is shown on the order.
 */
import { useId, useState } from 'react';

import { DISCOUNT_CODE_MAX } from '@/domain/store-discount';
import { Button } from '@/ui/button';
import { fieldClass } from '@/ui/field';

import { useCartStore } from './cart-store';

export function DiscountCodeField() {
  const inputId = useId();
  const applied = useCartStore((state) => state.discountCode);
  const setDiscountCode = useCartStore((state) => state.setDiscountCode);
  const [draft, setDraft] = useState('');

  if (applied) {
    return (
      <p role="status" className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span>
          Discount code <span className="font-mono font-medium">{applied}</span> applied: the discount is taken off when
          your order is placed.
        </span>
        <button type="button" className="font-medium text-primary underline" onClick={() => setDiscountCode(null)}>
          Remove code
        </button>
      </p>
    );
  }

  const code = draft.trim().toUpperCase();
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (!code) return;
        setDiscountCode(code);
        setDraft('');
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={draft}
          maxLength={DISCOUNT_CODE_MAX}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder="DH-…"
          onChange={(event) => setDraft(event.target.value)}
          className={`${fieldClass} min-w-0 flex-1`}
        />
        <Button type="submit" variant="outline" disabled={!code}>
          Apply
        </Button>
      </div>
    </form>
  );
}
