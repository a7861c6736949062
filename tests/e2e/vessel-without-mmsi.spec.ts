/**
 * A vessel Deckhand has no AIS identity for: the recorded day with the Bowen Queen relieving on
 * Horseshoe Bay - Snug Cove (tests/fixtures/bcferries/hand-made-relief-vessel.json; she is named by one public
 * MMSI list only, so she has none: src/domain/vessel-identities.ts). The Live Tracker says in words
 * why she has no position instead of leaving it out.
 */
import { expect, test, type Page } from '@playwright/test';

import { nextFerryCard, openHome } from './support/app';
import { POLL_S, realFeedApp, startRealFeedServer, type RealFeedServer } from './support/real-feed';

const { baseURL: realFeedBaseURL } = realFeedApp('vessel-without-mmsi');

test.use({ baseURL: realFeedBaseURL });
test.describe.configure({ mode: 'serial' });

let server: RealFeedServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startRealFeedServer({ slot: 'vessel-without-mmsi' });
  const requests = server.feed.documentRequests();
  server.feed.setFixture('hand-made-relief-vessel');
  // The server has read the relief day once it has polled the fake again.
  await expect.poll(() => server.feed.documentRequests(), { timeout: POLL_S * 4_000 }).toBeGreaterThan(requests);
});

test.afterAll(async () => {
  await server?.stop();
});

async function chooseRoute(page: Page, destination: string, routeName: string): Promise<void> {
  const card = nextFerryCard(page);
  await card.getByLabel('Your terminal').selectOption({ label: 'Horseshoe Bay' });
  await card.getByLabel('Going to').selectOption({ label: destination });
  await expect(card.getByTestId('next-ferry-route')).toHaveText(routeName);
}

test('the tracker says the Bowen Queen has no position because Deckhand has no MMSI for her', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHome(page);
  await chooseRoute(page, 'Snug Cove', 'Horseshoe Bay - Snug Cove');
  await page.goto('/app/tracker');
  const tracker = page.getByRole('region', { name: 'Live Tracker' });
  await expect(tracker.getByText('Bowen Queen').first()).toBeVisible();
  await expect(tracker.getByTestId('tracker-position')).toContainText(
    'No position: Deckhand has no AIS identity (MMSI) for Bowen Queen',
  );
  await tracker.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/tracker-vessel-without-mmsi-390.png', fullPage: false });
});
