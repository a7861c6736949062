/**
 * Will it sail, on a phone: Deckhand on real data (the fake BC Ferries document and AIS stream of
 * tests/e2e/support/real-feed.ts) reads Environment Canada's marine forecasts from the same fake
 * (tests/fixtures/fake-feed/fake-weather.ts: ECCC's gale warning for the Strait of Georgia south of
 * Nanaimo, rebased so that its issue is the last one at the same UTC time of day). Next Ferry shows the sailing's level
 * with its reason, the forecast's source and age, and that there is not enough history yet to measure
 * the level; offline the stored level stays with its source.
 */
import { expect, test, type Page } from '@playwright/test';

import { nextFerryCard, openHome, setOffline, waitForServiceWorkerControl } from './support/app';
import { onThisHost } from './support/host-speed';
import { realFeedApp, startRealFeedServer, type RealFeedServer } from './support/real-feed';

const { baseURL: realFeedBaseURL } = realFeedApp('weather-risk');

test.use({ baseURL: realFeedBaseURL });
test.describe.configure({ mode: 'serial' });

let server: RealFeedServer;

test.beforeAll(async ({ request }) => {
  test.setTimeout(onThisHost(240_000));
  server = await startRealFeedServer({ slot: 'weather-risk' });
  // The server's first read of the Datamart: the page's pull then finds the forecasts.
  await expect
    .poll(async () => {
      const answer = (await (await request.get(`${realFeedBaseURL}/api/weather-risk`)).json()) as { readAt?: string };
      return answer.readAt !== undefined;
    })
    .toBe(true);
});

test.afterAll(async () => {
  await server?.stop();
});

async function toDepartureBay(page: Page) {
  const card = nextFerryCard(page);
  await card.getByLabel('Your terminal').selectOption({ label: 'Horseshoe Bay' });
  await card.getByLabel('Going to').selectOption({ label: 'Nanaimo Departure Bay' });
  await expect(card.getByTestId('next-ferry-route')).toHaveText('Horseshoe Bay - Departure Bay');
  return card;
}

test("Next Ferry shows the sailing's weather level with its reason, source and age", async ({ page }) => {
  await openHome(page);
  const card = await toDepartureBay(page);
  const weather = card.getByTestId('weather-risk');
  await expect(weather.getByTestId('weather-risk-level')).toHaveText('Be aware');
  await expect(weather.getByTestId('weather-risk-reason')).toHaveText(
    /^Gale warning for Strait of Georgia - south of Nanaimo, winds (20|30|35) knots( from \d{1,2}(:\d{2})? (am|pm))?$/,
  );
  await expect(weather.getByTestId('weather-risk-source')).toHaveText(
    /^Environment Canada marine forecast issued \d{1,2}:\d{2} (am|pm)( [A-Z][a-z]{2})? · read \d+ (s|min) ago$/,
  );
  await expect(weather.getByTestId('weather-risk-accuracy')).toHaveText(
    /^Not enough history yet to measure the weather level \(\d+ of 200 sailings recorded, \d+ of 5 cancellations\)$/,
  );
  await page.screenshot({ path: 'test-results/weather-risk-next-ferry.png', fullPage: true });
});

test('offline, the stored weather level stays with its source and age', async ({ page, context }) => {
  await openHome(page);
  await waitForServiceWorkerControl(page);
  await toDepartureBay(page);
  await expect(nextFerryCard(page).getByTestId('weather-risk-level')).toHaveText('Be aware');
  await setOffline(context, page, true);
  try {
    await page.reload();
    const weather = nextFerryCard(page).getByTestId('weather-risk');
    await expect(nextFerryCard(page).getByTestId('next-ferry-route')).toHaveText('Horseshoe Bay - Departure Bay');
    await expect(weather.getByTestId('weather-risk-level')).toHaveText('Be aware');
    await expect(weather.getByTestId('weather-risk-reason')).toContainText(
      'Gale warning for Strait of Georgia - south of Nanaimo',
    );
    await expect(weather.getByTestId('weather-risk-source')).toHaveText(/· read \d+ (s|min) ago$/);
    await page.screenshot({ path: 'test-results/weather-risk-offline.png', fullPage: true });
  } finally {
    await setOffline(context, page, false);
  }
});
