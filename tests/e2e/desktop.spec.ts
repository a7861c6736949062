import { expect } from '@playwright/test';

import { test } from './support/test';

test('a desktop visitor at / gets the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Open App' })).toBeVisible();
  await expect(page.locator('#pricing')).toBeVisible();
  await expect(page.getByText(/98% queue accuracy/i).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: /main/i })).toHaveCount(0);
});

test('with the landing page disabled, a desktop visitor at / gets a Mobile Preview containing the phone frame', async ({
  page,
}) => {
  // The server's LANDING_ENABLED=false as GET /api/config carries it (the server side has its own test).
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), landingEnabled: false } });
  });
  await page.goto('/');
  const preview = page.getByRole('region', { name: 'Mobile Preview' });
  await expect(page.getByText('Mobile Preview', { exact: true })).toBeVisible();
  await expect(preview.getByRole('heading', { level: 1, name: 'Deckhand' })).toBeVisible();
  await expect(preview.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open App' })).toHaveCount(0);
});

test('a desktop visitor at /app gets the phone frame', async ({ page }) => {
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Deckhand' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
});

test('the site map lists pages with their access notes', async ({ page }) => {
  await page.goto('/site-tree');
  await expect(page.getByText('admin only').first()).toBeVisible();
  await expect(page.getByText('staff and up')).toBeVisible();
  await expect(page.getByText('Ninja members')).toBeVisible();
});

test('a first desktop visit to / shows the landing page from the first thing the app draws until the network is idle, never a loading line in its place', async ({
  browser,
}) => {
  // Several first visits: the order of the device database's first read, the config request and
  // the page's code varies from one load to the next.
  for (let visit = 1; visit <= 3; visit += 1) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    // At every change of the page while it loads: whether #root shows anything, and whether it has the link to the app.
    await page.addInitScript(() => {
      const samples: { drawn: boolean; link: boolean }[] = [];
      (window as unknown as { rootSamples: typeof samples }).rootSamples = samples;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (root)
          samples.push({ drawn: root.childElementCount > 0, link: root.querySelector('a[href$="/app"]') !== null });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator('a[href$="/app"]').first()).toBeAttached();
    const samples = await page.evaluate(
      () => (window as unknown as { rootSamples: { drawn: boolean; link: boolean }[] }).rootSamples,
    );
    const drawn = samples.filter((sample) => sample.drawn);
    expect(drawn.length, `visit ${visit}: the app drew the page`).toBeGreaterThan(0);
    expect(
      drawn.filter((sample) => !sample.link),
      `visit ${visit}: every drawn state has the link to the app`,
    ).toEqual([]);
    await context.close();
  }
});

test('the landing page at / keeps no channel open; going on into the app starts its live data', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const pulls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/sailings') pulls.push(request.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('link', { name: 'Open App' })).toBeVisible();
  expect(sockets, 'a brochure opens no realtime channel').toEqual([]);
  expect(pulls, 'a brochure pulls no sailings').toEqual([]);

  await page.getByRole('link', { name: 'Open App' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deckhand' })).toBeVisible();
  // The sync engine starts with the app: its pull of the sailings and its realtime channel.
  await expect.poll(() => pulls.length).toBeGreaterThan(0);
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'Next Ferry' }).getByTestId('next-ferry-route')).toBeVisible();
});
