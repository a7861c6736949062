/**
 * Staff screens with what riders actually send, in Chromium:
 * - the queues are paged newest first, and say so: a complaint filed before 25 newer ones is one
 *   "Load more" away, not hidden;
 * - long unbroken text (a 200-character delivery place, a 2,000-character pass description, a long
 *   complaint) wraps inside its card: neither Operations nor the verify page grows wider than the
 *   screen, on a 390 px phone or on a desktop.
 */
import { expect, test, type Page } from '@playwright/test';

import { backOffice, decodeQr, riderAccount } from './support/back-office';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('the open complaints are newest first; an older one is one "Load more" away', async ({ page, browser }) => {
  // Two back-office sign-ins (argon2id hashing on the server) and 26 complaints.
  test.slow();
  await riderAccount(page);
  const stamp = Date.now();
  const older = `Pay booth card reader down (${stamp})`;
  expect(
    (await page.request.post('/api/complaints', { data: { category: 'other', description: older } })).status(),
  ).toBe(201);
  for (let i = 0; i < 25; i += 1) {
    expect(
      (
        await page.request.post('/api/complaints', {
          data: { category: 'delay', description: `Newer complaint ${i} (${stamp})` },
        })
      ).status(),
    ).toBe(201);
  }

  const { staff, contexts } = await backOffice(browser);
  await staff.getByRole('tab', { name: 'Operations' }).click();
  const open = staff.getByRole('region', { name: /Open complaints/ });
  await expect(open.getByText(`Newer complaint 24 (${stamp})`)).toBeVisible();
  await expect(open.getByRole('combobox', { name: 'Order of open complaints' })).toHaveValue('newest');
  await expect(open.getByText('Showing 25, newest first')).toBeVisible();
  await expect(open.getByText(older)).toHaveCount(0);

  await open.getByRole('button', { name: 'Load more' }).click();
  await expect(open.getByText(older)).toBeVisible();
  await expect(open.getByText(`Newer complaint 24 (${stamp})`)).toBeVisible();

  await open.getByRole('combobox', { name: 'Order of open complaints' }).selectOption('oldest');
  await expect(open.getByText(/Showing \d+, oldest first/)).toBeVisible();
  for (const c of contexts) await c.close();
});

test('long unbroken rider text never widens Operations or the verify page, on a phone or a desktop', async ({
  page,
  browser,
}) => {
  test.slow();
  const username = await riderAccount(page);
  const { admin, staff, contexts } = await backOffice(browser);
  const riders = (await (
    await admin.request.get(`/api/admin/riders?q=${encodeURIComponent(username)}`)
  ).json()) as Array<{ id: number; username: string }>;
  const rider = riders.find((r) => r.username === username)!;
  expect(
    (await admin.request.put(`/api/admin/riders/${rider.id}/tier`, { data: { membershipType: 'premium' } })).status(),
  ).toBe(200);

  const stamp = String(Date.now());
  const place = `Lane${stamp}${'X'.repeat(200 - 4 - stamp.length)}`;
  const items = (await (await page.request.get('/api/store/items')).json()) as Array<{ id: string }>;
  const order = await page.request.post('/api/orders', {
    data: { order: { deliveryLocation: place }, items: [{ storeItemId: items[0]!.id, quantity: 1 }] },
  });
  expect(order.status()).toBe(201);
  const complaint = `Gate${stamp}${'Y'.repeat(400)}`;
  expect(
    (await page.request.post('/api/complaints', { data: { category: 'other', description: complaint } })).status(),
  ).toBe(201);
  const description = `Oncology${stamp}${'Z'.repeat(1980 - stamp.length)}`;
  const filed = await page.request.post('/api/exception-passes', {
    data: {
      passType: 'medical',
      route: 'horseshoe-departure',
      departureTime: new Date(Date.now() + 3_600_000).toISOString(),
      description,
    },
  });
  expect(filed.status()).toBe(201);
  const passId = ((await filed.json()) as { id: number }).id;
  expect(
    (
      await staff.request.post(`/api/staff/exception-passes/${passId}/decision`, { data: { decision: 'approve' } })
    ).status(),
  ).toBe(200);
  const passes = (await (await page.request.get('/api/exception-passes')).json()) as Array<{
    id: number;
    qrCode: string;
  }>;
  const code = decodeQr(passes.find((p) => p.id === passId)!.qrCode);

  for (const viewport of VIEWPORTS) {
    await staff.setViewportSize(viewport);
    await staff.goto('/staff/dashboard');
    await staff.getByRole('tab', { name: 'Operations' }).click();
    await expect(staff.getByRole('listitem', { name: `Order ${(await order.json()).id}` })).toContainText(
      place.slice(0, 20),
    );
    await expect(staff.getByRole('listitem', { name: `Pass ${passId}` })).toContainText(description.slice(0, 20));
    await expect(staff.getByText(complaint.slice(0, 20), { exact: false })).toBeVisible();
    expect(await pageWidth(staff), `Operations at ${viewport.name}`).toBeLessThanOrEqual(viewport.width);

    await staff.goto('/staff/verify');
    await staff.getByLabel('Pass code').fill(code);
    await staff.getByRole('button', { name: 'Verify' }).click();
    const result = staff.getByRole('status', { name: 'Verification result' });
    await expect(result).toContainText('Valid');
    await expect(result).toContainText(description.slice(0, 20));
    expect(await pageWidth(staff), `verify page at ${viewport.name}`).toBeLessThanOrEqual(viewport.width);
  }
  for (const c of contexts) await c.close();
});
