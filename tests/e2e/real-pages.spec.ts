/**
 * A rider on the BC Ferries document as the real scraper writes it: Deckhand with
 * FEED_SOURCE=bcferries,ais against the fake serving the documents generated from the real
 * Tsawwassen - Swartz Bay page (tests/fixtures/bcferries/README.md), played as if its capture
 * (10:35 am) were now. On a 390-pixel phone: the next sailing's real fill (the 11:00 am, Full), the
 * 9:00 am that left at 9:04 once (the document lists it twice: timetabled at 9:00, departed at 9:04),
 * and a cancelled sailing with its reason (the one hand-made row: no saved page shows a cancellation).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

import { formatClock } from '@/domain/time';

import { nextFerryCard, openHome } from './support/app';
import { onThisHost } from './support/host-speed';
import { realFeedApp, startRealFeedServer, type RealFeedServer } from './support/real-feed';

const { baseURL: realFeedBaseURL } = realFeedApp('real-pages');

test.use({ baseURL: realFeedBaseURL, viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial' });

let server: RealFeedServer;

test.beforeAll(async () => {
  test.setTimeout(onThisHost(240_000));
  server = await startRealFeedServer({ slot: 'real-pages', fixture: 'real-tsa-swb' });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A departure as the card shows it: "11:00 AM", or "Tomorrow 1:25 AM" once the played day runs past midnight. */
const shownDeparture = (clock: string) => new RegExp(`^(Tomorrow )?${clock}$`);

async function toSwartzBay(page: Page): Promise<Locator> {
  const card = nextFerryCard(page);
  await card.getByLabel('Your terminal').selectOption({ label: 'Tsawwassen' });
  await card.getByLabel('Going to').selectOption({ label: 'Swartz Bay' });
  await expect(card.getByTestId('next-ferry-route')).toHaveText('Tsawwassen - Swartz Bay');
  return card;
}

test("Next Ferry shows the real page's next sailing with its real fill: the 11:00 am, Full", async ({
  page,
}, testInfo) => {
  await openHome(page);
  const card = await toSwartzBay(page);
  await expect(card.getByText(shownDeparture(server.shownClock('11:00 am')))).toBeVisible();
  await expect(card.getByText('Spirit of British Columbia')).toBeVisible();
  await expect(card.getByTestId('next-ferry-car-deck')).toHaveText('100% full');
  await expect(card.getByRole('progressbar', { name: 'Car deck' })).toHaveAttribute('aria-valuenow', '100');
  await expect(card.getByTestId('figure-source').filter({ hasText: 'simulated' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('next-sailing-full.png'), fullPage: true });
});

test('the 9:00 am that left at 9:04 is one sailing, departed, not a second one still to come', async ({
  page,
  request,
}) => {
  // What the app is given: one 9:00 am sailing, departed at 9:04 (4 min late), none at 9:04.
  const sailings = (await (await request.get('/api/sailings?route=tsa-swb&from=tsawwassen')).json()) as Array<{
    scheduledDeparture: string;
    status: string;
    expectedDeparture?: string;
    delayMinutes?: number;
  }>;
  // The terminal's clock as the app shows it (the pinned zone data the server and the fake use).
  const clock = (iso: string) => formatClock(iso);
  // Today's only: the page's "(Tomorrow)" rows list a 9:00 am of tomorrow too (a day after the first sailing).
  const firstAt = Math.min(...sailings.map((s) => Date.parse(s.scheduledDeparture)));
  const today = sailings.filter((s) => Date.parse(s.scheduledDeparture) - firstAt < 20 * 3_600_000);
  const nine = today.filter((s) => clock(s.scheduledDeparture) === server.shownClock('9:00 am'));
  if (server.playedToday('9:00 am')) {
    expect(nine).toHaveLength(1);
    expect(['departed', 'arrived']).toContain(nine[0]!.status);
    expect(clock(nine[0]!.expectedDeparture ?? '')).toBe(server.shownClock('9:04 am'));
    expect(nine[0]!.delayMinutes).toBe(4);
  } else {
    // Played between 3:00 and 4:35 am, the capture's 9:00 am falls before the service day and is
    // not in the document; it must not come back as a sailing of tomorrow or anything else.
    expect(nine).toHaveLength(0);
  }
  expect(today.filter((s) => clock(s.scheduledDeparture) === server.shownClock('9:04 am'))).toHaveLength(0);

  await openHome(page);
  const card = await toSwartzBay(page);
  await expect(card.getByText(shownDeparture(server.shownClock('11:00 am')))).toBeVisible();
  // Not offered as a departure still to come, on the card or in the departure calculator.
  await expect(card.getByText(shownDeparture(server.shownClock('9:00 am')))).toHaveCount(0);
  await page.getByRole('link', { name: 'Tracker', exact: true }).click();
  const calculator = page.getByRole('region', { name: 'Departure Calculator' });
  await expect(calculator).toContainText('Sailings of your route: Tsawwassen - Swartz Bay');
  const departures = calculator.getByLabel('Ferry departure').locator('option');
  await expect(departures.filter({ hasText: new RegExp(`^${server.shownClock('11:00 am')} ·`) })).toHaveCount(1);
  await expect(departures.filter({ hasText: new RegExp(`^${server.shownClock('9:00 am')} ·`) })).toHaveCount(0);
  await expect(departures.filter({ hasText: new RegExp(`^${server.shownClock('9:04 am')} ·`) })).toHaveCount(0);
});

test('a cancelled sailing shows with its reason on Next Ferry and in the departure calculator', async ({
  page,
  request,
}, testInfo) => {
  const switched = await request.put(`${server.feed.url}/__fake/bcferries`, {
    data: { fixture: 'hand-made-cancelled' },
  });
  expect(switched.status()).toBe(204);
  try {
    // The server reads the new document at its next good poll; on a loaded host a poll can time out
    // and keep the last good document, so wait for the cancellation to be read, not for a time.
    await expect
      .poll(
        async () => {
          const sailings = (await (await request.get('/api/sailings?route=tsa-swb&from=tsawwassen')).json()) as Array<{
            status: string;
          }>;
          return sailings.some((s) => s.status === 'cancelled');
        },
        { timeout: onThisHost(60_000) },
      )
      .toBe(true);
    await openHome(page);
    const card = await toSwartzBay(page);
    // The 11:00 am is cancelled ("Mechanical difficulty"); the next that sails is the 12:00 pm.
    await expect(card.getByTestId('next-ferry-cancelled')).toContainText(
      new RegExp(`^The (tomorrow )?${server.shownClock('11:00 am')} sailing is cancelled: Mechanical difficulty`),
    );
    await expect(card.getByText(shownDeparture(server.shownClock('12:00 pm')))).toBeVisible();
    await expect(card.getByText('Queen of New Westminster')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('cancelled-with-reason.png'), fullPage: true });

    await page.getByRole('link', { name: 'Tracker', exact: true }).click();
    const calculator = page.getByRole('region', { name: 'Departure Calculator' });
    const cancelled = calculator
      .getByLabel('Ferry departure')
      .locator('option', { hasText: new RegExp(`^${server.shownClock('11:00 am')} ·`) });
    await expect(cancelled).toHaveText(`${server.shownClock('11:00 am')} · Cancelled: Mechanical difficulty`);
    await expect(cancelled).toBeDisabled();
  } finally {
    await request.put(`${server.feed.url}/__fake/bcferries`, { data: { fixture: 'real-tsa-swb' } });
  }
});
