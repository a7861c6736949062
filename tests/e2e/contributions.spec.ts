import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { serviceWorkerDevTools, setOffline, waitForServiceWorkerControl } from './support/app';
import { onThisHost } from './support/host-speed';
import { uniquePhoto } from './support/photos';

async function openContributions(page: Page): Promise<void> {
  await page.goto('/app/contributions');
  await expect(page.getByRole('heading', { level: 1, name: 'Community Contributions' })).toBeVisible();
}

async function fillPhotoForm(page: Page, count: number, lane = 'Lane 2'): Promise<void> {
  await page
    .getByLabel('Photo of the lane')
    .setInputFiles({ name: 'lane.jpg', mimeType: 'image/jpeg', buffer: await uniquePhoto() });
  await page.getByLabel('Vehicles counted').fill(String(count));
  await page.getByLabel('Lane', { exact: true }).selectOption(lane);
}

async function serverPhotos(
  request: APIRequestContext,
): Promise<Array<{ kind: string; summary: string; points: number }>> {
  const response = await request.get('/api/contributions/recent');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Array<{ kind: string; summary: string; points: number }>).filter(
    (c) => c.kind === 'photo',
  );
}

test.beforeEach(async ({ context }) => {
  // GPS is asked for every photo; granting a fixed position keeps the prompt out of the way.
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 49.3742, longitude: -123.2728 });
});

test('the photo counter says what is missing and refuses a photo over 10 MB', async ({ page }) => {
  await openContributions(page);
  await expect(page.getByRole('tab', { name: 'Contribute', selected: true })).toBeVisible();
  await expect(page.getByLabel('Terminal')).toHaveValue('horseshoe-bay');
  await page.getByRole('button', { name: 'Submit Photo' }).click();
  await expect(page.getByText('Missing Information')).toBeVisible();
  await expect(page.getByText('Please select a photo, count vehicles, and specify the lane.')).toBeVisible();

  await page
    .getByLabel('Photo of the lane')
    .setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 7) });
  await expect(page.getByText('File Too Large')).toBeVisible();
  await expect(page.getByText('Please select an image under 10MB.')).toBeVisible();
});

test('an online photo is submitted with the points the server awarded', async ({ page }) => {
  await openContributions(page);
  await fillPhotoForm(page, 12);
  await page.getByRole('button', { name: 'Submit Photo' }).click();
  await expect(page.getByText('Photo Submitted!')).toBeVisible();
  await expect(page.getByText(/You earned (10|15|25) points\./)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your photos' }).getByText(/Sent · \+(10|15|25) points/)).toBeVisible();
});

test('a photo counted offline waits on the device, then reaches the server exactly once after reconnect', async ({
  page,
  context,
}) => {
  await openContributions(page);
  await waitForServiceWorkerControl(page);
  await page.getByLabel('Terminal').selectOption('swartz-bay');
  // A count is taken only at the terminal where the phone is.
  await context.setGeolocation({ latitude: 48.6887, longitude: -123.4106 });

  await setOffline(context, page, true);
  await fillPhotoForm(page, 31, 'General Queue');
  await page.getByRole('button', { name: 'Submit Photo' }).click();
  const line = page
    .getByRole('region', { name: 'Your photos' })
    .getByRole('listitem')
    .filter({ hasText: '31 vehicles' });
  await expect(line).toContainText('waiting to send');
  await expect(line.getByRole('img')).toHaveCount(1);

  await setOffline(context, page, false);
  await expect(line).toContainText(/Sent · \+\d+ points/);
  expect((await serverPhotos(context.request)).filter((p) => p.summary.startsWith('31 vehicles'))).toHaveLength(1);

  // Reloading and further flush triggers must not send it again.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Your photos' }).getByRole('listitem').filter({ hasText: '31 vehicles' }),
  ).toHaveCount(1);
  expect((await serverPhotos(context.request)).filter((p) => p.summary.startsWith('31 vehicles'))).toHaveLength(1);
});

test('with the app closed, Background Sync delivers an offline photo exactly once', async ({ page, context }) => {
  await openContributions(page);
  await waitForServiceWorkerControl(page);
  const origin = new URL(page.url()).origin;
  const { fireOutboxSync: fireSync } = await serviceWorkerDevTools(context, await context.newPage(), origin);
  await page.getByLabel('Terminal').selectOption('duke-point');
  await context.setGeolocation({ latitude: 49.1631, longitude: -123.8917 });

  await setOffline(context, page, true);
  await fillPhotoForm(page, 47);
  await page.getByRole('button', { name: 'Submit Photo' }).click();
  await expect(
    page.getByRole('region', { name: 'Your photos' }).getByRole('listitem').filter({ hasText: '47 vehicles' }),
  ).toContainText('waiting to send');
  await page.close();
  await context.setOffline(false);

  await expect
    .poll(
      async () => {
        await fireSync().catch(() => undefined);
        return (await serverPhotos(context.request)).filter((p) => p.summary.startsWith('47 vehicles')).length;
      },
      { timeout: onThisHost(30_000) },
    )
    .toBe(1);
  await fireSync().catch(() => undefined);
  expect((await serverPhotos(context.request)).filter((p) => p.summary.startsWith('47 vehicles'))).toHaveLength(1);
});

test("claiming a reward lowers the balance, and the leaderboard shows the rider's rank", async ({ page, context }) => {
  await openContributions(page);
  // Earn points: one photo at each terminal (10-25 points each) through the same session.
  for (const terminal of ['horseshoe-bay', 'tsawwassen', 'swartz-bay', 'departure-bay', 'duke-point']) {
    const response = await context.request.post('/api/contributions/photo', {
      multipart: {
        terminal,
        lane: 'Lane 1',
        vehicleCount: '20',
        photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: await uniquePhoto() },
      },
    });
    expect(response.status()).toBe(201);
  }
  await page.reload();
  await page.getByRole('tab', { name: 'Rewards' }).click();
  const balanceText = page.getByText(/Your balance:/);
  await expect(balanceText).toContainText(/\d+ points/);
  // The tab shows the balance stored on the device first, then the server's once its pull answers.
  const balance = async () => Number((await balanceText.innerText()).match(/(\d+) points/)![1]);
  await expect.poll(balance).toBeGreaterThanOrEqual(50);
  const before = await balance();

  await page.getByRole('button', { name: 'Claim Orca Pod Sticker' }).click();
  await expect(page.getByText('Reward Claimed!')).toBeVisible();
  await expect(balanceText).toContainText(`${before - 50} points`);
  await expect(page.getByRole('region', { name: 'Your Claims' }).getByText('Orca Pod Sticker')).toBeVisible();

  await page.getByRole('tab', { name: 'Community' }).click();
  await expect(page.getByRole('radio', { name: 'This Week' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('listitem').filter({ hasText: '(you)' })).toContainText(/#\d+/);
  await page.getByRole('radio', { name: 'All Time' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: '(you)' })).toContainText(/#\d+/);
});
