import { expect, test } from '@playwright/test';

import {
  complaintEngine,
  fileOtherComplaint,
  nextFerryCard,
  openHome,
  serverComplaintsMatching,
  serviceWorkerDevTools,
  setOffline,
  waitForServiceWorkerControl,
} from './support/app';
import { onThisHost } from './support/host-speed';

test('an offline reload still shows the last ferry data and its age', async ({ page, context }) => {
  await openHome(page);
  await waitForServiceWorkerControl(page);
  const card = nextFerryCard(page);
  await expect(card.getByText('Live', { exact: true })).toBeVisible();
  const route = await card.getByTestId('next-ferry-route').innerText();

  await setOffline(context, page, true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Deckhand' })).toBeVisible();
  await expect(nextFerryCard(page).getByTestId('next-ferry-route')).toHaveText(route);
  await expect(page.getByRole('status').getByText(/Offline · data from \d{1,2}:\d{2} (am|pm)/)).toBeVisible();
  await expect(nextFerryCard(page).getByText('Live', { exact: true })).toHaveCount(0);
});

test('a complaint filed offline is queued, then reaches the server exactly once after reconnect', async ({
  page,
  context,
}) => {
  const description = `Offline complaint ${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await openHome(page);
  await waitForServiceWorkerControl(page);

  await setOffline(context, page, true);
  await fileOtherComplaint(page, description);
  await expect(page.getByText(/saved and will be sent when you reconnect/)).toBeVisible();
  const recent = complaintEngine(page).getByRole('listitem').filter({ hasText: description });
  await expect(recent).toContainText(/Queued/);

  await setOffline(context, page, false);
  await expect(recent).toContainText(/Sent|Received/i);
  expect(await serverComplaintsMatching(context.request, description)).toBe(1);

  // Reloading and further flush triggers must not send it again.
  await page.reload();
  await openHome(page);
  await expect(complaintEngine(page).getByRole('listitem').filter({ hasText: description })).toHaveCount(1);
  expect(await serverComplaintsMatching(context.request, description)).toBe(1);
});

test('with the app closed, a Background Sync event delivers the offline complaint exactly once', async ({
  page,
  context,
}) => {
  const description = `Closed-app complaint ${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await openHome(page);
  await waitForServiceWorkerControl(page);
  const origin = new URL(page.url()).origin;

  // A blank tab keeps a DevTools session open after the app's page is closed.
  const { fireOutboxSync: fireSync } = await serviceWorkerDevTools(context, await context.newPage(), origin);

  await setOffline(context, page, true);
  await fileOtherComplaint(page, description);
  await expect(complaintEngine(page).getByRole('listitem').filter({ hasText: description })).toContainText(/Queued/);
  await page.close();
  // From here on no page of the app is open: only the service worker can deliver the complaint.
  expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);
  await context.setOffline(false);

  // Chromium may fire the registered sync itself once the network is back; either way the sync is
  // dispatched until the complaint is there, as a browser retries it (a dispatch that lands while the
  // row is in its backoff window sends nothing).
  await expect
    .poll(
      async () => {
        await fireSync().catch(() => undefined);
        return serverComplaintsMatching(context.request, description);
      },
      { timeout: onThisHost(30_000), intervals: [500, 1_000, 2_000] },
    )
    .toBe(1);

  // A second sync (as a browser retry would fire) sends nothing more.
  await fireSync();
  const reopened = await context.newPage();
  await openHome(reopened);
  await expect(complaintEngine(reopened).getByRole('listitem').filter({ hasText: description })).toContainText(
    /Sent|Received/i,
  );
  expect(await serverComplaintsMatching(context.request, description)).toBe(1);
});

test.describe('before the service worker has the app', () => {
  test.use({ serviceWorkers: 'block' });

  test('a page whose code cannot be fetched offline says so, and opens on "Try again" once back online', async ({
    page,
    context,
  }) => {
    await openHome(page);
    await expect(nextFerryCard(page).getByTestId('next-ferry-route')).toBeVisible();
    await setOffline(context, page, true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'This page could not be loaded. Check your connection and try again.',
    );
    await setOffline(context, page, false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Games' })).toBeVisible();
  });

  test('a widget that was on screen online still gives its toast offline: a complaint filed offline says it is saved', async ({
    page,
    context,
  }) => {
    const description = `Pre-install complaint ${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await openHome(page);
    // The toast library is not part of home's first screen; it comes with the widgets that toast.
    await page.locator('[data-widget="complaints"]').scrollIntoViewIfNeeded();
    await expect(complaintEngine(page).getByRole('button', { name: 'Other' })).toBeVisible();
    await setOffline(context, page, true);
    await fileOtherComplaint(page, description);
    await expect(page.getByText("You're offline: it is saved and will be sent when you reconnect.")).toBeVisible();
  });
});
