/**
 * Games in Chromium: a free rider gets the upsell; a member (here through a 7-day Premium trial)
 * picks an image (anything else is refused), starts the jigsaw and plays against the 300-second
 * countdown, with the clock under the test's control.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openHome } from './support/app';

const PHOTO = path.join(import.meta.dirname, '../fixtures/photos/lane.png');
const NOT_AN_IMAGE = path.join(import.meta.dirname, '../fixtures/photos/not-an-image.txt');

test('a free rider sees the upsell', async ({ page }) => {
  await openHome(page);
  await page.goto('/app/games');
  await expect(page.getByRole('link', { name: 'Upgrade to Premium - $4.99/month' })).toHaveAttribute('href', '/#pricing');
  await expect(page.getByRole('link', { name: 'Earn Free Access - Contribute Photos' })).toHaveAttribute('href', '/app/contributions');
  await expect(page.getByRole('button', { name: 'Start Puzzle' })).toHaveCount(0);
});

test('a member plays the jigsaw until time is up', async ({ page }) => {
  await page.clock.install();
  await openHome(page);
  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Start 7-day free Premium trial' }).click();
  await expect(page.getByText('Premium trial started')).toBeVisible();
  await expect(page.getByTestId('trial-days-left')).toHaveText('7 days left');

  await page.goto('/app/games');
  const start = page.getByRole('button', { name: 'Start Puzzle' });
  await expect(start).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'More Games Coming Soon' })).toBeVisible();

  await page.getByLabel('Choose an image').setInputFiles(NOT_AN_IMAGE);
  await expect(page.getByRole('alert')).toContainText('not an image');
  await expect(start).toBeDisabled();
  await page.getByLabel('Choose an image').setInputFiles(PHOTO);
  await expect(start).toBeEnabled();
  await start.click();

  const timer = page.getByRole('timer', { name: 'Time left' });
  await expect(timer).toHaveText('05:00');
  await expect(page.getByTestId('jigsaw-reference')).toHaveCSS('filter', /blur/);
  await page.clock.runFor(10_000);
  await expect(timer).toHaveText('04:50');

  // A piece moves with the keyboard: focus it and press an arrow key.
  const board = page.getByRole('group', { name: 'Puzzle board' });
  await board.getByRole('button').first().focus();
  const before = await board.getByRole('button').first().getAttribute('aria-label');
  await page.keyboard.press('ArrowRight');
  await expect(board.getByRole('button').first()).not.toHaveAttribute('aria-label', before ?? '');

  await page.clock.runFor(291_000);
  await expect(timer).toHaveText('00:00');
  await expect(page.getByText("Time's up! Ferry is loading now!")).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(timer).toHaveText('00:00');
});
