import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PAGES = [
  '/app', '/app/tracker', '/app/store', '/app/contributions', '/app/profile', '/app/settings', '/app/ninja',
  '/app/games', '/app/exception-pass', '/app/help', '/landing', '/site-tree', '/admin/login',
  '/admin/dashboard', '/staff/dashboard', '/not-a-page',
];

for (const path of PAGES) {
  test(`axe finds no WCAG 2.2 AA violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
}

test('the complaint dialog passes axe while open', async ({ page }) => {
  await page.goto('/app');
  await page.getByRole('region', { name: /complaint/i }).getByRole('button', { name: 'Other' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('home with its widgets and the EXPLORE MODE overlay pass axe', async ({ page }) => {
  await page.goto('/app');
  const explore = page.getByRole('region', { name: 'Explore Safely' });
  await expect(page.getByRole('region', { name: 'Live Tracker' }).getByText(/Departs in|ETA/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible();
  const home = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(home.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  const amenity = explore.getByRole('button').first();
  await expect(amenity).toBeEnabled();
  await amenity.click();
  await expect(page.getByRole('dialog', { name: 'EXPLORE MODE' })).toBeVisible();
  const overlay = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(overlay.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('the tracker and profile pages pass axe with their data', async ({ page }) => {
  await page.goto('/app/tracker');
  await expect(page.getByRole('heading', { name: 'Ferry Details' })).toBeVisible();
  const tracker = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(tracker.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.goto('/app/profile');
  await expect(page.getByRole('heading', { name: 'Notification Settings' })).toBeVisible();
  await expect(page.getByText(/Member$/)).toBeVisible();
  const profile = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(profile.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
