import { expect, test } from '@playwright/test';

import { selectMainlandDeparture } from './support/app';
import { axeViolations } from './support/axe';

const PAGES = [
  '/app',
  '/app/tracker',
  '/app/store',
  '/app/contributions',
  '/app/profile',
  '/app/settings',
  '/app/ninja',
  '/app/games',
  '/app/exception-pass',
  '/app/help',
  '/landing',
  '/site-tree',
  '/admin/login',
  '/admin/dashboard',
  '/staff/dashboard',
  '/not-a-page',
];

for (const path of PAGES) {
  test(`axe finds no WCAG 2.2 AA violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('the complaint dialog passes axe while open', async ({ page }) => {
  await page.goto('/app');
  await page
    .getByRole('region', { name: /complaint/i })
    .getByRole('button', { name: 'Other' })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the store with a filled cart and the help page while searching pass axe', async ({ page }) => {
  await page.goto('/app/store');
  await page
    .getByRole('list', { name: 'All Items' })
    .getByRole('button', { name: 'Add Medium Coffee to cart' })
    .click();
  await expect(page.getByRole('list', { name: 'Your Cart' })).toBeVisible();
  await expect(page.getByText('Added to Cart')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/app/help');
  await page.getByLabel('Search help').fill('pets');
  await expect(page.getByText('2 results for “pets”')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the assistant passes axe with an answer shown', async ({ page }) => {
  await page.goto('/app');
  const chat = page.getByRole('region', { name: 'Ask Deckhand' });
  await chat.getByLabel('Your question').fill('Can I bring my dog?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log')).toContainText('Sources:');
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('the tracker page with a position and a plan', () => {
  test.use({ geolocation: { latitude: 49.373055, longitude: -123.273941, accuracy: 5 }, permissions: ['geolocation'] });

  test('passes axe', async ({ page }) => {
    await page.goto('/app/tracker');
    const queue = page.getByRole('region', { name: 'Queue Position' });
    await queue.getByRole('button', { name: 'Find My Position' }).click();
    await expect(queue.getByTestId('queue-position-number')).toBeVisible();
    const calc = page.getByRole('region', { name: 'Departure Calculator' });
    await selectMainlandDeparture(calc.getByLabel('Ferry departure'));
    await calc.getByLabel('Your location').fill('Vancouver');
    await calc.getByRole('button', { name: 'Calculate' }).click();
    await expect(calc.getByTestId('departure-plan')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('home with its widgets and the EXPLORE MODE overlay pass axe', async ({ page }) => {
  await page.goto('/app');
  const explore = page.getByRole('region', { name: 'Explore Safely' });
  await expect(page.getByRole('region', { name: 'Live Tracker' }).getByTestId('tracker-eta')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const amenity = explore.getByRole('button').first();
  await expect(amenity).toBeEnabled();
  await amenity.click();
  await expect(page.getByRole('dialog', { name: 'EXPLORE MODE' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the tracker and profile pages pass axe with their data', async ({ page }) => {
  await page.goto('/app/tracker');
  await expect(page.getByRole('heading', { name: 'Ferry Details' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/app/profile');
  await expect(page.getByRole('heading', { name: 'Notification Settings' })).toBeVisible();
  await expect(page.getByText(/Member$/).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the scan itself finds violations: a nameless button and pale text put into a page are reported', async ({
  page,
}) => {
  // Every test above expects no violation; this one shows the scan they rely on still sees one, as
  // the page is painted, in the mode it runs in.
  await page.goto('/site-tree');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    main.insertAdjacentHTML(
      'beforeend',
      '<button type="button"></button><p style="color:#d8d8d8;background:#ffffff">Pale text</p>',
    );
  });
  const violations = await axeViolations(page);
  expect(violations.some((line) => line.startsWith('button-name:'))).toBe(true);
  expect(violations.some((line) => line.startsWith('color-contrast:'))).toBe(true);
});
