import { expect, test } from '@playwright/test';

test('a desktop visitor at / gets the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Open App' })).toBeVisible();
  await expect(page.locator('#pricing')).toBeVisible();
  await expect(page.getByText(/98% queue accuracy/i).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: /main/i })).toHaveCount(0);
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
