import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { selectMainlandDeparture, waitForStillPage } from './support/app';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe measures colours as they are painted: a toast or badge caught mid-fade reads as low contrast.
 * Run it once no CSS animation or transition is still playing.
 */
async function axe(page: Page) {
  await waitForStillPage(page);
  return new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
}
const PAGES = [
  '/app', '/app/tracker', '/app/store', '/app/contributions', '/app/profile', '/app/settings', '/app/ninja',
  '/app/games', '/app/exception-pass', '/app/help', '/landing', '/site-tree', '/admin/login',
  '/admin/dashboard', '/staff/dashboard', '/not-a-page',
];

for (const path of PAGES) {
  test(`axe finds no WCAG 2.2 AA violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await axe(page);
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
}

test('the complaint dialog passes axe while open', async ({ page }) => {
  await page.goto('/app');
  await page.getByRole('region', { name: /complaint/i }).getByRole('button', { name: 'Other' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const results = await axe(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('the store with a filled cart and the help page while searching pass axe', async ({ page }) => {
  await page.goto('/app/store');
  await page.getByRole('list', { name: 'All Items' }).getByRole('button', { name: 'Add Medium Coffee to cart' }).click();
  await expect(page.getByRole('list', { name: 'Your Cart' })).toBeVisible();
  let results = await axe(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.goto('/app/help');
  await page.getByLabel('Search help').fill('pets');
  await expect(page.getByText('2 results for “pets”')).toBeVisible();
  results = await axe(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('the assistant passes axe with an answer shown', async ({ page }) => {
  await page.goto('/app');
  const chat = page.getByRole('region', { name: 'Ask Deckhand' });
  await chat.getByLabel('Your question').fill('Can I bring my dog?');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log')).toContainText('Sources:');
  const results = await axe(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
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
    const results = await axe(page);
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
});

test('home with its widgets and the EXPLORE MODE overlay pass axe', async ({ page }) => {
  await page.goto('/app');
  const explore = page.getByRole('region', { name: 'Explore Safely' });
  await expect(page.getByRole('region', { name: 'Live Tracker' }).getByTestId('tracker-eta')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible();
  const home = await axe(page);
  expect(home.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  const amenity = explore.getByRole('button').first();
  await expect(amenity).toBeEnabled();
  await amenity.click();
  await expect(page.getByRole('dialog', { name: 'EXPLORE MODE' })).toBeVisible();
  const overlay = await axe(page);
  expect(overlay.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('the tracker and profile pages pass axe with their data', async ({ page }) => {
  await page.goto('/app/tracker');
  await expect(page.getByRole('heading', { name: 'Ferry Details' })).toBeVisible();
  const tracker = await axe(page);
  expect(tracker.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.goto('/app/profile');
  await expect(page.getByRole('heading', { name: 'Notification Settings' })).toBeVisible();
  await expect(page.getByText(/Member$/).first()).toBeVisible();
  const profile = await axe(page);
  expect(profile.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
