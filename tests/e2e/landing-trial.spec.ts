/**
 * The landing page's trial offer in Chromium: a first-time visitor is offered the Premium trial from
 * the server's profile without the page opening the device database, starts it with one press, and
 * the app then knows the rider as a Premium member on trial.
 */
import { expect, test } from '@playwright/test';

test('a first-time visitor starts the Premium trial from /landing, and the app shows it; the page opens no device database until the press', async ({
  page,
}) => {
  await page.goto('/landing');
  const premium = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Premium', exact: true }) });
  const start = premium.getByRole('button', { name: 'Start 7-day free Premium trial' });
  await expect(start).toBeVisible();
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Ninja / Premium Plus' }) })
      .getByRole('button', { name: 'Start 7-day free Ninja trial' }),
  ).toBeVisible();
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(await databases()).not.toContain('deckhand');

  await start.click();
  await expect(page.getByText('Premium trial started')).toBeVisible();
  await expect(premium.getByRole('link', { name: 'See membership' })).toBeVisible();
  await expect(premium.getByRole('button')).toHaveCount(0);

  await page.goto('/app/profile');
  await expect(page.getByText(/Your plan: Premium/)).toBeVisible();
  await expect(page.getByTestId('trial-days-left')).toHaveText('7 days left');
});
