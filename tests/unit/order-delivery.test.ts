import { describe, expect, it } from 'vitest';

import { ORDER_TYPICAL_DELIVERY_MINUTES, orderDeliveryEstimate } from '@/domain/order-delivery';

const placed = Date.parse('2030-07-05T17:00:00Z');

describe('orderDeliveryEstimate', () => {
  it('expects the usual handover time while it is ahead', () => {
    expect(orderDeliveryEstimate(placed, 'received', placed + 60_000)).toEqual({
      kind: 'expected',
      at: placed + ORDER_TYPICAL_DELIVERY_MINUTES * 60_000,
    });
    expect(orderDeliveryEstimate(new Date(placed).toISOString(), 'on_its_way', placed)).toMatchObject({
      kind: 'expected',
    });
  });

  it('says overdue, never delivered, once the usual time passes without staff marking it delivered', () => {
    expect(orderDeliveryEstimate(placed, 'on_its_way', placed + 60 * 60_000)).toEqual({
      kind: 'overdue',
      at: placed + ORDER_TYPICAL_DELIVERY_MINUTES * 60_000,
    });
  });

  it('shows no estimate once delivered', () => {
    expect(orderDeliveryEstimate(placed, 'delivered', placed)).toEqual({ kind: 'none' });
  });
});
