/**
 * Spec details a rider sees on a phone, end to end: the Live Tracker's tiles and ETA, tooltips on
 * icon-only controls, and toasts (one at a time, F8, swipe right to dismiss).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

import { TOOLTIP_DELAY_MS } from '@/domain/constants';

import { openHome, waitForStillPage } from './support/app';

async function expectInsideScreen(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Hovers again if the page's layout moved the control away from the pointer before the tip showed. */
async function hoverUntilTip(page: Page, control: Locator, text: string): Promise<void> {
  await expect(async () => {
    await page.mouse.move(0, 0);
    await control.hover();
    await expect(page.getByRole('tooltip')).toHaveText(text, { timeout: 2_000 });
  }).toPass();
}

const visibleToasts = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"]');

test('the Live Tracker shows Passengers, Vehicles and On Time tiles and the ETA from the feed', async ({ page }) => {
  await page.goto('/app/tracker');
  const tracker = page.getByRole('region', { name: 'Live Tracker' });
  await expect(tracker.getByTestId('tracker-eta')).toHaveText(/^ETA: \d+ min( · Departs in \d+ min)?$/);
  const tiles = tracker.locator('dl').first().locator('dt');
  // The third tile is the spec's "On Time" while the sailing is; a late one says "Delay" above "+N min".
  await expect(tiles).toHaveText(['Passengers', 'Vehicles', /^(On Time|Delay)$/]);
  const third = tracker.locator('dl').first().locator('dt').nth(2);
  const value = third.locator('+ dd');
  await expect(value).toHaveText(/^(On Time|\+\d+ min)$/);
  expect(((await third.textContent()) === 'Delay') === /^\+/.test((await value.textContent()) ?? '')).toBe(true);
});

test('icon-only controls show a tooltip on hover and on keyboard focus', async ({ page }) => {
  await openHome(page);
  const settings = page.getByRole('link', { name: 'Settings' });
  await hoverUntilTip(page, settings, 'Settings');
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await settings.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Settings');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // A tip at the screen's right edge is moved back inside it.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await hoverUntilTip(page, bell, 'Notifications');
  await expectInsideScreen(page, page.getByRole('tooltip'));
});

test('a dialog opened by a press gets no tooltip over its first line: focus moved by the page is not keyboard focus', async ({
  page,
}) => {
  await openHome(page);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const inbox = page.getByRole('dialog', { name: 'Notifications' });
  await expect(inbox.getByRole('button', { name: 'Close' })).toBeFocused();
  // A tip shows TOOLTIP_DELAY_MS after keyboard focus: twice that, and none has.
  await page.waitForTimeout(TOOLTIP_DELAY_MS * 2);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

test('a tooltip near the edge of the phone frame stays inside it', async ({ page }) => {
  await page.goto('/app/store');
  const items = page.getByRole('list', { name: 'All Items' });
  await items.getByRole('button', { name: 'Add Nanaimo Bar to cart' }).click();
  await page.mouse.move(0, 0);
  await items.getByRole('button', { name: 'Add one more Nanaimo Bar' }).hover();
  const tip = page.getByRole('tooltip');
  await expect(tip).toHaveText('Add one more Nanaimo Bar');
  await expectInsideScreen(page, tip);
});

test('toasts: one at a time, F8 reaches them, a swipe to the right dismisses', async ({ page }) => {
  await page.goto('/app/store');
  const items = page.getByRole('list', { name: 'All Items' });
  await items.getByRole('button', { name: 'Add Medium Coffee to cart' }).click();
  await items.getByRole('button', { name: 'Add Nanaimo Bar to cart' }).click();
  await expect(visibleToasts(page)).toHaveCount(1);
  await expect(visibleToasts(page)).toContainText('Nanaimo Bar');

  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: /F8/ }).locator('[data-sonner-toaster]')).toBeFocused();

  // Measured once the toast has finished sliding in: a swipe started on a moving toast can miss it.
  await waitForStillPage(page);
  const box = (await visibleToasts(page).boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 40, y);
  await page.mouse.down();
  for (const dx of [20, 40, 60, 80, 120]) await page.mouse.move(box.x + 40 + dx, y);
  await page.mouse.up();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});
