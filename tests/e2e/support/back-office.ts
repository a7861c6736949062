/** Signing in to the back office as a person does: the login page's form. */
import type { Page } from '@playwright/test';

export async function signIn(page: Page, username: string, password: string, level: 'Staff' | 'Admin'): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('radio', { name: level }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
}
