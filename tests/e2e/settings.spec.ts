/**
 * Settings in Chromium: saved online (toast, the server has the values, the profile shows them) and
 * offline (kept on the device, sent once the connection is back), and the profile reachable from the
 * home header.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

import { openHome, setOffline, waitForServiceWorkerControl } from './support/app';

async function serverProfile(request: APIRequestContext) {
  const response = await request.get('/api/users/profile');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

test('settings are saved online: animal preferences, guidelines, account fields', async ({ page }) => {
  await openHome(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Free Member')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('heading', { name: 'Pet Travel Guidelines' })).toHaveCount(0);

  await page.getByLabel('Car Number').fill('!');
  await expect(page.getByText(/Car number: use 2-10/)).toBeVisible();
  await page.getByLabel('Car Number').fill('abc 123');
  await page.getByRole('switch', { name: 'Traveling with animals' }).click();
  await expect(page.getByRole('heading', { name: 'Pet Travel Guidelines' })).toBeVisible();
  await expect(page.getByText('Leash maximum 1 m / 3 ft')).toBeVisible();
  await expect(page.getByText('Dogs, cats, ferrets, birds and hamsters travel free')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Dog' }).check();
  await page.getByLabel('Number of animals').fill('2');
  await page.getByRole('switch', { name: 'Queue position updates' }).click();
  await expect(page.getByRole('switch', { name: 'Animal reminders' })).toBeVisible();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences Updated')).toBeVisible();

  expect(await serverProfile(page.request)).toMatchObject({
    carNumber: 'ABC 123',
    travelingWithAnimals: true,
    animalTypes: ['dog'],
    animalCount: 2,
    notifyQueueUpdates: false,
    notifyAnimalReminders: true,
  });
  await page.reload();
  await expect(page.getByLabel('Car Number')).toHaveValue('ABC 123');
  await expect(page.getByRole('switch', { name: 'Queue position updates' })).toHaveAttribute('aria-checked', 'false');
});

test('settings saved offline reach the server after reconnecting', async ({ page, context }) => {
  await openHome(page);
  await waitForServiceWorkerControl(page);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Free Member').first()).toBeVisible();
  await page.getByRole('link', { name: 'Edit in Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await setOffline(context, page, true);
  await page.getByLabel('Phone Number').fill('604 555 0199');
  await page.getByRole('switch', { name: 'Boarding alerts' }).click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Saved on this device')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Phone Number')).toHaveValue('604 555 0199');

  await setOffline(context, page, false);
  await expect.poll(async () => (await serverProfile(context.request)).phoneNumber).toBe('604 555 0199');
  expect((await serverProfile(context.request)).notifyBoardingAlerts).toBe(false);
});
