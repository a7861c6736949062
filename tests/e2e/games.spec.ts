/**
 * Games in Chromium: a free rider gets the upsell; a member (here through a 7-day Premium trial)
 * picks an image (anything else is refused), starts the jigsaw and plays against the 300-second
 * countdown, with the clock under the test's control; a rider who takes the trial from the games
 * upsell solves it by dragging pieces with a finger and a mouse, in time.
 */
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';

import { openHome } from './support/app';

const PHOTO = path.join(import.meta.dirname, '../fixtures/photos/lane.png');
const NOT_AN_IMAGE = path.join(import.meta.dirname, '../fixtures/photos/not-an-image.txt');

test('a free rider sees the upsell', async ({ page }) => {
  await openHome(page);
  await page.goto('/app/games');
  await expect(page.getByRole('link', { name: 'Upgrade to Premium - $4.99/month' })).toHaveAttribute(
    'href',
    '/app/membership',
  );
  await expect(page.getByRole('link', { name: 'Earn Free Access - Contribute Photos' })).toHaveAttribute(
    'href',
    '/app/contributions',
  );
  await expect(page.getByRole('button', { name: 'Start Puzzle' })).toHaveCount(0);
});

test('every Upgrade link fits a 390-pixel phone and leads to the membership page, which says nothing is charged', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHome(page);
  await page.goto('/app/ninja');
  const upgrade = page.getByRole('link', { name: 'Upgrade to Premium Plus - $11.99/month' });
  await expect(upgrade).toBeVisible();
  // The label stays inside its box: nothing of it runs past the button's edges.
  const fits = await upgrade.evaluate((link) => {
    const box = link.getBoundingClientRect();
    const text = link.firstElementChild!.getBoundingClientRect();
    return text.left >= box.left && text.right <= box.right && link.scrollWidth <= link.clientWidth;
  });
  expect(fits).toBe(true);
  await upgrade.click();
  await expect(page).toHaveURL(/\/app\/membership$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Membership' })).toBeVisible();
  await expect(page.getByText(/Deckhand takes no payments yet/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ninja / Premium Plus' })).toBeVisible();
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

async function centre(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags `piece` onto `target` with a finger (CDP touch events) or the mouse, in small steps. */
async function dragPiece(page: Page, piece: Locator, target: Locator, input: 'touch' | 'mouse') {
  const from = await centre(piece);
  const to = await centre(target);
  const steps = Array.from({ length: 6 }, (_, i) => ({
    x: from.x + ((to.x - from.x) * (i + 1)) / 6,
    y: from.y + ((to.y - from.y) * (i + 1)) / 6,
  }));
  if (input === 'mouse') {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (const point of steps) await page.mouse.move(point.x, point.y);
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (const point of steps) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('a free rider takes the trial from the games upsell and finishes the jigsaw in time by dragging', async ({
  page,
}) => {
  await page.clock.install();
  await openHome(page);
  await page.goto('/app/games');
  await page.getByRole('button', { name: 'Start 7-day free Premium trial' }).click();
  await expect(page.getByText('Premium trial started')).toBeVisible();

  await page.getByLabel('Choose an image').setInputFiles(PHOTO);
  await page.getByRole('button', { name: 'Start Puzzle' }).click();
  await page.clock.runFor(42_000);
  await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText(/^04:1\d$/);

  const board = page.getByRole('group', { name: 'Puzzle board' });
  const square = (cell: number) => board.locator(`[data-cell="${cell}"]`);
  // Raw touch and mouse input lands where it is sent: the whole board must be on screen.
  await board.scrollIntoViewIfNeeded();
  let drags = 0;
  for (let cell = 0; cell < 9; cell += 1) {
    const inPlace = new RegExp(`^Piece ${cell + 1}, in square ${cell + 1}, in place$`);
    if (inPlace.test((await square(cell).getAttribute('aria-label')) ?? '')) continue;
    // The first move is a finger's, the others the mouse's.
    await dragPiece(
      page,
      board.getByRole('button', { name: new RegExp(`^Piece ${cell + 1}, `) }),
      square(cell),
      drags === 0 ? 'touch' : 'mouse',
    );
    drags += 1;
    await expect(square(cell)).toHaveAttribute('aria-label', inPlace);
  }
  expect(drags).toBeGreaterThan(0);
  await expect(page.getByText(/^Puzzle complete in [0-4]:\d\d, before the ferry loads!$/)).toBeVisible();
  await expect(page.getByText("Time's up! Ferry is loading now!")).toHaveCount(0);
});
