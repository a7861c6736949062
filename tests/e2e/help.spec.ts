import { expect, test, type Page } from '@playwright/test';

import { setOffline, waitForServiceWorkerControl } from './support/app';

async function openHelp(page: Page) {
  await page.goto('/app/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Ferry Travel Help' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'All Questions' }).getByRole('listitem').first()).toBeVisible();
}

test('search hides "Most Asked Questions", counts results, and a category fills the search', async ({ page }) => {
  await openHelp(page);
  await expect(page.getByRole('heading', { name: 'Most Asked Questions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Current Ferry Status' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Current Ferry Status' }).getByRole('listitem')).toHaveCount(4);

  const search = page.getByLabel('Search help');
  await search.fill('leash');
  await expect(page.getByRole('heading', { name: 'Most Asked Questions' })).toHaveCount(0);
  await expect(page.getByText('1 result for “leash”')).toBeVisible();
  const results = page.getByRole('list', { name: 'Search Results' });
  // The results stand right below the search box, on the phone's first screen.
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeInViewport();
  await expect(results.getByText('Where can my pet travel?')).toBeInViewport();
  await results.getByText('Where can my pet travel?').click();
  await expect(results.getByText(/leash no longer than 1 m/)).toBeVisible();

  await search.fill('');
  await expect(page.getByRole('heading', { name: 'Most Asked Questions' })).toBeVisible();
  await page.getByRole('region', { name: 'Browse by Category' }).getByRole('button', { name: 'Pets' }).click();
  await expect(search).toHaveValue('pets');
  await expect(page.getByText('2 results for “pets”')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Search Results' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Search Results' })).toBeInViewport();

  const contacts = page.getByRole('region', { name: 'Still Need Help?' });
  await expect(contacts.getByRole('link', { name: 'Call 911 (emergency)' })).toHaveAttribute('href', 'tel:911');
  await expect(contacts.getByRole('link', { name: /Call Customer Service/ })).toHaveAttribute('href', /^tel:/);
});

test('the fare calculator shows the §9 totals on screen', async ({ page }) => {
  await openHelp(page);
  const calculator = page.getByRole('region', { name: 'Fare Calculator' });
  const total = calculator.getByTestId('fare-total');
  // Default: first route (Horseshoe Bay - Departure Bay), 1 adult: 18.50 + 2.22 tax.
  await expect(total).toHaveText('$20.72');

  await calculator.getByLabel('Adults (12 and over)').fill('2');
  await calculator.getByLabel('Vehicle').selectOption('under20');
  await expect(calculator.getByTestId('fare-tax')).toHaveText('$11.81');
  await expect(total).toHaveText('$110.26');
  await calculator.getByRole('switch', { name: 'Peak sailing (×1.15)' }).click();
  await expect(calculator.getByText('Peak surcharge (×1.15)')).toBeVisible();
  await expect(total).toHaveText('$126.81');

  await calculator.getByLabel('Route').selectOption({ label: 'Horseshoe Bay - Langdale' });
  await calculator.getByLabel('Adults (12 and over)').fill('1');
  await expect(calculator.getByText('Bicycles are not priced on this route.')).toBeVisible();
  await expect(total).toHaveText('$83.78');
  await calculator.getByRole('switch', { name: 'Peak sailing (×1.10)' }).click();
  await expect(total).toHaveText('$76.16');

  await calculator.getByLabel('Children (5-11)').fill('25');
  await expect(calculator.getByLabel('Children (5-11)')).toHaveValue('20');
  await calculator.getByLabel('Infants (0-4, free)').fill('3');
  await expect(calculator.getByText('3 × Infant ($0.00)')).toBeVisible();
});

test('the help page and its fare calculator work offline after one visit', async ({ page, context }) => {
  await openHelp(page);
  await waitForServiceWorkerControl(page);
  await setOffline(context, page, true);
  await page.reload();
  await openHelp(page);
  await page.getByLabel('Search help').fill('reservation');
  await expect(page.getByText(/\d+ results? for “reservation”/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fare Calculator' }).getByTestId('fare-total')).toHaveText('$20.72');
});
