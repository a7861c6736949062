import { describe, expect, it } from 'vitest';

import { centsToDecimal } from '@/domain/money';
import {
  DEFAULT_DELIVERY_LOCATION,
  defaultDeliveryLocation,
  DELIVERY_LOCATION_MAX,
  isForwardMove,
  mergeOrderLines,
  ORDER_LINES_MAX,
  ORDER_STATUS_LABELS,
  ORDER_TOASTS,
  orderAllowance,
  orderInputSchema,
  orderTotalCents,
  RIDER_OPEN_ITEMS_MAX,
  sortStoreItems,
  STORE_PREVIEW_COUNT,
} from '@/domain/store';

describe('order totals and lines (rider-core §3 Order, §7 POST /api/orders; docs/store-help-chat.md)', () => {
  it('sums quantity × price in cents with no float drift', () => {
    // 0.10 × 3 = 0.30 (0.1 * 3 in floats is 0.30000000000000004)
    expect(centsToDecimal(orderTotalCents([{ quantity: 3, price: '0.10' }]))).toBe('0.30');
    expect(
      centsToDecimal(
        orderTotalCents([
          { quantity: 2, price: '3.25' },
          { quantity: 3, price: '3.95' },
        ]),
      ),
    ).toBe('18.35');
    expect(centsToDecimal(orderTotalCents([{ quantity: 20, price: '19.99' }]))).toBe('399.80');
  });

  it('merges duplicate lines in first-seen order', () => {
    expect(
      mergeOrderLines([
        { storeItemId: 'a', quantity: 1 },
        { storeItemId: 'b', quantity: 2 },
        { storeItemId: 'a', quantity: 3 },
      ]),
    ).toEqual([
      { storeItemId: 'a', quantity: 4 },
      { storeItemId: 'b', quantity: 2 },
    ]);
  });

  it('validates the spec shape: whole quantities 1-20, a delivery location, at least one line', () => {
    const ok = {
      order: { userId: 1, total: '9.99', deliveryLocation: ' Car 1 ' },
      items: [{ storeItemId: 'x', quantity: 20, price: '1.00' }],
    };
    expect(orderInputSchema.safeParse(ok).success).toBe(true);
    expect(orderInputSchema.parse(ok).order.deliveryLocation).toBe('Car 1');
    for (const quantity of [0, -1, 21, 2.5]) {
      expect(orderInputSchema.safeParse({ ...ok, items: [{ storeItemId: 'x', quantity }] }).success).toBe(false);
    }
    expect(orderInputSchema.safeParse({ ...ok, items: [] }).success).toBe(false);
  });

  it('moves statuses forward only', () => {
    expect(isForwardMove('received', 'preparing')).toBe(true);
    expect(isForwardMove('received', 'delivered')).toBe(true);
    expect(isForwardMove('on_its_way', 'preparing')).toBe(false);
    expect(isForwardMove('delivered', 'delivered')).toBe(false);
  });

  it('sorts the catalogue by category, then id', () => {
    const sorted = sortStoreItems([
      { id: 'b', category: 'snacks' },
      { id: 'z', category: 'beverages' },
      { id: 'a', category: 'snacks' },
    ] as const);
    expect(sorted.map((i) => i.id)).toEqual(['z', 'a', 'b']);
  });
});

describe('default delivery location (rider-core §9 "{personal}")', () => {
  it('says "Your car" (never the literal {personal}), with its number, lane, place and terminal when known', () => {
    expect(DEFAULT_DELIVERY_LOCATION).toBe('Your car');
    expect(defaultDeliveryLocation(null, null)).toBe('Your car');
    expect(defaultDeliveryLocation('BC 123', null)).toBe('Your car (BC 123)');
    expect(defaultDeliveryLocation('BC 123', { lane: 2, terminalName: 'Tsawwassen' })).toBe(
      'Your car (BC 123), Lane 2, Tsawwassen',
    );
    expect(defaultDeliveryLocation(null, { lane: 'General Queue' })).toBe('Your car, General Queue');
    expect(defaultDeliveryLocation('  ', { lane: 3, positionInQueue: 12, terminalName: 'Horseshoe Bay' })).toBe(
      'Your car, Lane 3, position 12, Horseshoe Bay',
    );
  });
});

describe('what one rider may order (docs/security.md "Limits"; rider-core §8 order toasts)', () => {
  const order = (patch: { deliveryLocation?: string; lines?: number }) => ({
    order: { deliveryLocation: patch.deliveryLocation ?? 'Your car' },
    items: Array.from({ length: patch.lines ?? 1 }, (_, i) => ({ storeItemId: `item-${i}`, quantity: 1 })),
  });
  const firstMessage = (input: unknown) => orderInputSchema.safeParse(input).error?.issues[0]?.message;

  it(`lets a rider have up to ${RIDER_OPEN_ITEMS_MAX} items on order at once, never a negative allowance`, () => {
    expect(RIDER_OPEN_ITEMS_MAX).toBe(10);
    expect([0, 7, 10, 12].map(orderAllowance)).toEqual([10, 3, 0, 0]);
  });

  it('needs a delivery location of at most 200 characters, saying so', () => {
    expect(firstMessage(order({ deliveryLocation: '   ' }))).toBe('Delivery location is required');
    expect(orderInputSchema.safeParse(order({ deliveryLocation: 'x'.repeat(DELIVERY_LOCATION_MAX) })).success).toBe(
      true,
    );
    expect(firstMessage(order({ deliveryLocation: 'x'.repeat(DELIVERY_LOCATION_MAX + 1) }))).toBe(
      'Delivery location must be at most 200 characters',
    );
  });

  it('names the quantity rule a refused line breaks, and takes at most 50 lines', () => {
    const line = (quantity: number) => ({ ...order({}), items: [{ storeItemId: 'x', quantity }] });
    expect(firstMessage(line(0))).toBe('quantity must be at least 1');
    expect(firstMessage(line(21))).toBe('quantity must be at most 20');
    expect(firstMessage(order({ lines: 0 }))).toBe('An order needs at least one item');
    expect(orderInputSchema.safeParse(order({ lines: ORDER_LINES_MAX })).success).toBe(true);
    expect(orderInputSchema.safeParse(order({ lines: ORDER_LINES_MAX + 1 })).success).toBe(false);
  });

  it("says the spec's words when an item is added, an order placed or refused, and names each status", () => {
    expect(ORDER_TOASTS.added).toBe('Added to Cart');
    expect(ORDER_TOASTS.placed.title).toBe('Order Placed');
    expect(ORDER_TOASTS.failure).toBe('Failed to place order. Please try again.');
    expect(Object.values(ORDER_STATUS_LABELS)).toEqual(['Received', 'Preparing', 'On its way', 'Delivered']);
    expect(STORE_PREVIEW_COUNT).toBe(3);
  });
});
