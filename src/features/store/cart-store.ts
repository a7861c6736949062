/**
 * The cart (rider-core §4 Cart): UI/session state in zustand (DESIGN.md), persisted to localStorage so
 * it survives a reload. Add puts an item in with quantity 1; increment and decrement change it by one;
 * reaching 0 removes the line. `removeOrdered` takes an accepted order's quantities out, so the cart
 * clears when the order the rider placed from it is accepted, while anything added after placing
 * (e.g. while the order waited offline) stays.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface CartLine {
  storeItemId: string;
  name: string;
  /** Catalogue price when added (decimal string); the server prices the order itself. */
  price: string;
  quantity: number;
}

export interface CartState {
  lines: CartLine[];
  /** The rider's own delivery location; null = use the default (car and lane, or the spec's). */
  deliveryLocation: string | null;
  /** A reward's discount code to send with the next order; the server checks it and prices it. */
  discountCode: string | null;
  add: (item: { id: string; name: string; price: string }) => void;
  increment: (storeItemId: string) => void;
  decrement: (storeItemId: string) => void;
  removeOrdered: (ordered: ReadonlyArray<{ storeItemId: string; quantity: number }>) => void;
  setDeliveryLocation: (location: string | null) => void;
  setDiscountCode: (code: string | null) => void;
  clear: () => void;
}

export const CART_STORAGE_KEY = 'deckhand-cart';

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      lines: [],
      deliveryLocation: null,
      discountCode: null,
      add: (item) =>
        set((state) =>
          state.lines.some((line) => line.storeItemId === item.id)
            ? state
            : { lines: [...state.lines, { storeItemId: item.id, name: item.name, price: item.price, quantity: 1 }] },
        ),
      increment: (storeItemId) =>
        set((state) => ({
          lines: state.lines.map((line) =>
            line.storeItemId === storeItemId ? { ...line, quantity: line.quantity + 1 } : line,
          ),
        })),
      decrement: (storeItemId) =>
        set((state) => ({
          lines: state.lines
            .map((line) => (line.storeItemId === storeItemId ? { ...line, quantity: line.quantity - 1 } : line))
            .filter((line) => line.quantity > 0),
        })),
      removeOrdered: (ordered) =>
        set((state) => {
          const taken = new Map<string, number>();
          for (const line of ordered) taken.set(line.storeItemId, (taken.get(line.storeItemId) ?? 0) + line.quantity);
          return {
            lines: state.lines
              .map((line) => ({ ...line, quantity: line.quantity - (taken.get(line.storeItemId) ?? 0) }))
              .filter((line) => line.quantity > 0),
          };
        }),
      setDeliveryLocation: (deliveryLocation) => set({ deliveryLocation }),
      setDiscountCode: (discountCode) => set({ discountCode }),
      clear: () => set({ lines: [] }),
    }),
    {
      name: CART_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        lines: state.lines,
        deliveryLocation: state.deliveryLocation,
        discountCode: state.discountCode,
      }),
    },
  ),
);

/** The badge's number: every unit in the cart. */
export function cartItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
