/**
 * Back-office operations in Chromium, with a rider on a phone and staff/admin in other contexts:
 * - an admin changes a rider's tier and the rider's exception-pass gate opens; the rider files a pass
 *   (offline first: it waits in the outbox), staff approve it, the rider sees it approved with its QR,
 *   and /staff/verify accepts the QR's code and rejects a tampered one;
 * - staff advance an order and resolve a complaint, and the rider sees both.
 */
import { expect, test } from '@playwright/test';

import { setOffline, terminalLocal } from './support/app';
import { backOffice, decodeQr, riderAccount } from './support/back-office';
import { onThisHost } from './support/host-speed';

test('admin opens a rider’s pass gate; the rider files a pass offline, staff approve it, the booth verifies its QR', async ({
  page,
  context,
  browser,
}) => {
  // Three browsers and two back-office sign-ins (argon2id hashing on the server): 20 s here, three times that on a slower machine.
  test.slow();
  const username = await riderAccount(page);
  await page.goto('/app/exception-pass');
  await expect(page.getByRole('heading', { name: 'Exception Passes for Members' })).toBeVisible();

  const { admin, staff, contexts } = await backOffice(browser);
  await admin.getByRole('tab', { name: 'User Management' }).click();
  await admin.getByLabel('Search riders').fill(username);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByLabel(`Tier of ${username}`).selectOption('premium');
  await expect(admin.getByText(`${username} is now premium`)).toBeVisible();
  await expect(
    admin
      .getByRole('region', { name: 'Audit log' })
      .or(admin.locator('section', { hasText: 'Audit log' }))
      .getByText(`rider ${username}`)
      .first(),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Request an Exception Pass' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Incomplete Form')).toBeVisible();
  await expect(page.getByText('Please fill in all required fields.')).toBeVisible();

  await setOffline(context, page, true);
  await page.getByLabel('Pass type').selectOption('medical');
  await page.getByLabel('Route').selectOption('horseshoe-departure');
  await page.getByLabel('Departure time').fill(terminalLocal(1));
  const reason = `Chemotherapy appointment at Nanaimo General (${Date.now()})`;
  await page.getByLabel('Description').fill(reason);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  // Nothing was sent: the toast says it is queued, never "Submitted… being reviewed".
  await expect(page.getByText('Exception Pass queued')).toBeVisible();
  await expect(page.getByText('Exception Pass Submitted')).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: /Medical pass, Queued/ })).toBeVisible();
  await setOffline(context, page, false);
  await expect(page.getByRole('listitem', { name: 'Medical pass, pending' })).toBeVisible({
    timeout: onThisHost(30_000),
  });
  // Once the server has it, the rider is told.
  await expect(page.getByText('Exception Pass Submitted')).toBeVisible();

  await staff.getByRole('tab', { name: 'Operations' }).click();
  const card = staff.getByRole('listitem').filter({ hasText: reason });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText('Pass approved')).toBeVisible();

  await page.reload();
  const approved = page.getByRole('listitem', { name: 'Medical pass, approved' });
  await expect(approved).toBeVisible();
  const qr = approved.getByRole('img', { name: /QR code of your medical pass/ });
  await expect(qr).toBeVisible();
  const code = decodeQr((await qr.getAttribute('src')) ?? '');

  await staff.goto('/staff/verify');
  await staff.getByLabel('Pass code').fill(code);
  await staff.getByRole('button', { name: 'Verify' }).click();
  const result = staff.getByRole('status', { name: 'Verification result' });
  await expect(result).toContainText('Valid');
  await expect(result).toContainText('Horseshoe Bay → Departure Bay');
  const [prefix, payload, signature] = code.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, number>;
  const forged = Buffer.from(JSON.stringify({ ...claims, t: (claims.t ?? 0) + 86_400 })).toString('base64url');
  await staff.getByLabel('Pass code').fill(`${prefix}.${forged}.${signature}`);
  await staff.getByRole('button', { name: 'Verify' }).click();
  await expect(result).toContainText('Rejected');
  await expect(result).toContainText('not a genuine Deckhand pass');
  for (const c of contexts) await c.close();
});

test('staff advance an order and resolve a complaint; the rider sees both', async ({ page, browser }) => {
  // Three browsers and two back-office sign-ins (argon2id hashing on the server): 20 s here, three times that on a slower machine.
  test.slow();
  await riderAccount(page);
  const items = (await (await page.request.get('/api/store/items')).json()) as Array<{ id: string; name: string }>;
  const order = await page.request.post('/api/orders', {
    data: { order: { deliveryLocation: 'Lane 7, blue van' }, items: [{ storeItemId: items[0]!.id, quantity: 1 }] },
  });
  expect(order.status()).toBe(201);
  const orderId = ((await order.json()) as { id: number }).id;
  const description = `Lane 7 bins overflowing (${Date.now()})`;
  const complaint = await page.request.post('/api/complaints', {
    data: { category: 'cleanliness', description, terminalId: 'swartz-bay', note: 'Next to the pay booth' },
  });
  expect(complaint.status()).toBe(201);

  const { staff, contexts } = await backOffice(browser);
  await staff.getByRole('tab', { name: 'Operations' }).click();
  const orderCard = staff.getByRole('listitem', { name: `Order ${orderId}` });
  await orderCard.getByRole('button', { name: 'Mark Preparing' }).click();
  await expect(orderCard).toContainText('Preparing');
  const complaintCard = staff.getByRole('listitem').filter({ hasText: description });
  // What staff need to act on it: where, what, the rider's note and when, by whom.
  await expect(complaintCard).toContainText('Cleanliness · Swartz Bay');
  await expect(complaintCard).toContainText("Rider's note: Next to the pay booth");
  await expect(complaintCard).toContainText(/Filed \w{3}, \w{3} \d+, \d+:\d{2} [AP]M by /);
  await complaintCard.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(complaintCard).toContainText('In review');
  await complaintCard.getByLabel('Reply to the rider').fill('Emptied at 10:05, thank you');
  await complaintCard.getByRole('button', { name: 'Resolve' }).click();
  await expect(staff.getByText('Complaint resolved')).toBeVisible();

  await page.goto('/app/store');
  await expect(page.getByText('Preparing').first()).toBeVisible();
  await page.goto('/app');
  await expect(page.getByText('Reply from staff: Emptied at 10:05, thank you')).toBeVisible();
  for (const c of contexts) await c.close();
});
