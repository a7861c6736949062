/**
 * What claimed rewards do elsewhere in the app: a discount code the store accepts (checked by the
 * server, online and offline, a wrong code's refusal shown on the order), a digital sticker on the
 * profile, and the leaderboard name set from Settings.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { setOffline, waitForServiceWorkerControl } from './support/app';
import { uniquePhoto } from './support/photos';

const TERMINALS = ['horseshoe-bay', 'tsawwassen', 'swartz-bay', 'departure-bay', 'duke-point'];

/** Earns at least 100 points through the real contribution routes: a photo, a wait report and a capacity check at each terminal. */
async function earnPoints(request: APIRequestContext): Promise<void> {
  for (const terminal of TERMINALS) {
    const photo = await request.post('/api/contributions/photo', {
      multipart: {
        terminal,
        lane: 'Lane 1',
        vehicleCount: '20',
        photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: await uniquePhoto() },
      },
    });
    expect(photo.status()).toBe(201);
    expect(
      (await request.post('/api/contributions/wait-time', { data: { terminal, minutesWaited: 30 } })).status(),
    ).toBe(201);
    expect((await request.post('/api/contributions/capacity', { data: { terminal, level: 'half' } })).status()).toBe(
      201,
    );
  }
}

async function claim(request: APIRequestContext, rewardId: string): Promise<{ code: string | null }> {
  const response = await request.post('/api/rewards/claim', { data: { rewardId } });
  expect(response.status()).toBe(201);
  return response.json();
}

async function openStoreWith(page: Page, item: string) {
  await page.goto('/app/store');
  await expect(page.getByRole('heading', { level: 1, name: 'Essentials Store' })).toBeVisible();
  await page
    .getByRole('list', { name: 'All Items' })
    .getByRole('button', { name: `Add ${item} to cart` })
    .click();
}

async function applyCode(page: Page, code: string) {
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Discount code ${code.toUpperCase()} applied` }),
  ).toBeVisible();
}

test('the store takes a reward code off the order; a wrong code is refused and said why', async ({ page, context }) => {
  await page.goto('/app');
  await earnPoints(context.request);
  const { code } = await claim(context.request, 'snack-discount');
  expect(code).toMatch(/^DH-/);

  await openStoreWith(page, 'Nanaimo Bar');
  await applyCode(page, 'DH-00000000');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(
    page.getByText('That discount code is not valid. Use a code from your Rewards tab.').first(),
  ).toBeVisible();
  await expect(page.getByTestId('order').first()).toContainText('Not placed: That discount code is not valid.');

  await page.getByRole('button', { name: 'Remove code' }).click();
  await applyCode(page, code!.toLowerCase());
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order Placed')).toBeVisible();
  const placed = page.getByTestId('order').first();
  await expect(placed).toContainText(/Order #\d+/);
  // Nanaimo Bar 3.95, 20% off snacks = 0.79.
  await expect(placed).toContainText(`Discount ${code}: −$0.79`);
  await expect(placed).toContainText('$3.16');
  // The code paid for that order: the next cart starts without it.
  await page.getByRole('list', { name: 'All Items' }).getByRole('button', { name: 'Add Trail Mix to cart' }).click();
  await expect(page.getByLabel('Discount code')).toHaveValue('');
  const orders = (await (await context.request.get('/api/orders')).json()) as Array<{
    total: string;
    discountCode: string | null;
  }>;
  expect(orders[0]).toMatchObject({ total: '3.16', discountCode: code });
});

test('a code applied offline travels with the queued order and is taken off once it is sent', async ({
  page,
  context,
}) => {
  await page.goto('/app');
  await earnPoints(context.request);
  const { code } = await claim(context.request, 'snack-discount');

  await openStoreWith(page, 'Nanaimo Bar');
  await waitForServiceWorkerControl(page);
  await setOffline(context, page, true);
  await applyCode(page, code!);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order queued')).toBeVisible();
  await expect(page.getByTestId('order').first()).toContainText(`Discount code ${code}: checked when sent`);

  await setOffline(context, page, false);
  await expect(page.getByText('Order Placed')).toBeVisible();
  await expect(page.getByTestId('order').first()).toContainText(`Discount ${code}: −$0.79`);
  const orders = (await (await context.request.get('/api/orders')).json()) as Array<{
    total: string;
    discount: string;
  }>;
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ total: '3.16', discount: '0.79' });
});

test('a claimed digital sticker shows on the profile', async ({ page, context }) => {
  await page.goto('/app');
  await earnPoints(context.request);
  await claim(context.request, 'sticker-orca');
  await page.goto('/app/profile');
  const stickers = page.getByRole('list', { name: 'Your Stickers' });
  await expect(stickers.getByRole('listitem')).toHaveText(['Orca Pod Sticker']);
});

test('the leaderboard name is set from Settings', async ({ page, context }) => {
  await page.goto('/app');
  await earnPoints(context.request);
  await page.goto('/app/settings');
  await page.getByLabel('Your leaderboard name').fill('Tide Watcher');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Leaderboard name saved')).toBeVisible();
  const board = (await (await context.request.get('/api/contributions/leaderboard?period=all')).json()) as {
    you: { displayName: string } | null;
  };
  expect(board.you?.displayName).toBe('Tide Watcher');
});
