/**
 * Quiet hours in Chromium on a phone: a Ninja rider sets quiet hours covering now in Settings, asks
 * Ninja Booking to watch a sailing more than 2 hours away (so the trip's last 2 hours, in which
 * nothing is held, are not reached), and the server's watcher finds a freed space on it. The opening
 * is held: not in the inbox, the bell says one alert is held. The rider then ends the quiet hours
 * now (their end set to this minute); the alert arrives in the inbox, once.
 */
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { localDateKey, NINJA_ROUTES } from '@/domain/ninja';
import { ninjaTimeText } from '@/domain/ninja-sailing-times';
import { terminalWallClock } from '@/domain/time';

import { sailingsOfRoute, spacesAt } from '../../server/feed/reservations';
import { openHome } from './support/app';
import { onThisHost } from './support/host-speed';

const MINUTE = 60_000;
const OPENING_TITLE = 'Ninja Booking: a space opened';
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** "HH:MM", terminal time, `offsetMinutes` from now (what a time input holds). */
function clockIn(offsetMinutes: number): string {
  const w = terminalWallClock(Date.now() + offsetMinutes * MINUTE);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}

/**
 * A sailing at least 3 hours away (quiet hours hold its alerts: its last 2 hours are not near) with a
 * standard space free now and for the next minutes, as the Ninja form offers it.
 */
function openSailingLater(): { route: string; date: string; time: string } {
  const now = Date.now();
  for (const offsetDays of [0, 1, 2]) {
    const date = localDateKey(now + offsetDays * 24 * 60 * MINUTE);
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    for (const route of NINJA_ROUTES) {
      if (!route.routeId || !route.from) continue;
      for (const s of sailingsOfRoute(route.routeId, { year, month, day }, route.from)) {
        if (s.scheduledMs < now + 3 * 60 * MINUTE) continue;
        const free = [0, 5, 10, 15].every(
          (m) => spacesAt(s, 'standard', now + m * MINUTE) > 0 && spacesAt(s, 'passenger', now + m * MINUTE) > 2,
        );
        if (free) return { route: route.name, date, time: ninjaTimeText(s.scheduledMs) };
      }
    }
  }
  throw new Error('No sailing 3 hours away or more with a free space in the next three days');
}

async function inbox(request: APIRequestContext) {
  const response = await request.get('/api/notifications');
  expect(response.ok()).toBe(true);
  return (await response.json()) as { items: Array<{ title: string }>; held: number };
}

async function setQuietHours(page: Page, start: string, end: string) {
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const quiet = page.getByRole('switch', { name: 'Quiet hours' });
  if ((await quiet.getAttribute('aria-checked')) !== 'true') await quiet.click();
  await page.getByLabel('Quiet hours start').fill(start);
  await page.getByLabel('Quiet hours end').fill(end);
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences Updated')).toBeVisible();
}

test('an alert for the rider’s trip is held in quiet hours, then delivered once when they end', async ({ page }) => {
  test.setTimeout(onThisHost(150_000));
  await openHome(page);
  const trial = await page.context().request.post('/api/membership/trials', { data: { tier: 'ninja' } });
  expect(trial.status()).toBe(201);

  // Quiet hours from an hour ago to two hours from now.
  const start = clockIn(-60);
  const end = clockIn(120);
  await setQuietHours(page, start, end);
  const quietText = page.getByText(/^Alerts are held from .* except in the last 2 hours before your sailing\.$/);
  await expect(quietText).toBeVisible();
  const profile = (await (await page.request.get('/api/users/profile')).json()) as Record<string, unknown>;
  expect(profile).toMatchObject({ quietHoursEnabled: true, quietHoursStart: start, quietHoursEnd: end });
  if (SHOTS) {
    await expect(page.getByText('Preferences Updated')).toHaveCount(0);
    await page
      .getByRole('region', { name: 'Notification Preferences' })
      .screenshot({ path: path.join(SHOTS, 'quiet-hours-settings.png') });
  }

  // The trip: a Ninja Booking request for a sailing more than 2 hours away with a space free.
  const sailing = openSailingLater();
  await page.goto('/app/ninja');
  await page.getByLabel('Route').selectOption(sailing.route);
  await page.getByLabel('Departure Date').fill(sailing.date);
  await page.getByLabel('Departure Time').selectOption(sailing.time);
  await page.getByRole('button', { name: 'Activate Ninja Booking' }).click();
  await expect(page.getByText('Ninja Booking Activated!')).toBeVisible();

  // The watcher (first pass at start, then every 30 s) finds the opening; quiet hours hold it.
  // Either news of the opening (held, or wrongly delivered) ends the wait.
  const found = async () => {
    const { items, held } = await inbox(page.request);
    return { held, delivered: items.filter((n) => n.title === OPENING_TITLE).length };
  };
  await expect
    .poll(async () => Object.values(await found()).some((n) => n > 0), { timeout: onThisHost(60_000) })
    .toBe(true);
  expect(await found()).toEqual({ held: 1, delivered: 0 });
  await openHome(page);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByRole('status')).toHaveText('1 alert is held by your quiet hours: it comes when they end.');
  await expect(dialog.getByText(OPENING_TITLE)).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'quiet-hours-inbox-held.png') });

  // The rider ends the quiet hours now: their end is this minute.
  await setQuietHours(page, start, clockIn(0));
  await expect.poll(async () => (await inbox(page.request)).held, { timeout: onThisHost(30_000) }).toBe(0);
  expect((await inbox(page.request)).items.filter((n) => n.title === OPENING_TITLE)).toHaveLength(1);

  await openHome(page);
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(dialog.getByText(OPENING_TITLE)).toHaveCount(1);
  await expect(dialog.getByText(`${sailing.route} at`, { exact: false })).toBeVisible();
  await expect(dialog.getByText(/held by your quiet hours/)).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'quiet-hours-inbox-delivered.png') });

  // Once: the watcher's next pass (its request checked again) sends nothing more.
  const attempts = async () =>
    ((await (await page.request.get('/api/ninja-booking/requests')).json()) as Array<{ currentAttempts: number }>)[0]
      ?.currentAttempts ?? 0;
  const before = await attempts();
  await expect.poll(attempts, { timeout: onThisHost(60_000) }).toBeGreaterThan(before);
  const after = await inbox(page.request);
  expect(after.items.filter((n) => n.title === OPENING_TITLE)).toHaveLength(1);
  expect(after.held).toBe(0);
});
