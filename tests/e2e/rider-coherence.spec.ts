/**
 * The rider's own terminal first, and screens that agree, phone viewport, real server: the terminal
 * picker is remembered and Find My Position overrides it on every card; the 911 button and the clock
 * bar live in the banner landmark and cover nothing; banners stay compact; the assistant prices a fare.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { nextFerryCard, openHome } from './support/app';
import { onThisHost } from './support/host-speed';

/** A point in a Horseshoe Bay lane (server/db/seed-lanes.ts). */
const IN_HORSESHOE_BAY_LANE = { latitude: 49.373055, longitude: -123.273941, accuracy: 5 };

const terminalPicker = (page: Page) => nextFerryCard(page).getByLabel('Your terminal');

test.describe('a rider in a Horseshoe Bay lane', () => {
  test.use({ geolocation: IN_HORSESHOE_BAY_LANE, permissions: ['geolocation'] });

  test('the picked terminal is remembered, and Find My Position puts every card on the lane’s terminal', async ({
    page,
  }) => {
    await openHome(page);
    // What a rider needs first is at the top: the Next Ferry card comes before the membership upsell.
    // Measured once the app has replaced the prerendered screen (the card then shows its sailing).
    const upsell = page.getByText(/Upgrade to Ninja Booking|Ninja Booking Active/).first();
    await expect(upsell).toBeVisible();
    await expect(nextFerryCard(page)).toContainText(/Departs in|Now boarding|No sailing/);
    const cardTop = (await nextFerryCard(page).boundingBox())!.y;
    expect(cardTop).toBeLessThan((await upsell.boundingBox())!.y);

    await expect(terminalPicker(page)).toHaveValue('horseshoe-bay');
    await terminalPicker(page).selectOption('tsawwassen');
    await expect(nextFerryCard(page)).toContainText(/Tsawwassen - |No sailing from Tsawwassen/);
    await page.reload();
    await expect(terminalPicker(page)).toHaveValue('tsawwassen');

    await page.goto('/app/tracker');
    const queue = page.getByRole('region', { name: 'Queue Position' });
    await queue.getByRole('button', { name: 'Find My Position' }).click();
    await expect(queue.getByTestId('queue-position-number')).toBeVisible();
    // The tracker and the cameras follow the lane's terminal, not the picked one.
    await expect(page.getByTestId('tracker-status-line')).toContainText(/Horseshoe Bay - |En route to Horseshoe Bay/);
    await expect(page.getByRole('region', { name: 'Live Terminal Cameras' }).getByLabel('Terminal')).toHaveValue(
      'horseshoe-bay',
    );

    await openHome(page);
    await expect(terminalPicker(page)).toHaveValue('horseshoe-bay');
    await expect(terminalPicker(page)).toBeDisabled();
    await expect(nextFerryCard(page).getByTestId('next-ferry-route')).toContainText('Horseshoe Bay - ');
    await expect(nextFerryCard(page).getByTestId('next-ferry-car-deck')).toHaveText(/^\d+% full$/);
    await expect(nextFerryCard(page).getByTestId('next-ferry-will-make-it')).toBeVisible();

    // The chat suggests (and answers about) the rider's terminal.
    const chat = page.getByRole('region', { name: 'Ask Deckhand' });
    await expect(chat.getByRole('button', { name: 'How long is the wait at Horseshoe Bay?' })).toBeVisible();

    // The queue card and the away overlay are for the same sailing the Next Ferry card shows: the
    // same departure, boarding start and countdown.
    const departure = (await nextFerryCard(page).getByTestId('next-ferry-departure').innerText()).trim();
    const boardingStarts = (await nextFerryCard(page).getByTestId('next-ferry-boarding-starts').innerText()).trim();
    const homeQueue = page.getByRole('region', { name: 'Queue Position' });
    await expect(homeQueue.getByTestId('queue-sailing-departure')).toHaveText(departure);
    await expect(homeQueue.getByTestId('queue-boarding-starts')).toHaveText(boardingStarts);
    await expect(homeQueue.getByTestId('queue-sailing')).toContainText(
      await nextFerryCard(page).getByTestId('next-ferry-route').innerText(),
    );
    // Both cards read at the same moment: the minute may turn between two separate reads.
    await expect
      .poll(async () => {
        const departsIn = (await nextFerryCard(page).getByTestId('next-ferry-countdown').innerText()).trim();
        return (await homeQueue.getByTestId('queue-sailing').innerText()).includes(departsIn);
      })
      .toBe(true);
    const explore = page.getByRole('region', { name: 'Explore Safely' });
    await expect(explore.getByTestId('step-away-verdict')).toContainText(
      new RegExp(`${departure.replace(/[^\w ]/g, '.')} sailing|is boarding`, 'i'),
    );
    await explore.getByRole('button').filter({ hasNotText: 'View' }).first().click();
    const overlay = page.getByRole('dialog', { name: 'EXPLORE MODE' });
    await expect(overlay.locator('dt:text-is("Next Sailing") + dd')).toHaveText(departure);
  });
});

test('the 911 button and the clock bar sit in the banner landmark, above the page, covering nothing', async ({
  page,
}) => {
  await page.goto('/app/store');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const emergency = page.getByRole('banner').getByRole('link', { name: 'Emergency: call 911' });
  await expect(emergency).toHaveAttribute('href', 'tel:911');
  const main = page.getByRole('main');
  const [button, content] = [await emergency.boundingBox(), await main.boundingBox()];
  // Entirely above the scrolling page: no store button or complaint button can be under it.
  expect(button!.y + button!.height).toBeLessThanOrEqual(content!.y + 0.5);
  const results = await new AxeBuilder({ page })
    .withRules(['region', 'landmark-one-main', 'landmark-unique'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a toast never covers the 911 button', async ({ page }) => {
  await page.goto('/app/store');
  const items = page.getByRole('list', { name: 'All Items' });
  await items
    .getByRole('button', { name: /^Add .* to cart$/ })
    .first()
    .click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Added to Cart' });
  await expect(toast).toBeVisible();
  const emergency = page.getByRole('banner').getByRole('link', { name: 'Emergency: call 911' });
  const button = await emergency.boundingBox();
  // Once it has slid into place (sonner animates it in from above), the toast sits below the button.
  await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(button!.y + button!.height);
  // A tap on the button reaches the button, not the toast.
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.getAttribute('href') ?? null,
    {
      x: button!.x + button!.width / 2,
      y: button!.y + button!.height / 2,
    },
  );
  expect(onTop).toBe('tel:911');
});

test('home has no moderate or worse accessibility finding, the region rule included', async ({ page }) => {
  // Every axe rule over the whole home page: slow on a busy machine, so more time than the default.
  test.setTimeout(onThisHost(150_000));
  await openHome(page);
  await expect(nextFerryCard(page).getByTestId('next-ferry-route')).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => ['moderate', 'serious', 'critical'].includes(v.impact ?? ''));
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});

test('banners stay compact while stuck to the top', async ({ page }) => {
  await openHome(page);
  const banner = page.getByTestId('banner');
  await expect(banner).toBeVisible();
  const viewport = page.viewportSize()!;
  await page.getByRole('main').evaluate((main) => main.scrollBy(0, 800));
  await expect(banner).toBeInViewport();
  const box = (await banner.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(viewport.height * 0.1);
});

test('the assistant prices a fare question instead of quoting the surcharge FAQ', async ({ page }) => {
  await openHome(page);
  const chat = page.getByRole('region', { name: 'Ask Deckhand' });
  await chat.getByLabel('Your question').fill('How much is an adult fare on the main routes?');
  await chat.getByRole('button', { name: 'Send' }).click();
  const log = chat.getByRole('log');
  await expect(log).toContainText('$20.72 off-peak or $23.83 at peak');
  await expect(log).toContainText('High confidence');
  await expect(log).not.toContainText('Sources: FAQ');
});
