/**
 * "Your Cart" (rider-core §2 Store): lines with − / +, the estimated total, the delivery location
 * (defaulting to the rider's car and lane, editable), a reward's discount code, how payment happens (at the car) and Place Order. Placing writes the order and
 * its outbox row together; online it is sent at once, offline it waits and says so. The cart is
 * emptied only when the server accepts the order (see use-store-sync.ts). While an order waits to be
 * sent, Place Order is off, so the same cart cannot be ordered twice.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';

import type { DeckhandDB } from '@/data/db';
import { queueOrder } from '@/data/orders';
import { formatCad } from '@/domain/money';
import { ORDER_PAYMENT_NOTE } from '@/domain/order-delivery';
import { DELIVERY_LOCATION_MAX, ORDER_CAP_NOTE, ORDER_TOASTS, orderTotalCents } from '@/domain/store';
import { toast } from '@/lib/toast';
import { sendQueued } from '@/sync/send-queued';
import { Button } from '@/ui/button';
import { fieldClass } from '@/ui/field';

import { CartControls } from './cart-controls';
import { useCartStore } from './cart-store';
import { DiscountCodeField } from './discount-code-field';
import { useDeliveryDefault } from './use-delivery-default';

export function CartPanel({ database, headingId }: { database: DeckhandDB; headingId: string }) {
  const locationId = useId();
  const lines = useCartStore((state) => state.lines);
  const ownLocation = useCartStore((state) => state.deliveryLocation);
  const setDeliveryLocation = useCartStore((state) => state.setDeliveryLocation);
  const defaultLocation = useDeliveryDefault(database);
  const location = ownLocation ?? defaultLocation;
  const discountCode = useCartStore((state) => state.discountCode);
  const [placing, setPlacing] = useState(false);
  const waiting = useLiveQuery(() => database.orders.filter((row) => row.syncState === 'queued').count(), [database]);

  if (lines.length === 0) return <p className="text-sm text-muted-foreground">Your cart is empty.</p>;

  const canPlace = !placing && !waiting && location.trim().length > 0;

  async function place() {
    setPlacing(true);
    let localId: string;
    try {
      localId = (await queueOrder(database, lines, location, discountCode)).localId;
    } catch (error) {
      console.warn('Order could not be saved', error);
      toast.error('Error', { description: ORDER_TOASTS.failure });
      return;
    } finally {
      setPlacing(false);
    }
    const outcome = await sendQueued(database, database.orders, localId);
    if (outcome.state === 'queued') toast(ORDER_TOASTS.queued.title, { description: ORDER_TOASTS.queued.description });
  }

  return (
    <div className="flex flex-col gap-3">
      <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-border">
        {lines.map((line) => (
          <li key={line.storeItemId} className="flex items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-medium break-words">{line.name}</p>
              <p className="text-sm text-muted-foreground">{formatCad(orderTotalCents([line]))}</p>
            </div>
            <CartControls item={{ id: line.storeItemId, name: line.name, price: line.price, available: true }} />
          </li>
        ))}
      </ul>
      <p className="flex justify-between font-semibold" data-testid="cart-total">
        <span>Total</span>
        <span>{formatCad(orderTotalCents(lines))}</span>
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={locationId} className="text-sm font-medium">
          Delivery location
        </label>
        <input
          id={locationId}
          value={location}
          maxLength={DELIVERY_LOCATION_MAX}
          aria-describedby={`${locationId}-hint`}
          onChange={(event) => setDeliveryLocation(event.target.value)}
          className={fieldClass}
        />
        <p id={`${locationId}-hint`} className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          <span>We bring it to your car. Edit this if we should look elsewhere.</span>
          {ownLocation !== null && ownLocation !== defaultLocation ? (
            <button
              type="button"
              className="font-medium text-primary underline"
              onClick={() => setDeliveryLocation(null)}
            >
              Use my car&apos;s place
            </button>
          ) : null}
        </p>
      </div>
      <DiscountCodeField />
      <p className="text-sm font-medium" data-testid="payment-note">
        {ORDER_PAYMENT_NOTE}
      </p>
      <p className="text-sm text-muted-foreground">{ORDER_CAP_NOTE}</p>
      {waiting ? (
        <p role="status" className="text-sm text-muted-foreground">
          Your order is queued and will be sent once, as soon as you reconnect.
        </p>
      ) : null}
      <Button disabled={!canPlace} onClick={() => void place()}>
        Place Order
      </Button>
    </div>
  );
}
