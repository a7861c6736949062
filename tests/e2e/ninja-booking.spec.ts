/**
 * Ninja Booking and the booking agent in Chromium: a Ninja (trial) rider sets up a request for a
 * sailing on which the simulator has freed a space, sees it listed, and gets the opening alert in
 * the inbox from the server's watcher; a request made offline waits in the outbox and reaches the
 * server once online; an admin starts the booking agent and starts and stops monitoring a rider.
 */
import { expect, test, type Page } from '@playwright/test';

import { localDateKey, NINJA_ROUTES } from '@/domain/ninja';
import { ninjaTimeText } from '@/domain/ninja-sailing-times';

import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { sailingsOfRoute, spacesAt } from '../../server/feed/reservations';
import { openHome, setOffline } from './support/app';
import { anotherRider, signIn } from './support/back-office';
import { onThisHost } from './support/host-speed';

const MINUTE = 60_000;

/** A route, date and sailing time (as the form offers it, from the timetable) whose sailing has a standard space free now and for the next minutes. */
function openSailingNow(): { route: string; date: string; time: string } {
  const now = Date.now();
  for (const offsetDays of [0, 1]) {
    const date = localDateKey(now + offsetDays * 24 * 60 * MINUTE);
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    for (const route of NINJA_ROUTES) {
      if (!route.routeId || !route.from) continue;
      const sailings = sailingsOfRoute(route.routeId, { year, month, day }, route.from);
      for (const s of sailings) {
        if (s.scheduledMs < now + 60 * MINUTE) continue;
        const free = [0, 5, 10].every(
          (m) => spacesAt(s, 'standard', now + m * MINUTE) > 0 && spacesAt(s, 'passenger', now + m * MINUTE) > 2,
        );
        if (free) return { route: route.name, date, time: ninjaTimeText(s.scheduledMs) };
      }
    }
  }
  throw new Error('No sailing with a free space in the next two days');
}

async function becomeNinja(page: Page) {
  await openHome(page);
  const trial = await page.context().request.post('/api/membership/trials', { data: { tier: 'ninja' } });
  expect(trial.status()).toBe(201);
  await page.goto('/app/ninja');
  await expect(page.getByRole('heading', { name: 'Active Ninja Requests' })).toBeVisible();
}

async function fillRequest(page: Page, sailing: { route: string; date: string; time: string }) {
  await page.getByLabel('Route').selectOption(sailing.route);
  await page.getByLabel('Departure Date').fill(sailing.date);
  await page.getByLabel('Departure Time').selectOption(sailing.time);
  await page.getByRole('switch', { name: 'Flexible timing' }).click();
  await page.getByRole('button', { name: 'Activate Ninja Booking' }).click();
}

test('a Ninja rider sets up a request, sees it listed and gets the opening alert in the inbox', async ({ page }) => {
  test.setTimeout(onThisHost(120_000));
  await becomeNinja(page);
  await expect(page.getByText('Beta', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How Ninja Booking Works' })).toBeVisible();
  // No booking provider, SMTP or SMS gateway in the test server: the rider books, alerts come in the app.
  await expect(
    page.getByText('Deckhand finds the opening and alerts you; you book it yourself with BC Ferries.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Auto-book when a space opens' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'E-mail notifications' })).toHaveCount(0);
  await expect(
    page.getByText('Deckhand checks for cancelled reservations every 30 seconds for up to 30 days.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Activate Ninja Booking' }).click();
  await expect(page.getByText('Please select a route and departure date.')).toBeVisible();

  const sailing = openSailingNow();
  await fillRequest(page, sailing);
  await expect(page.getByText('Ninja Booking Activated!')).toBeVisible();
  await expect(page.getByLabel('Route')).toHaveValue('unchosen');
  await expect(page.getByLabel('Departure Date')).toHaveValue('');
  await expect(page.getByLabel('Passengers')).toHaveValue('1');
  const listed = page.getByRole('listitem', { name: `${sailing.route} on ${sailing.date}` });
  await expect(listed).toBeVisible();
  await expect(listed.getByText('Active', { exact: true })).toBeVisible();

  // The watcher's first pass runs at start and then every 30 s.
  await expect
    .poll(
      async () =>
        (
          (await (await page.context().request.get('/api/notifications')).json()) as { items: Array<{ title: string }> }
        ).items.map((n) => n.title),
      {
        timeout: onThisHost(60_000),
      },
    )
    .toContain('Ninja Booking: a space opened');
  await page.goto('/app');
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Notifications' }).getByText('Ninja Booking: a space opened'),
  ).toBeVisible();
});

test('a request made offline waits on the device and reaches the server once online', async ({ page, context }) => {
  await becomeNinja(page);
  const sailing = openSailingNow();
  await setOffline(context, page, true);
  await fillRequest(page, sailing);
  await expect(page.getByText('Saved on this device')).toBeVisible();
  const listed = page.getByRole('listitem', { name: `${sailing.route} on ${sailing.date}` });
  await expect(listed.getByText('Waiting to be sent')).toBeVisible();
  await setOffline(context, page, false);
  await expect(listed.getByText('Waiting to be sent')).toBeHidden({ timeout: onThisHost(30_000) });
  const onServer = (await (await context.request.get('/api/ninja-booking/requests')).json()) as Array<{
    route: string;
    status: string;
  }>;
  expect(onServer).toEqual([expect.objectContaining({ route: sailing.route, status: 'active' })]);
});

test('an admin starts the booking agent, then starts and stops monitoring a rider', async ({
  page,
  playwright,
  baseURL,
}) => {
  const rider = { id: await anotherRider(playwright, baseURL) };

  await signIn(page, 'admin', E2E_ADMIN_PASSWORD, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // Waits for the dashboard's tabs: counting them at once raced the page's code loading.
  await page.getByRole('tab', { name: 'Booking Agent' }).click();

  await page.getByRole('button', { name: 'Start Booking Agent' }).click();
  await expect(page.getByText('Booking Agent Started')).toBeVisible();
  await page.getByLabel('Rider ID').fill(String(rider.id));
  await page.getByLabel('Departure Date').fill('');
  await page.getByRole('button', { name: 'Start Monitoring' }).click();
  await expect(page.getByText('Please select a departure date')).toBeVisible();
  await page.getByLabel('Departure Date').fill(localDateKey(Date.now() + 24 * 60 * MINUTE));
  await expect(page.getByLabel('Vehicle Height')).toBeVisible();
  await page.getByLabel('Notification Email').fill('ops@example.com');
  await page.getByRole('button', { name: 'Start Monitoring' }).click();
  await expect(page.getByText('Monitoring Started')).toBeVisible();
  const status = page.getByRole('region', { name: 'Monitoring Status' });
  await expect(status.getByText('monitoring', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Active Monitors' }).getByRole('button', { name: `Show rider ${rider.id}` }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Stop Monitoring' }).click();
  await expect(page.getByText('Monitoring Stopped')).toBeVisible();
  await expect(status.getByText('cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Monitoring' })).toBeVisible();
});
