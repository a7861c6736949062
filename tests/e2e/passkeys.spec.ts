/**
 * Passkeys in Chromium with the DevTools virtual authenticator: a rider adds a passkey on one device
 * (browser context) and signs in with it on another, getting the same account back. The second
 * device's authenticator receives a copy of the credential, as a synced passkey would arrive there.
 * WebAuthn needs a domain as relying party, so these pages use localhost rather than 127.0.0.1.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('add a passkey on one device and sign in with it on another', async ({ browser, baseURL }) => {
  const origin = (baseURL ?? '').replace('127.0.0.1', 'localhost');
  const first = await browser.newContext();
  const phoneA = await first.newPage();
  const a = await withAuthenticator(first, phoneA);
  await phoneA.goto(`${origin}/app`);
  await expect(phoneA.getByRole('heading', { level: 1, name: 'Deckhand' })).toBeVisible();
  const saved = await phoneA.request.patch(`${origin}/api/users/profile`, {
    data: { carNumber: 'PASS 42', phoneNumber: null },
  });
  expect(saved.ok()).toBe(true);
  const username = ((await saved.json()) as { username: string }).username;

  await phoneA.goto(`${origin}/app/profile`);
  await expect(phoneA.getByText(/Signing out, or losing this phone, would lose it/)).toBeVisible();
  // Sign Out first says what it would lose and offers a passkey before anything else.
  await phoneA.getByRole('button', { name: 'Sign Out' }).click();
  const warning = phoneA.getByRole('dialog', { name: 'Signing out loses this account' });
  await expect(warning.getByRole('list', { name: 'What signing out loses' })).toContainText('reward points');
  await warning.getByRole('button', { name: 'Add a Passkey' }).click();
  await expect(phoneA.getByText('Passkey added')).toBeVisible();
  await expect(warning).toBeHidden();

  const { credentials } = await a.cdp.send('WebAuthn.getCredentials', { authenticatorId: a.authenticatorId });
  expect(credentials).toHaveLength(1);

  const second = await browser.newContext();
  const phoneB = await second.newPage();
  const b = await withAuthenticator(second, phoneB);
  await b.cdp.send('WebAuthn.addCredential', { authenticatorId: b.authenticatorId, credential: credentials[0]! });
  await phoneB.goto(`${origin}/app/profile`);
  await expect(phoneB.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(phoneB.getByRole('heading', { name: username })).toHaveCount(0);
  await phoneB.getByRole('button', { name: 'Sign in with a Passkey' }).click();
  await expect(phoneB.getByRole('heading', { name: username })).toBeVisible();
  await expect(phoneB.getByText('PASS 42')).toBeVisible();
  await expect(phoneB.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  await first.close();
  await second.close();
});

test('a rider without a passkey is told what signing out loses, and can still sign out', async ({ page }) => {
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Deckhand' })).toBeVisible();
  const saved = await page.request.patch('/api/users/profile', { data: { carNumber: 'GONE 1', phoneNumber: null } });
  const username = ((await saved.json()) as { username: string }).username;
  await page.goto('/app/profile');
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  const warning = page.getByRole('dialog', { name: 'Signing out loses this account' });
  await expect(warning.getByText('your orders, timers, passes, requests and notifications')).toBeVisible();
  await warning.getByRole('button', { name: 'Sign Out Anyway' }).click();
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/app/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: username })).toHaveCount(0);
  await expect(page.getByText('GONE 1')).toHaveCount(0);
});
