/**
 * Failure paths a rider or admin must see when they happen, each forced in real Chromium: a server
 * refusal (the real server's, or one answered by `page.route`), no network (`context.setOffline`) or
 * a request that hangs. Set-up is shared and kept short: one ninja-trial rider walks through every
 * rider screen that can fail, one admin through the booking-agent console.
 */
import { expect, type Page, type Route } from '@playwright/test';

import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { openHome, setOffline, terminalLocal } from './support/app';
import { anotherRider, signIn } from './support/back-office';
import { uniquePhoto } from './support/photos';
import { test } from './support/test';

/** A final refusal as the server words it (a 4xx other than 408/429 is not retried). */
const refuse = (route: Route, message: string, status = 422) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error: 'refused', message }) });

/** A request held open until `release` is called: the screen's "pending" state can be seen. */
function hold(page: Page, url: string, answer: (route: Route) => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  void page.route(url, async (route) => {
    await released;
    await answer(route);
  });
  return { release };
}

/** A fresh rider on a Ninja trial (Ninja Booking and the exception pass open to them). */
async function ninjaRider(page: Page) {
  await openHome(page);
  expect((await page.request.post('/api/membership/trials', { data: { tier: 'ninja' } })).status()).toBe(201);
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 49.3742, longitude: -123.2728 });
});

test.describe('refusals answered by the page', () => {
  // The exception pass asks the service worker for a background sync, and what the worker sends is
  // not routed by page.route (it would reach the real server): these writes go from the page only.
  test.use({ serviceWorkers: 'block' });

  test('settings, Ninja Booking and the exception pass each say when the server refuses', async ({ page }) => {
    await ninjaRider(page);

    // Settings: 'Saving...' while the write is out, then 'Update Failed' when it is refused.
    await page.goto('/app/settings');
    const write = hold(page, '**/api/users/animal-preferences', (route) =>
      refuse(route, 'The preferences could not be stored'),
    );
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    write.release();
    await expect(page.getByText('Update Failed')).toBeVisible();
    await expect(page.getByText('Failed to save your preferences. Please try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Preferences' })).toBeEnabled();

    // Ninja Booking: 'Booking Setup Failed'.
    await page.route('**/api/ninja-booking/requests', (route) =>
      route.request().method() === 'POST' ? refuse(route, 'No such sailing') : route.fallback(),
    );
    await page.goto('/app/ninja');
    await page.getByLabel('Route').selectOption({ index: 1 });
    await page.getByLabel('Departure Date').fill(terminalLocal(26).slice(0, 10));
    await page.getByRole('button', { name: 'Activate Ninja Booking' }).click();
    await expect(page.getByText('Booking Setup Failed')).toBeVisible();
    await expect(page.getByText('Failed to activate ninja booking. Please try again.')).toBeVisible();

    // Exception pass, on one of the routes added beside the spec's four: 'Submission Failed'.
    await page.route('**/api/exception-passes', (route) =>
      route.request().method() === 'POST' ? refuse(route, 'Passes are paused') : route.fallback(),
    );
    await page.goto('/app/exception-pass');
    await page.getByLabel('Pass type').selectOption('medical');
    await page.getByLabel('Route').selectOption({ label: 'Horseshoe Bay → Bowen Island (Snug Cove)' });
    await page.getByLabel('Departure time').fill(terminalLocal(3));
    await page.getByLabel('Description').fill('Hospital appointment on the mainland');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Submission Failed')).toBeVisible();
    await expect(page.getByText('Unable to submit exception pass. Please try again.')).toBeVisible();
  });
});

test('photo counts, rewards and the Other Ways to Help dialogs say why the server refused', async ({ page }) => {
  await openHome(page);
  // The rider's balance as the page believes it: enough to tap Claim, which the server then refuses.
  await page.route('**/api/users/profile', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const profile = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...profile, rewardPointsBalance: 100_000 } });
  });
  await page.goto('/app/contributions');
  const terminal = page.getByLabel('Terminal');
  await expect(terminal).toHaveValue('horseshoe-bay');

  // A count over the server's limit is refused in the form, in words, before anything is sent.
  await page
    .getByLabel('Photo of the lane')
    .setInputFiles({ name: 'lane.jpg', mimeType: 'image/jpeg', buffer: await uniquePhoto() });
  await page.getByLabel('Vehicles counted').fill('394');
  await page.getByLabel('Lane', { exact: true }).selectOption('Lane 1');
  await page.getByRole('button', { name: 'Submit Photo' }).click();
  await expect(page.getByText('Check the Count')).toBeVisible();
  await expect(page.getByText('Count the cars in your lane: a whole number from 1 to 200.')).toBeVisible();

  // A count for Tsawwassen while the phone is at Horseshoe Bay: 'Upload Failed' with the reason, and no Retry.
  await terminal.selectOption('tsawwassen');
  await page.getByLabel('Vehicles counted').fill('12');
  await page.getByRole('button', { name: 'Submit Photo' }).click();
  const reason =
    "Your phone's location is at Horseshoe Bay, not Tsawwassen. Choose Horseshoe Bay as the terminal and count the lane you are in.";
  await expect(page.getByText('Upload Failed')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Not accepted' })).toContainText(reason);
  const photos = page.getByRole('region', { name: 'Your photos' });
  await expect(photos.getByRole('button', { name: 'Discard' })).toBeVisible();
  await expect(photos.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await terminal.selectOption('horseshoe-bay');

  // Each Other Ways to Help button's label stays inside its border on a phone.
  for (const name of [/Report Wait Time/, /Ferry Capacity Check/, /Validate Photos/, /Amenity Status/]) {
    const button = page.getByRole('button', { name });
    expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), String(name)).toBe(true);
  }

  // Other Ways to Help, each dialog in the browser: a report lands, the same report within 10 minutes is refused in words.
  await page.getByRole('button', { name: /Report Wait Time/ }).click();
  let dialog = page.getByRole('dialog', { name: 'Report Wait Time' });
  await dialog.getByLabel('Minutes waited so far at Horseshoe Bay').fill('25');
  await dialog.getByRole('button', { name: 'Send Wait Time' }).click();
  await expect(page.getByText('Thanks for helping!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: /Report Wait Time/ }).click();
  await dialog.getByLabel('Minutes waited so far at Horseshoe Bay').fill('30');
  await dialog.getByRole('button', { name: 'Send Wait Time' }).click();
  await expect(page.getByText('Not sent', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await page.getByRole('button', { name: /Ferry Capacity Check/ }).click();
  dialog = page.getByRole('dialog', { name: 'Ferry Capacity Check' });
  await dialog.getByRole('radio', { name: 'Nearly full' }).check();
  await page.route('**/api/contributions/capacity', (route) => refuse(route, 'Capacity checks are paused'));
  await dialog.getByRole('button', { name: 'Send Capacity' }).click();
  await expect(page.getByText('Capacity checks are paused')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await page.getByRole('button', { name: /Validate Photos/ }).click();
  dialog = page.getByRole('dialog', { name: 'Validate Photos' });
  await expect(
    dialog.getByText(/No photos from other riders to check right now|vehicles counted/).first(),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Amenity Status: the rider's terminal's amenities only, each named with it.
  await page.getByRole('button', { name: /Amenity Status/ }).click();
  dialog = page.getByRole('dialog', { name: 'Amenity Status' });
  await expect(dialog.getByRole('group', { name: 'Coffee Kiosk · Horseshoe Bay status' })).toBeVisible();
  await expect(dialog.getByRole('group')).toHaveCount(4);
  await expect(dialog.getByText(/Departure Bay|Tsawwassen|Swartz Bay|Duke Point/)).toHaveCount(0);
  await setOffline(page.context(), page, true);
  await dialog
    .getByRole('group', { name: 'Coffee Kiosk · Horseshoe Bay status' })
    .getByRole('button', { name: 'Busy' })
    .click();
  await expect(page.getByText('Saved on this device')).toBeVisible();
  await setOffline(page.context(), page, false);
  // Sent, not only on its way ("Sending 1…"): the claim below is not queued behind it.
  await expect(page.getByText(/waiting to send|Sending \d/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Rewards: the server refuses a claim the balance cannot cover: 'Claim Failed' (whichever toast
  // shows is named in a failure, so a claim left queued or accepted is told apart from none).
  await page.getByRole('tab', { name: 'Rewards' }).click();
  await page
    .getByRole('button', { name: /^Claim / })
    .first()
    .click();
  await expect(page.getByText(/^(Claim Failed|Claim saved|Reward Claimed!?)$/)).toHaveText('Claim Failed');
  await expect(page.getByText('Not enough points or reward unavailable.')).toBeVisible();
});

test('the admin sees the booking agent fail to start and monitoring refused or cut off', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const rider = { id: await anotherRider(playwright, baseURL) };
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Booking Agent' }).click();

  await page.route('**/api/booking-agent/start', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable","message":"down"}' }),
  );
  await page.getByRole('button', { name: 'Start Booking Agent' }).click();
  await expect(page.getByText('Failed to Start Agent')).toBeVisible();
  await expect(page.getByText('Could not initialize the booking automation system')).toBeVisible();

  // A rider already monitored on a route other than the form's first one.
  await page.getByLabel('Rider ID').fill(String(rider.id));
  await page.getByLabel('Route Code').selectOption({ index: 1 });
  const chosenRoute = await page.getByLabel('Route Code').inputValue();
  await page.getByRole('button', { name: 'Start Monitoring' }).click();
  await expect(page.getByText('Monitoring Started')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop Monitoring' })).toBeVisible();

  // Enter in the Rider ID field (as after typing an id) never submits the form's default route over it.
  await page.reload();
  await page.getByRole('tab', { name: 'Booking Agent' }).click();
  const monitorPosts: string[] = [];
  page.on(
    'request',
    (request) => request.url().endsWith('/api/booking-agent/monitor') && monitorPosts.push(request.method()),
  );
  await page.getByLabel('Rider ID').fill(String(rider.id));
  await page.getByLabel('Rider ID').press('Enter');
  await expect(page.getByRole('button', { name: 'Stop Monitoring' })).toBeVisible();
  await page.getByLabel('Rider ID').press('Enter');
  const active = await page.request.get('/api/booking-agent/active');
  expect(
    ((await active.json()) as Array<{ userId: number; routeCode: string }>).find((m) => m.userId === rider.id)
      ?.routeCode,
  ).toBe(chosenRoute);
  expect(monitorPosts).toEqual([]);

  // Refused by the server: its words. Offline: the spec's words.
  await page.getByRole('button', { name: 'Stop Monitoring' }).click();
  await expect(page.getByRole('button', { name: 'Start Monitoring' })).toBeVisible();
  await page.route('**/api/booking-agent/monitor', (route) =>
    refuse(route, 'The agent already watches 50 riders', 409),
  );
  await page.getByRole('button', { name: 'Start Monitoring' }).click();
  await expect(page.getByText('Failed to Start Monitoring')).toBeVisible();
  await expect(page.getByText('The agent already watches 50 riders')).toBeVisible();
  await page.unroute('**/api/booking-agent/monitor');
  await setOffline(context, page, true);
  await page.getByRole('button', { name: 'Start Monitoring' }).click();
  await expect(page.getByText('Could not start ferry availability monitoring')).toBeVisible();
  await setOffline(context, page, false);
});
