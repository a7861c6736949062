import { expect, test, type Page } from '@playwright/test';

import { deviceRowCount, nextFerryCard, openHome, setOffline, waitForServiceWorkerControl } from './support/app';
import { onThisHost } from './support/host-speed';

/** From the page's first byte on, notes whether the Next Ferry card's loading line was ever on screen. */
async function watchForLoadingLine(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as { loadingLineSeen?: boolean }).loadingLineSeen = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Loading ferry information...'))
        (window as { loadingLineSeen?: boolean }).loadingLineSeen = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const loadingLineSeen = (page: Page) => page.evaluate(() => (window as { loadingLineSeen?: boolean }).loadingLineSeen);

test('a phone at /app sees home with live ferry data', async ({ page }) => {
  await openHome(page);
  const card = nextFerryCard(page);
  await expect(card.getByText(/ - /).first()).toBeVisible();
  await expect(card.getByText(/Departs in \d+ min|Now boarding/)).toBeVisible();
  await expect(card.getByTestId('next-ferry-car-deck')).toHaveText(/^\d+% full$/);
  await expect(card.getByText('Live', { exact: true })).toBeVisible();
  // The sailing waits and the cars waiting for the route come with the feed, from its queue model.
  await expect(card.getByTestId('next-ferry-sailing-waits')).toContainText(
    /sailing|\d+ vehicles? waiting for this route/,
  );
  await expect(
    card.getByTestId('next-ferry-sailing-waits').getByText('estimated from simulated lane counts'),
  ).toBeVisible();
  // The built-in simulator is the source: its figures say so, so a demo never passes for real.
  await expect(card.getByTestId('next-ferry-departure').locator('..').getByTestId('figure-source')).toContainText(
    'simulated',
  );
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
  await expect(page.getByRole('link', { name: /911/ })).toHaveAttribute('href', 'tel:911');
});

test('a phone at the root gets the framed pages, not the landing page', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Ferry Travel Help' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('404 Page Not Found');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the service worker takes control of the page', async ({ page }) => {
  await openHome(page);
  await waitForServiceWorkerControl(page);
  const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(scriptURL).toMatch(/\/sw\.js$/);
});

test('the app is installable: the manifest names it and its icons load', async ({ page, request }) => {
  await openHome(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    short_name: string;
    display: string;
    theme_color: string;
    start_url: string;
    icons: Array<{ src: string; sizes: string; purpose?: string }>;
  };
  expect(manifest.short_name).toBe('Deckhand');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
});

test("pages complete in their HTML start their scripts through a starter; the service worker's /app shell fetches them at low priority; other pages at once", async ({
  page,
}) => {
  const scripts = async (path: string) =>
    (await (await page.goto(path))!.text()).match(/<script type="module"[^>]*>/g) ?? [];
  // /app as the server renders it has the next sailing in its HTML, as /landing has its first screen.
  expect(await scripts('/app')).toEqual([
    expect.stringMatching(/fetchpriority="low".* src="\/assets\/start-[\w-]+\.js"/),
  ]);
  // What the service worker answers /app with offline: its card waits for the device's data.
  expect(await scripts('/shells/app.html')).toEqual([
    expect.stringMatching(/fetchpriority="low".* src="\/assets\/index-/),
  ]);
  expect(await scripts('/app/tracker')).toEqual([expect.stringMatching(/src="\/assets\/index-/)]);
  expect((await scripts('/app/tracker'))[0]).not.toContain('fetchpriority');
});

test("a first visit's home starts from the sailing and banners its HTML came with: never the loading line, and kept on the device", async ({
  page,
}) => {
  await watchForLoadingLine(page);
  const html = await (await page.goto('/app'))!.text();
  const route = /data-testid="next-ferry-route"[^>]*>([^<]+)</.exec(html)?.[1];
  expect(route).toMatch(/ - /);
  const card = nextFerryCard(page);
  // The app has taken over (only its code enables the terminal picker) and shows the same sailing.
  await expect(card.getByLabel('Your terminal')).toBeEnabled();
  await expect(card.getByTestId('next-ferry-route')).toHaveText(route!);
  expect(await loadingLineSeen(page)).toBe(false);
  expect(html).toContain('Lanes move before departure.');
  await expect(
    page.getByRole('region', { name: 'Announcements' }).getByRole('button', { name: /^Show banner 2 of \d+$/ }),
  ).toBeEnabled();
  expect(await page.locator('#first-screen-data').count()).toBe(0);
  expect(await deviceRowCount(page, 'ferries')).toBeGreaterThan(0);
});

test("on a slow phone (the CPU slowed 20×), a first visit's home still never shows the loading line", async ({
  page,
  context,
}) => {
  test.setTimeout(onThisHost(120_000));
  // At this speed the device store opens slower than home waits for its first reads: the render
  // after the take-over must keep what the HTML showed until the device answers.
  await watchForLoadingLine(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await page.goto('/app');
  const card = nextFerryCard(page);
  await expect(card.getByLabel('Your terminal')).toBeEnabled({ timeout: onThisHost(60_000) });
  await expect(card.getByTestId('next-ferry-departure')).toBeVisible();
  expect(await loadingLineSeen(page)).toBe(false);
});

test('/landing loads its own script only through its starter, without the app, and its links open the app, online and offline', async ({
  page,
  context,
}) => {
  // The HTML names one script, the starter, which adds the page's own after the first paint (the
  // order within a frame is tested in tests/unit/script-start.test.ts).
  const html = await (await page.goto('/landing'))!.text();
  expect(html.match(/<script[^>]* src="[^"]+"/g)).toEqual([expect.stringMatching(/src="\/assets\/start-[\w-]+\.js"/)]);
  expect(html).not.toContain('modulepreload');

  const openApp = async (online: boolean) => {
    await expect(page.getByRole('heading', { level: 1, name: /Know your place/ })).toBeVisible();
    // Only the page's script offers a new rider the trial (the HTML has a plain link there).
    await expect(page.getByRole('button', { name: 'Start 7-day free Premium trial' })).toBeVisible();
    // A brochure: online, none of the app's code (React, the router, the device database) is fetched
    // for it. Offline, the trial offer comes from the device, and so with the device database.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    if (online) expect(scripts.filter((p) => /^\/assets\/(index|first-screen|sync)-/.test(p))).toEqual([]);
    await page.getByRole('link', { name: 'Open App' }).click();
    await expect(nextFerryCard(page)).toBeVisible();
    await expect(page).toHaveURL(/\/app$/);
  };
  await openApp(true);
  await waitForServiceWorkerControl(page);
  await setOffline(context, page, true);
  await page.goto('/landing');
  await openApp(false);
});

test.describe('before any JavaScript has run', () => {
  test.use({ javaScriptEnabled: false });

  test('/app shows the next sailing the server rendered in, /landing its first screen; other pages do not borrow them', async ({
    page,
  }) => {
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: 'Deckhand' })).toBeVisible();
    const card = nextFerryCard(page);
    await expect(card.getByRole('heading', { name: 'Next Ferry' })).toBeVisible();
    await expect(card.getByTestId('next-ferry-route')).toHaveText(/ - /);
    await expect(card.getByTestId('next-ferry-countdown')).toHaveText(/Departs in \d+ min|Now boarding/);
    await expect(card.getByTestId('next-ferry-car-deck')).toHaveText(/^\d+% full$/);
    await expect(card.getByText('Loading ferry information...')).toHaveCount(0);
    // A pick made before the app runs would be lost when it takes over: the picker waits for it.
    await expect(card.getByLabel('Your terminal')).toHaveValue('horseshoe-bay');
    await expect(card.getByLabel('Your terminal')).toBeDisabled();
    // The banner strip is in the HTML too; its buttons also wait for the app.
    const banners = page.getByRole('region', { name: 'Announcements' });
    await expect(banners.getByTestId('banner')).toContainText('Lanes move before departure.');
    await expect(banners.getByRole('button', { name: /^Show banner 2 of \d+$/ })).toBeDisabled();
    await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();

    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1, name: /Know your place/ })).toBeVisible();

    await page.goto('/app/tracker');
    await expect(page.getByRole('heading', { name: 'Next Ferry' })).toHaveCount(0);
  });
});

test("on a phone, a /landing section reached by its anchor shows its heading, not under the page's header", async ({
  page,
}) => {
  await page.goto('/landing');
  await page.getByRole('navigation', { name: 'Page sections' }).getByRole('link', { name: 'Pricing' }).click();
  const heading = page.getByRole('heading', { level: 2, name: 'Pricing' });
  await expect(heading).toBeInViewport();
  const header = await page.locator('header').first().boundingBox();
  const top = (await heading.boundingBox())!.y;
  // The header is not over the heading: either it scrolled away or the heading sits below it.
  expect(header === null || header.y + header.height <= top).toBe(true);
});
