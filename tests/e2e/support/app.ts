/**
 * Page helpers shared by the end-to-end specs: what a rider sees and does, plus the server-side
 * truth (the rider's complaints as the API returns them, read with the same session cookie).
 */
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type CDPSession,
  type Locator,
  type Page,
} from '@playwright/test';

import { OUTBOX_SYNC_TAG } from '../../../src/domain/constants';

/**
 * Opens home and waits until the app runs it: the page's HTML already shows the heading and, from
 * the server, the next sailing, but only the app's code renders the notification bell, and until
 * then links are plain page loads and controls do nothing.
 */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Deckhand' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
}

/** Resolves once a service worker controls the page (reloading once if it installed after load). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
  }
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

export function nextFerryCard(page: Page) {
  return page.getByRole('region', { name: 'Next Ferry' });
}

export function complaintEngine(page: Page) {
  return page.getByRole('region', { name: /complaint/i });
}

/** Files an "Other" complaint through the dialog with a description unique to the test. */
export async function fileOtherComplaint(page: Page, description: string): Promise<void> {
  await complaintEngine(page).getByRole('button', { name: 'Other' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Category').selectOption('other');
  await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: /submit/i }).click();
  await expect(dialog).toBeHidden();
}

export async function serverComplaintsMatching(request: APIRequestContext, description: string): Promise<number> {
  const response = await request.get('/api/complaints');
  expect(response.ok()).toBe(true);
  const complaints = (await response.json()) as Array<{ description: string }>;
  return complaints.filter((c) => c.description === description).length;
}

export async function setOffline(context: BrowserContext, page: Page, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!offline);
}

/**
 * A DevTools session on `page` with the ServiceWorker domain enabled, and the registration id of
 * Deckhand's worker for `origin` (needed to fire sync or push events at it). Open it on a blank tab
 * when the app's own page will be closed: the session lives as long as its page.
 */
export async function serviceWorkerDevTools(
  context: BrowserContext,
  page: Page,
  origin: string,
): Promise<{ cdp: CDPSession; registrationId: Promise<string>; fireOutboxSync: () => Promise<unknown> }> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  /** The Background Sync event a browser fires for the outbox, as it would with the app closed. */
  const fireOutboxSync = async () =>
    cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId: await registrationId,
      tag: OUTBOX_SYNC_TAG,
      lastChance: false,
    });
  return { cdp, registrationId, fireOutboxSync };
}

/**
 * Chooses, in the departure calculator's select, a sailing from a mainland terminal (Horseshoe Bay or
 * Tsawwassen): from a mainland place only those have a road time (an island terminal says a ferry is
 * needed instead). Returns the option's label.
 */
export async function selectMainlandDeparture(select: Locator): Promise<string> {
  // Chosen by value: the options are re-rendered as the feed ticks, so a label read now may be gone a moment later.
  const readOptions = () =>
    select
      .locator('option:not([disabled])')
      .evaluateAll((nodes) =>
        nodes.map((node) => ({ value: (node as HTMLOptionElement).value, label: node.textContent ?? '' })),
      );
  const isMainland = (o: { label: string }) => /· (Horseshoe Bay|Tsawwassen) - /.test(o.label);
  // The sailings arrive from the local store a moment after the widget renders.
  await expect
    .poll(async () => (await readOptions()).some(isMainland), { message: 'a mainland sailing in the list' })
    .toBe(true);
  // Read and picked again if the feed's tick replaced the list between the two.
  let label = '';
  await expect(async () => {
    const options = await readOptions();
    // The latest one listed: the soonest may be past its check-in cut-off, where no chance is given.
    const option = options.filter(isMainland).at(-1);
    expect(option, `a mainland sailing among ${options.map((o) => o.label).join(' | ')}`).toBeTruthy();
    await select.selectOption(option!.value, { timeout: 2_000 });
    label = option!.label;
  }).toPass();
  return label;
}

/**
 * Resolves once no finite animation is playing (endless ones, like a live dot's pulse, are ignored):
 * axe reads colours as they are painted, and a toast caught mid-fade reads as low contrast.
 */
export async function waitForStillPage(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** `datetime-local` text for now + `hours` in the terminal's zone. */
export function terminalLocal(hours: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Vancouver',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + hours * 3_600_000));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/**
 * Rows in one store of the page's device database, read with raw IndexedDB (a spec must not import
 * the app); 0 while the store does not exist yet.
 */
export async function deviceRowCount(page: Page, store: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('deckhand');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains(name)) {
            database.close();
            resolve(0);
            return;
          }
          const request = database.transaction(name).objectStore(name).count();
          request.onsuccess = () => {
            database.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    store,
  );
}
