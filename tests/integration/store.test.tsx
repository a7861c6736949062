import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { listOrders, placeOrder } from '@/domain/contracts/orders';
import { listStoreItems } from '@/domain/contracts/reference';
import { DEFAULT_DELIVERY_LOCATION, ORDER_TOASTS, type Order, type OrderInput, type StoreItem } from '@/domain/store';
import { CART_STORAGE_KEY, cartItemCount, useCartStore } from '@/features/store/cart-store';
import { StorePage } from '@/features/store/store-page';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { flushNow } from '@/sync/flush-now';
import { retryFailed } from '@/sync/flusher';

import { fakeApi, reply } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';
import { changeValue } from './user-input';

let database: DeckhandDB;

const ITEMS: StoreItem[] = [
  { id: 'coffee-medium', name: 'Medium Coffee', price: '3.25', category: 'beverages', stock: 120, available: true },
  { id: 'nanaimo-bar', name: 'Nanaimo Bar', price: '3.95', category: 'snacks', stock: 35, available: true },
  { id: 'travel-pillow', name: 'Travel Pillow', price: '19.99', category: 'other', stock: 0, available: false },
];

/** Stands in for the server: the catalogue, POST /api/orders (or a scripted refusal) and GET /api/orders. */
function fakeServer(options: { rejectWith?: { status: number; error: string; message: string } } = {}) {
  const orders: Order[] = [];
  const api = fakeApi()
    .answer(listStoreItems, ITEMS)
    .answer(listOrders, () => orders)
    .answer(placeOrder, ({ body }) => {
      if (options.rejectWith) {
        const { status, error, message } = options.rejectWith;
        return reply(status, { error, message });
      }
      const input = body as OrderInput;
      const order: Order = {
        id: api.callsTo(placeOrder).length,
        status: 'received',
        total: '10.45',
        deliveryLocation: input.order.deliveryLocation,
        createdAt: new Date().toISOString(),
        statusChangedAt: new Date().toISOString(),
        items: input.items.map((i) => ({
          storeItemId: i.storeItemId,
          name: ITEMS.find((x) => x.id === i.storeItemId)!.name,
          quantity: i.quantity,
          price: ITEMS.find((x) => x.id === i.storeItemId)!.price,
        })),
      };
      orders.unshift(order);
      return order;
    });
  return {
    /** The orders the store sent, with their Idempotency-Key. */
    posts: () => api.callsTo(placeOrder).map(({ body, idempotencyKey }) => ({ body, key: idempotencyKey })),
    /** The server starts accepting orders (e.g. the item was restocked). */
    accept() {
      options.rejectWith = undefined;
    },
  };
}

function renderStore() {
  return render(
    <MemoryRouter>
      <Toaster />
      <StorePage database={database} />
    </MemoryRouter>,
  );
}

const itemsList = () => screen.getByRole('list', { name: 'All Items' });
const cartList = () => screen.getByRole('list', { name: 'Your Cart' });

beforeEach(() => {
  database = freshDatabase();
  localStorage.clear();
  useCartStore.setState({ lines: [], deliveryLocation: null });
  useConnectivityStore.setState({ online: true, realtime: 'disconnected', flushing: false });
});

afterEach(() => {
  toast.dismiss();
  cleanup();
});

describe('cart store', () => {
  const coffee = { id: 'coffee-medium', name: 'Medium Coffee', price: '3.25' };

  it('adds with quantity 1, increments, decrements, and removes at 0', () => {
    const cart = useCartStore.getState();
    cart.add(coffee);
    cart.add(coffee);
    expect(useCartStore.getState().lines).toEqual([
      { storeItemId: 'coffee-medium', name: 'Medium Coffee', price: '3.25', quantity: 1 },
    ]);
    cart.increment('coffee-medium');
    cart.increment('coffee-medium');
    expect(cartItemCount(useCartStore.getState().lines)).toBe(3);
    cart.decrement('coffee-medium');
    cart.decrement('coffee-medium');
    cart.decrement('coffee-medium');
    expect(useCartStore.getState().lines).toEqual([]);
  });

  it('survives a reload through localStorage', async () => {
    useCartStore.getState().add(coffee);
    useCartStore.getState().increment('coffee-medium');
    useCartStore.getState().setDeliveryLocation('Car 7, Lane 1');
    const saved = localStorage.getItem(CART_STORAGE_KEY)!;
    expect(JSON.parse(saved).state.lines[0].quantity).toBe(2);
    // A reload: the in-memory state is gone, the stored copy is read back.
    useCartStore.setState({ lines: [], deliveryLocation: null });
    localStorage.setItem(CART_STORAGE_KEY, saved);
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().lines[0]).toMatchObject({ storeItemId: 'coffee-medium', quantity: 2 });
    expect(useCartStore.getState().deliveryLocation).toBe('Car 7, Lane 1');
  });

  it('takes only the ordered quantities out when an order is accepted', () => {
    const cart = useCartStore.getState();
    cart.add(coffee);
    cart.increment('coffee-medium');
    cart.add({ id: 'nanaimo-bar', name: 'Nanaimo Bar', price: '3.95' });
    cart.removeOrdered([
      { storeItemId: 'coffee-medium', quantity: 1 },
      { storeItemId: 'nanaimo-bar', quantity: 1 },
    ]);
    expect(useCartStore.getState().lines).toEqual([
      { storeItemId: 'coffee-medium', name: 'Medium Coffee', price: '3.25', quantity: 1 },
    ]);
  });
});

describe('StorePage', () => {
  it('lists the catalogue, adds with "Added to Cart", and the badge counts real items', async () => {
    fakeServer();
    renderStore();
    const list = await waitFor(() => itemsList());
    await within(list).findByText('Medium Coffee');
    expect(within(list).getByRole('button', { name: 'Sold out' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Add Medium Coffee to cart' }));
    expect(await screen.findByText(ORDER_TOASTS.added)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Add one more Medium Coffee' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Add Nanaimo Bar to cart' }));
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toContain('$10.45');
    fireEvent.click(within(cartList()).getByRole('button', { name: 'Remove one Nanaimo Bar' }));
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
  });

  it('delivers to "Your car" (never the literal {personal}), with lane and place once known, and lets the rider edit it', async () => {
    fakeServer();
    useCartStore.getState().add({ id: 'coffee-medium', name: 'Medium Coffee', price: '3.25' });
    renderStore();
    const field = await screen.findByLabelText('Delivery location');
    expect((field as HTMLInputElement).value).toBe('Your car');
    await act(async () => {
      await database.meta.put({ key: META.userProfile, value: { id: 4, carNumber: 'BC 123 XYZ' }, updatedAt: 1 });
      await database.meta.put({
        key: META.queuePosition,
        value: {
          positionInQueue: 14,
          terminalId: 'tsawwassen',
          lane: 3,
          estimatedBoardingTime: new Date(Date.now() + 30 * 60_000).toISOString(),
          confidence: 0.85,
          basedOn: 'gps_and_cameras',
          // The fix is fresh: a position belongs to one visit, and an old one is not the rider's.
          lastUpdated: new Date().toISOString(),
        },
        updatedAt: 1,
      });
    });
    await waitFor(() =>
      expect((field as HTMLInputElement).value).toBe('Your car (BC 123 XYZ), Lane 3, position 14, Tsawwassen'),
    );
    changeValue(field, { target: { value: 'Blue van, Lane 4' } });
    expect((screen.getByLabelText('Delivery location') as HTMLInputElement).value).toBe('Blue van, Lane 4');
    fireEvent.click(screen.getByRole('button', { name: "Use my car's place" }));
    expect((screen.getByLabelText('Delivery location') as HTMLInputElement).value).toBe(
      'Your car (BC 123 XYZ), Lane 3, position 14, Tsawwassen',
    );
  });

  it('places an order online: one POST in the spec shape with an Idempotency-Key, "Order Placed", cart cleared', async () => {
    const server = fakeServer();
    useCartStore.getState().add({ id: 'coffee-medium', name: 'Medium Coffee', price: '3.25' });
    useCartStore.getState().increment('coffee-medium');
    renderStore();
    fireEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(ORDER_TOASTS.placed.title)).toBeTruthy();
    await waitFor(() => expect(useCartStore.getState().lines).toEqual([]));
    expect(server.posts()).toHaveLength(1);
    expect(server.posts()[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.posts()[0]!.body).toEqual({
      order: { userId: null, total: '6.50', deliveryLocation: DEFAULT_DELIVERY_LOCATION },
      items: [{ storeItemId: 'coffee-medium', quantity: 2, price: '3.25' }],
    });
    const order = await screen.findByTestId('order');
    await waitFor(() => expect(order.textContent).toContain('Order #1'));
    expect(order.textContent).toContain('Received');
    // Until staff move it, the rider sees the usual handover time, named as an estimate.
    expect(within(order).getByTestId('order-estimate').textContent).toMatch(
      /^Estimated delivery around \d{1,2}:\d{2} [AP]M \(an estimate: staff update the status as they go\)$/,
    );
  });

  it('says at checkout how the order is paid: on delivery, nothing in the app', async () => {
    fakeServer();
    useCartStore.getState().add({ id: 'coffee-medium', name: 'Medium Coffee', price: '3.25' });
    renderStore();
    expect((await screen.findByTestId('payment-note')).textContent).toBe(
      'Pay on delivery: you pay staff at your car. Deckhand takes no payment in the app.',
    );
  });

  it('offline: says the order is queued, keeps the cart, then sends it once on reconnect and clears the cart', async () => {
    const server = fakeServer();
    useConnectivityStore.setState({ online: false });
    useCartStore.getState().add({ id: 'nanaimo-bar', name: 'Nanaimo Bar', price: '3.95' });
    renderStore();
    fireEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(ORDER_TOASTS.queued.title)).toBeTruthy();
    expect(await screen.findByText(/Queued — sends when you're back online/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place Order' })).toHaveProperty('disabled', true);
    expect(useCartStore.getState().lines).toHaveLength(1);
    expect(server.posts()).toHaveLength(0);

    act(() => useConnectivityStore.setState({ online: true }));
    await act(async () => {
      await flushNow(database);
      await flushNow(database);
    });
    await waitFor(() => expect(useCartStore.getState().lines).toEqual([]));
    expect(await screen.findByText(ORDER_TOASTS.placed.title)).toBeTruthy();
    expect(server.posts()).toHaveLength(1);
  });

  it('a final refusal shows "Failed to place order. Please try again." and keeps the cart', async () => {
    fakeServer({ rejectWith: { status: 409, error: 'sold_out', message: 'Nanaimo Bar is sold out' } });
    useCartStore.getState().add({ id: 'nanaimo-bar', name: 'Nanaimo Bar', price: '3.95' });
    renderStore();
    fireEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(ORDER_TOASTS.failure)).toBeTruthy();
    expect(await screen.findByText('Not placed: Nanaimo Bar is sold out')).toBeTruthy();
    expect(useCartStore.getState().lines).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Place Order' })).toHaveProperty('disabled', false);
  });

  it('an order refused, then retried from the outbox and accepted, clears the cart and says "Order Placed"', async () => {
    const server = fakeServer({ rejectWith: { status: 409, error: 'sold_out', message: 'Nanaimo Bar is sold out' } });
    useCartStore.getState().add({ id: 'nanaimo-bar', name: 'Nanaimo Bar', price: '3.95' });
    renderStore();
    fireEvent.click(await screen.findByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(ORDER_TOASTS.failure)).toBeTruthy();

    server.accept();
    const failed = await database.outbox.where('status').equals('failed').first();
    await act(async () => {
      await retryFailed(database, failed!.id);
      await flushNow(database);
    });
    expect(await screen.findByText(ORDER_TOASTS.placed.title)).toBeTruthy();
    await waitFor(() => expect(useCartStore.getState().lines).toEqual([]));
    expect(server.posts()).toHaveLength(2);
  });
});
