/**
 * Back-office sign-in in Chromium: the admin signs in and lands on the admin dashboard, creates a
 * staff account, the staff member signs in (another browser context) and lands on the staff
 * dashboard, sees "Admin only" at the admin dashboard, and signs out back to the login page.
 */
import { expect, test } from '@playwright/test';

import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { signIn } from './support/back-office';

test('a signed-out visitor is sent from both dashboards to the login page', async ({ page }) => {
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/staff/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Missing Information')).toBeVisible();
  await expect(page.getByText('Please enter both username and password')).toBeVisible();
});

test('admin and staff sign in, land on their dashboards and sign out', async ({ page, browser }) => {
  await signIn(page, 'admin', 'not-the-password', 'Admin');
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByText('Invalid username or password')).toBeVisible();

  await signIn(page, 'admin', E2E_ADMIN_PASSWORD, 'Admin');
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Signed in' })).toContainText('admin');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('adminSession') ?? 'null'))).toEqual({
    username: 'admin',
    role: 'admin',
  });

  const staffName = `deckhand-${Date.now()}`;
  const created = await page.request.post('/api/admin/accounts', {
    data: { username: staffName, password: 'staff-password-123', role: 'staff' },
  });
  expect(created.status()).toBe(201);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, staffName, 'staff-password-123', 'Admin');
  await expect(staff.getByText('Login Failed')).toBeVisible();
  await expect(staff.getByText(/staff access only/)).toBeVisible();
  await signIn(staff, staffName, 'staff-password-123', 'Staff');
  await expect(staff).toHaveURL(/\/staff\/dashboard$/);
  await expect(staff.getByRole('heading', { level: 1, name: 'Staff Dashboard' })).toBeVisible();
  await staff.goto('/admin/dashboard');
  await expect(staff.getByRole('heading', { level: 1, name: 'Admin only' })).toBeVisible();
  await staff.getByRole('button', { name: 'Sign Out' }).click();
  await expect(staff).toHaveURL(/\/admin\/login$/);
  await staff.goto('/staff/dashboard');
  await expect(staff).toHaveURL(/\/admin\/login$/);
  await staffContext.close();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
