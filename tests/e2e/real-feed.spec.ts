/**
 * A rider on real ferry data: Deckhand with FEED_SOURCE=bcferries,ais against the fake BC Ferries
 * document and AIS stream (tests/e2e/support/real-feed.ts), the recorded day played as if it were
 * 1:55 pm now. Every figure from the sources says "BC Ferries · N s ago" or "AIS · N s ago", never
 * "simulated"; there are no simulated lane counts or camera detections: the queue cards say no count
 * is available for the terminal;
 * a full sailing, a cancelled one and a route without capacity data read as they are; the source
 * going down, and the phone going offline, keep the last figures with their growing age.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

import { nextFerryCard, openHome, setOffline, waitForServiceWorkerControl } from './support/app';
import { onThisHost } from './support/host-speed';
import { POLL_S, realFeedApp, startRealFeedServer, type RealFeedServer } from './support/real-feed';

const { baseURL: realFeedBaseURL } = realFeedApp('real-feed');

test.use({ baseURL: realFeedBaseURL });
test.describe.configure({ mode: 'serial' });

let server: RealFeedServer;

test.beforeAll(async () => {
  test.setTimeout(onThisHost(240_000));
  server = await startRealFeedServer({ slot: 'real-feed' });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A departure as the card shows it: "9:52 PM", or "Tomorrow 1:42 AM" once the played day runs past midnight. */
const shownDeparture = (clock: string) => new RegExp(`^(Tomorrow )?${clock}$`);

/** "BC Ferries · 9 s ago" as a number of seconds (minutes count as 60 s each). */
function ageSeconds(label: string): number {
  const m = /· (\d+) (s|min) ago$/.exec(label.trim());
  if (!m) throw new Error(`not an aged label: ${label}`);
  return Number(m[1]) * (m[2] === 'min' ? 60 : 1);
}

/** Picks the rider's terminal and destination on Next Ferry; `routeName` is how the card names the route. */
async function chooseRoute(page: Page, terminal: string, destination: string, routeName: string): Promise<Locator> {
  const card = nextFerryCard(page);
  await card.getByLabel('Your terminal').selectOption({ label: terminal });
  await card.getByLabel('Going to').selectOption({ label: destination });
  await expect(card.getByTestId('next-ferry-route')).toHaveText(routeName);
  return card;
}

const toDepartureBay = (page: Page) =>
  chooseRoute(page, 'Horseshoe Bay', 'Nanaimo Departure Bay', 'Horseshoe Bay - Departure Bay');

/** The source label beside the sailing's departure time. */
const departureLabel = (card: Locator) =>
  card.getByTestId('next-ferry-departure').locator('..').getByTestId('figure-source');

async function expectNothingSimulated(card: Locator): Promise<void> {
  await expect(card.getByTestId('figure-source').filter({ hasText: 'simulated' })).toHaveCount(0);
}

test("home's Next Ferry shows the recorded day's full sailing with BC Ferries labels, never simulated", async ({
  page,
}) => {
  await openHome(page);
  const card = await toDepartureBay(page);
  // The recorded 3:00 pm sailing (an hour after the played time, give or take), 100 % full.
  await expect(card.getByText(shownDeparture(server.shownClock('3:00 pm')))).toBeVisible();
  await expect(card.getByText('Queen of Oak Bay')).toBeVisible();
  await expect(card.getByText(/^Departs in \d+ min$/)).toBeVisible();
  await expect(card.getByTestId('next-ferry-car-deck')).toHaveText('100% full');
  await expect(card.getByRole('progressbar', { name: 'Car deck' })).toHaveAttribute('aria-valuenow', '100');
  await expect(card.getByTestId('next-ferry-will-make-it')).toHaveText('The car deck is full: expect the next sailing');
  await expect(card.getByText('Space on this sailing is not known yet')).toHaveCount(0);
  await expect(departureLabel(card)).toHaveText(/^BC Ferries · \d+ (s|min) ago$/);
  // Every figure is the source's, but the boarding start, which no source publishes: modelled, "estimated".
  await expect(card.getByTestId('next-ferry-boarding').getByTestId('figure-source')).toHaveText('estimated');
  const labels = card.getByTestId('figure-source').filter({ hasNotText: 'estimated' });
  await expect(labels).not.toHaveCount(0);
  for (const label of await labels.all()) await expect(label).toHaveText(/^BC Ferries · \d+ (s|min) ago$/);
  await expectNothingSimulated(card);
});

test('a cancelled sailing is shown as cancelled before the next one that sails', async ({ page }) => {
  await openHome(page);
  const card = await chooseRoute(page, 'Tsawwassen', 'Nanaimo Duke Point', 'Tsawwassen - Duke Point');
  // Late in the evening the played day's afternoon falls after midnight: "The tomorrow 12:09 AM sailing".
  await expect(card.getByTestId('next-ferry-cancelled')).toContainText(
    new RegExp(`^The (tomorrow )?${server.shownClock('3:15 pm')} sailing is cancelled`),
  );
  // With its reason, the document's vesselStatus ("Cancelled due to high winds").
  await expect(card.getByTestId('next-ferry-cancelled')).toContainText('sailing is cancelled due to high winds');
  await expect(card.getByTestId('next-ferry-cancelled').getByTestId('figure-source')).toHaveText(
    /^BC Ferries · \d+ (s|min) ago$/,
  );
  // The next sailing that sails is the 5:45 pm, with space on its car deck as last reported.
  await expect(card.getByText(shownDeparture(server.shownClock('5:45 pm')))).toBeVisible();
  await expect(card.getByTestId('next-ferry-car-deck')).toHaveText('93% full');
  await expect(card.getByTestId('next-ferry-will-make-it')).toHaveText('The car deck had space at the last report');
  await expectNothingSimulated(card);
});

test('a route without capacity data shows times, vessel and source, and says its fill is not published', async ({
  page,
}) => {
  await openHome(page);
  const card = await chooseRoute(page, 'Horseshoe Bay', 'Snug Cove', 'Horseshoe Bay - Snug Cove');
  await expect(card.getByText(shownDeparture(server.shownClock('2:20 pm')))).toBeVisible();
  await expect(card.getByText('Queen of Capilano')).toBeVisible();
  await expect(card.getByTestId('next-ferry-car-deck')).toHaveText('Not published for this route');
  // 20 minutes ahead: past its check-in cut-off, which the times alone decide; never "not known yet".
  await expect(card.getByTestId('next-ferry-will-make-it')).toHaveText(
    'Check-in for this sailing has closed (30 min before departure)',
  );
  await expect(card.getByRole('progressbar')).toHaveCount(0);
  await expect(card.getByTestId('forecast-note')).toHaveCount(0);
  // No fill anywhere as a percentage: the only percentages are chances the times alone decide (0 % once
  // check-in has closed); every other sailing's chance is "Unknown" for want of car-deck data.
  const outsideChances = await card.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelector('[data-testid="sailing-chances"]')?.remove();
    return copy.textContent ?? '';
  });
  expect(outsideChances).not.toContain('%');
  for (const chance of await card.getByTestId('sailing-chance').getByTestId('sailing-chance-text').all()) {
    await expect(chance).toHaveText(
      /^(0% · check-in closes at .+, before you arrive|Unknown: BC Ferries does not publish car-deck space on this route)$/,
    );
  }
  await expectNothingSimulated(card);

  // The departure calculator still works from the times.
  await page.getByRole('link', { name: 'Tracker', exact: true }).click();
  const calculator = page.getByRole('region', { name: 'Departure Calculator' });
  await expect(calculator).toContainText('Sailings of your route: Horseshoe Bay - Snug Cove');
  await expect(
    calculator.getByLabel('Ferry departure').locator('option', { hasText: server.shownClock('3:30 pm') }),
  ).toHaveCount(1);
});

test("the tracker follows the sailing's vessel from AIS; no simulated lane count or camera detection stands in for the terminal's", async ({
  page,
}) => {
  await openHome(page);
  await toDepartureBay(page);
  await page.getByRole('link', { name: 'Tracker', exact: true }).click();
  const tracker = page.getByRole('region', { name: 'Live Tracker' });
  await expect(tracker.getByText('Queen of Oak Bay', { exact: true }).first()).toBeVisible();
  await expect(tracker.getByTestId('tracker-position')).toContainText(/AIS · \d+ (s|min) ago/);
  await expect(tracker.getByTestId('figure-source').filter({ hasText: 'simulated' })).toHaveCount(0);

  const detections = page.getByRole('region', { name: 'Camera detections' });
  await expect(detections).toContainText('No camera count is available for this terminal');
  const queue = page.getByRole('region', { name: 'Queue Position' });
  await expect(queue).toContainText('From your GPS fix. No lane count is available for this terminal');
  await expect(queue).not.toContainText('simulated');
  const community = page.getByRole('region', { name: 'Community queue data' });
  await expect(community).toContainText('No lane count is available for this terminal: no rider has reported one yet.');
});

test('the source going down keeps the last figures with their growing age and no simulator figure', async ({
  page,
  request,
}) => {
  await openHome(page);
  const card = await toDepartureBay(page);
  await expect(card.getByTestId('next-ferry-car-deck')).toHaveText('100% full');

  const down = await request.put(`${server.feed.url}/__fake/bcferries`, { data: { fixture: 'down' } });
  expect(down.status()).toBe(204);
  const downAt = Date.now();
  try {
    const departure = departureLabel(card);
    // Polled every POLL_S: a label older than three polls has outlived several answers of "currently down".
    await expect
      .poll(async () => ageSeconds(await departure.innerText()), { timeout: onThisHost(45_000) })
      .toBeGreaterThan(3 * POLL_S);
    await expect(departure).toHaveText(/^BC Ferries · \d+ (s|min) ago$/);
    await expect(card.getByTestId('next-ferry-car-deck')).toHaveText('100% full');
    await expect(card.getByText(shownDeparture(server.shownClock('3:00 pm')))).toBeVisible();
    await expectNothingSimulated(card);
    // The server says the same: three polls into the outage, its sailings are still the BC Ferries
    // ones, observed before it (a poll under way when the document went down may end just after).
    // Not their age against the label's: on a busy host the page can hold an older copy than the server.
    await expect.poll(() => Date.now() - downAt, { timeout: onThisHost(30_000) }).toBeGreaterThan(3 * POLL_S * 1000);
    const sailings = (await (await request.get('/api/sailings?route=hsb-nan')).json()) as Array<{
      source: string;
      observedAt: string;
    }>;
    expect(sailings.length).toBeGreaterThan(0);
    for (const s of sailings) expect(s.source).toBe('bcferries');
    expect(Math.max(...sailings.map((s) => Date.parse(s.observedAt)))).toBeLessThan(downAt + POLL_S * 1000);
  } finally {
    await request.put(`${server.feed.url}/__fake/bcferries`, { data: { fixture: 'day' } });
  }
  // Back: the age starts again from the new document.
  await expect
    .poll(async () => ageSeconds(await departureLabel(card).innerText()), { timeout: onThisHost(45_000) })
    .toBeLessThan(3 * POLL_S);
});

test('offline, the stored figures stay on screen with their source and growing age', async ({ page, context }) => {
  await openHome(page);
  await waitForServiceWorkerControl(page);
  const card = await toDepartureBay(page);
  await expect(card.getByTestId('next-ferry-car-deck')).toHaveText('100% full');
  const before = ageSeconds(await departureLabel(card).innerText());

  await setOffline(context, page, true);
  try {
    await page.reload();
    const offline = nextFerryCard(page);
    await expect(offline.getByTestId('next-ferry-route')).toHaveText('Horseshoe Bay - Departure Bay');
    await expect(offline.getByTestId('next-ferry-car-deck')).toHaveText('100% full');
    await expect(offline.getByText(shownDeparture(server.shownClock('3:00 pm')))).toBeVisible();
    const label = departureLabel(offline);
    await expect(label).toHaveText(/^BC Ferries · \d+ (s|min) ago$/);
    await expect
      .poll(async () => ageSeconds(await label.innerText()), { timeout: onThisHost(30_000) })
      .toBeGreaterThan(before + 5);
    await expectNothingSimulated(offline);
  } finally {
    await setOffline(context, page, false);
  }
});
