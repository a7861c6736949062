/**
 * /app and /landing arrive with their first screen in the HTML; the app takes /app's HTML over
 * (hydrates it) instead of building the page again, and /landing's own script (no React) works on
 * its HTML as it is. Hydration adopts the HTML's elements and attributes as they are (a first render
 * that differed from the HTML would leave them stale, src/main.tsx): these tests fail on any error
 * the page reports, check that what the app shows follows the device once it runs, and that the
 * elements on screen are still the ones the HTML made, online (the server's /app, the build's /landing) and on a warm offline start
 * (the service worker's shells, with the device's data).
 */
import { expect, test, type Page } from '@playwright/test';

import { nextFerryCard, openHome, setOffline, waitForServiceWorkerControl } from './support/app';

/** Offline, every request the page makes fails, and the browser says so in the console. */
const NETWORK_FAILURE = /net::ERR_/;

/** Errors the page reports (console errors other than failed requests, uncaught exceptions), collected from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !NETWORK_FAILURE.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Keeps the page's h1 as the HTML made it, before any script runs, on every page load. */
async function keepHtmlHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { htmlHeading?: Element | null }).htmlHeading = document.querySelector('h1');
    });
  });
}

/** The h1 on screen is the element the HTML made: the app adopted it, nothing was built again. */
async function expectHeadingFromHtml(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => {
      const kept = (window as { htmlHeading?: Element | null }).htmlHeading;
      return Boolean(kept) && kept === document.querySelector('h1');
    }),
  ).toBe(true);
}

/** Waits until /landing's script runs: only it offers the trial (the HTML has a plain link). */
async function landingRunning(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: /Know your place/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start 7-day free Premium trial' })).toBeVisible();
}

test('/app as the server renders it is taken over without being rendered again', async ({ page }) => {
  await keepHtmlHeading(page);
  const errors = collectErrors(page);
  await openHome(page);
  const card = nextFerryCard(page);
  await expect(card.getByLabel('Your terminal')).toBeEnabled();
  await card.getByLabel('Your terminal').selectOption('tsawwassen');
  await expect(card.getByTestId('next-ferry-route')).toHaveText(/^Tsawwassen - /);
  await expect(card.getByTestId('next-ferry-countdown')).toHaveText(/Departs in \d+ min|Now boarding/);
  await expect(page.locator('header time')).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);
  await expectHeadingFromHtml(page);
  expect(errors).toEqual([]);
});

test('/landing runs on its HTML without building it again, also for a rider who asks for less motion', async ({
  page,
}) => {
  await keepHtmlHeading(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const errors = collectErrors(page);
  await page.goto('/landing');
  await landingRunning(page);
  // The rider's preference applies once the page's script runs: the rotation starts paused.
  await expect(page.getByRole('button', { name: 'Play rotation' })).toBeVisible();
  await expectHeadingFromHtml(page);
  expect(errors).toEqual([]);
});

test("a warm offline start takes over the service worker's /app and /landing without rendering them again, then shows the device's data", async ({
  page,
  context,
}) => {
  await keepHtmlHeading(page);
  await openHome(page);
  await waitForServiceWorkerControl(page);
  const card = nextFerryCard(page);
  await expect(card.getByText('Live', { exact: true })).toBeVisible();
  // The device's own pick, which neither the server nor the service worker's shell knows of.
  await card.getByLabel('Your terminal').selectOption('swartz-bay');
  await expect(card.getByTestId('next-ferry-route')).toHaveText(/^Swartz Bay - /);
  const route = await card.getByTestId('next-ferry-route').innerText();
  await page.goto('/landing');
  await landingRunning(page);

  await setOffline(context, page, true);
  const errors = collectErrors(page);
  await page.goto('/app');
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  await expect(nextFerryCard(page).getByTestId('next-ferry-route')).toHaveText(route);
  await expect(nextFerryCard(page).getByTestId('next-ferry-countdown')).toHaveText(/Departs in \d+ min|Now boarding/);
  await expect(page.getByRole('status').getByText(/Offline · data from \d{1,2}:\d{2} (am|pm)/)).toBeVisible();
  await expect(page.locator('header time')).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);
  await expectHeadingFromHtml(page);

  await page.goto('/landing');
  await landingRunning(page);
  await expectHeadingFromHtml(page);
  expect(errors).toEqual([]);
});
