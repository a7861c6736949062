import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { openHome, setOffline, waitForServiceWorkerControl } from './support/app';

/** The rider's orders as the server has them (same session cookie as the page). */
async function serverOrders(
  request: APIRequestContext,
): Promise<Array<{ id: number; status: string; total: string; items: unknown[] }>> {
  const response = await request.get('/api/orders');
  expect(response.ok()).toBe(true);
  return response.json();
}

async function openStore(page: Page) {
  await page.goto('/app/store');
  await expect(page.getByRole('heading', { level: 1, name: 'Essentials Store' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'All Items' }).getByText('Medium Coffee')).toBeVisible();
}

const cartBadge = (page: Page) => page.getByRole('link', { name: /^Cart, \d+ items?$/ });

test('add to cart from home and the store; the cart and its badge survive a reload', async ({ page }) => {
  await openHome(page);
  const preview = page.getByRole('region', { name: 'Essentials Store' });
  await expect(preview.getByRole('listitem')).toHaveCount(3);
  await preview
    .getByRole('button', { name: /^Add .* to cart$/ })
    .first()
    .click();
  await expect(page.getByText('Added to Cart')).toBeVisible();

  await openStore(page);
  const items = page.getByRole('list', { name: 'All Items' });
  await items.getByRole('button', { name: 'Add Nanaimo Bar to cart' }).click();
  await items.getByRole('button', { name: 'Add one more Nanaimo Bar' }).click();
  await expect(cartBadge(page)).toHaveAccessibleName('Cart, 3 items');

  await page.reload();
  await expect(cartBadge(page)).toHaveAccessibleName('Cart, 3 items');
  const cart = page.getByRole('list', { name: 'Your Cart' });
  await cart.getByRole('button', { name: 'Remove one Nanaimo Bar' }).click();
  await cart.getByRole('button', { name: 'Remove one Nanaimo Bar' }).click();
  await expect(cartBadge(page)).toHaveAccessibleName('Cart, 1 item');
});

test('an order placed online shows "Order Placed", clears the cart and lists the order', async ({ page, context }) => {
  await openStore(page);
  await page
    .getByRole('list', { name: 'All Items' })
    .getByRole('button', { name: 'Add Medium Coffee to cart' })
    .click();
  await page.getByLabel('Delivery location').fill('Red pickup, Lane 2');
  await expect(
    page.getByText('Pay on delivery: you pay staff at your car. Deckhand takes no payment in the app.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order Placed')).toBeVisible();
  await expect(cartBadge(page)).toHaveAccessibleName('Cart, 0 items');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  const order = page.getByTestId('order').first();
  await expect(order).toContainText(/Order #\d+/);
  await expect(order).toContainText('Received');
  await expect(order).toContainText(
    /Estimated delivery around \d{1,2}:\d{2} [AP]M \(an estimate: staff update the status as they go\)/,
  );
  await expect(order).toContainText('to Red pickup, Lane 2');
  const orders = await serverOrders(context.request);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ total: '3.25', status: 'received' });
});

test('an order placed offline is queued, sent exactly once after reconnect, and then the cart is cleared', async ({
  page,
  context,
}) => {
  await openStore(page);
  await waitForServiceWorkerControl(page);
  const items = page.getByRole('list', { name: 'All Items' });
  await items.getByRole('button', { name: 'Add Hot Chocolate to cart' }).click();
  await items.getByRole('button', { name: 'Add one more Hot Chocolate' }).click();

  await setOffline(context, page, true);
  await page.reload();
  await expect(page.getByRole('list', { name: 'All Items' }).getByText('Hot Chocolate')).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order queued')).toBeVisible();
  await expect(page.getByTestId('order').first()).toContainText(/Queued/);
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  await expect(cartBadge(page)).toHaveAccessibleName('Cart, 2 items');

  await setOffline(context, page, false);
  await expect(page.getByText('Order Placed')).toBeVisible();
  await expect(cartBadge(page)).toHaveAccessibleName('Cart, 0 items');
  await expect(page.getByTestId('order').first()).toContainText(/Order #\d+/);
  const orders = await serverOrders(context.request);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({
    total: '7.50',
    items: [expect.objectContaining({ storeItemId: 'hot-chocolate', quantity: 2 })],
  });

  // Further flush triggers (reload, visibility) send nothing more.
  await page.reload();
  await expect(page.getByTestId('order')).toHaveCount(1);
  expect(await serverOrders(context.request)).toHaveLength(1);
});
