import { expect, test } from '@playwright/test';

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
