/** axe (WCAG 2.2 AA) on every tab of the signed-in admin and staff dashboards, the verify page and a member's pass page. */
import { expect, test } from '@playwright/test';

import { E2E_ADMIN_PASSWORD } from '../../playwright.config';
import { axeViolations as violations } from './support/axe';
import { signIn } from './support/back-office';

test('the admin dashboard, the staff dashboard and the verify page pass axe on every tab', async ({
  page,
  browser,
}) => {
  // Ten scans, two sign-ins (argon2id on the server) and a sign-in toast to let go: 30 s here.
  test.slow();
  await signIn(page, 'admin', E2E_ADMIN_PASSWORD, 'Admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  for (const tab of ['Overview', 'Booking Agent', 'User Management', 'System Health', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).not.toContainText(/Loading/);
    expect(await violations(page), tab).toEqual([]);
  }
  const staffName = `axe-${Date.now()}`;
  expect(
    (
      await page.request.post('/api/admin/accounts', {
        data: { username: staffName, password: 'staff-password-123', role: 'staff' },
      })
    ).status(),
  ).toBe(201);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, staffName, 'staff-password-123', 'Staff');
  await expect(staff).toHaveURL(/\/staff\/dashboard$/);
  for (const tab of ['Booking Monitoring', 'Active Alerts', 'System Status', 'Operations']) {
    await staff.getByRole('tab', { name: tab }).click();
    await expect(staff.getByRole('tabpanel')).not.toContainText(/Loading/);
    expect(await violations(staff), tab).toEqual([]);
  }
  await staff.goto('/staff/verify');
  await expect(staff.getByRole('heading', { level: 1, name: 'Verify Exception Pass' })).toBeVisible();
  expect(await violations(staff)).toEqual([]);
  await staffContext.close();
});

test('a member’s exception pass page passes axe', async ({ page }) => {
  await page.goto('/app');
  expect((await page.request.post('/api/session')).ok()).toBe(true);
  expect((await page.request.post('/api/membership/trials', { data: { tier: 'premium' } })).status()).toBe(201);
  await page.goto('/app/exception-pass');
  await expect(page.getByRole('heading', { level: 1, name: 'Emergency Exception Pass' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
