/**
 * Back-office helpers: signing in as a person does (the login page's form), an admin and a new
 * staff account signed in in their own browsers, a rider with an account, and a pass QR's code.
 */
import { expect, type APIRequest, type Browser, type BrowserContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

import { E2E_ADMIN_PASSWORD } from '../../../playwright.config';

export async function signIn(page: Page, username: string, password: string, level: 'Staff' | 'Admin'): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('radio', { name: level }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A rider who opened the app in a browser of their own: their new account's id. */
export async function anotherRider(playwright: { request: APIRequest }, baseURL: string | undefined): Promise<number> {
  const riderContext = await playwright.request.newContext({ baseURL });
  const rider = (await (await riderContext.post('/api/session')).json()) as { id: number };
  await riderContext.dispose();
  return rider.id;
}

export async function backOffice(browser: Browser): Promise<{ admin: Page; staff: Page; contexts: BrowserContext[] }> {
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin', E2E_ADMIN_PASSWORD, 'Admin');
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  const staffName = `ops-${Date.now()}`;
  const created = await admin.request.post('/api/admin/accounts', {
    data: { username: staffName, password: 'staff-password-123', role: 'staff' },
  });
  expect(created.status()).toBe(201);
  const staffContext = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  const staff = await staffContext.newPage();
  await signIn(staff, staffName, 'staff-password-123', 'Staff');
  await expect(staff).toHaveURL(/\/staff\/dashboard$/);
  return { admin, staff, contexts: [adminContext, staffContext] };
}

/** A rider with an account (the first write opens it) and their username. */
export async function riderAccount(page: Page): Promise<string> {
  await page.goto('/app');
  expect((await page.request.post('/api/session')).ok()).toBe(true);
  const profile = (await (await page.request.get('/api/users/profile')).json()) as { username: string };
  return profile.username;
}

export function decodeQr(dataUrl: string): string {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!decoded) throw new Error('The QR image did not decode');
  return decoded.data;
}
