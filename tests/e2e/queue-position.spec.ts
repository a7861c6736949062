import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

import { HORSESHOE_BAY_LANES } from '../../server/db/seed-lanes';
import { pointAlong, type LatLng } from '../../src/domain/lane-geometry';
import { selectMainlandDeparture, setOffline, waitForServiceWorkerControl } from './support/app';
import { onThisHost } from './support/host-speed';
import { test } from './support/test';

/** 100 m into Horseshoe Bay's lane 2 for Departure Bay, 1.5 m off its centre line. */
const laneTwo = HORSESHOE_BAY_LANES[1]!;
const inLane = pointAlong(laneTwo.points as LatLng[], 100);
const RIDER = { latitude: inLane.lat + 0.00002, longitude: inLane.lng, accuracy: 5 };
const PHOTO = new URL('../fixtures/photos/lane.png', import.meta.url).pathname;
const NOT_A_PHOTO = new URL('../fixtures/photos/not-an-image.txt', import.meta.url).pathname;

function queueCard(page: Page) {
  return page.getByRole('region', { name: 'Queue Position' });
}

async function findPosition(page: Page): Promise<number> {
  await queueCard(page).getByRole('button', { name: 'Find My Position' }).click();
  const number = queueCard(page).getByTestId('queue-position-number');
  await expect(number).toHaveText(/^\d+$/);
  return Number(await number.innerText());
}

const carsIn = (svg: string, lanePrefix?: string) =>
  (svg.match(lanePrefix ? new RegExp(`<g class="car" data-lane="${lanePrefix}`, 'g') : /<g class="car"/g) ?? []).length;

async function hsbFrames(request: APIRequestContext): Promise<string[]> {
  return Promise.all(
    ['hsb_entrance', 'hsb_queue_area', 'hsb_booth'].map(async (id) =>
      (await request.get(`/api/cameras/${id}/frame?t=${Date.now()}`)).text(),
    ),
  );
}

test.describe('with GPS in a Horseshoe Bay lane', () => {
  test.use({ geolocation: RIDER, permissions: ['geolocation'] });

  test('Find My Position gives the position the camera frames show', async ({ page, context }) => {
    await page.goto('/app/tracker');
    await expect(page.getByRole('heading', { level: 1, name: 'Live Tracker' })).toBeVisible();
    await findPosition(page);
    await expect(queueCard(page)).toContainText('Based on');
    await expect(queueCard(page)).toContainText(/Confidence\s*\d+% · (High|Good|Low)/);
    await expect(queueCard(page)).toContainText('Estimated boarding');

    // The server's own explanation for the same point, and what its cameras show at the same minute.
    // The lane moves with the minute, and the card follows it every 15 s: the poll compares the
    // position the card shows at the time.
    await expect
      .poll(
        async () => {
          const shown = Number(await queueCard(page).getByTestId('queue-position-number').innerText());
          const [answer, frames, detections] = await Promise.all([
            context.request.post('/api/queue/calculate-position', {
              data: { gps: { lat: RIDER.latitude, lng: RIDER.longitude }, accuracy: 5 },
            }),
            hsbFrames(context.request),
            context.request
              .get('/api/queue/detections')
              .then((r) => r.json() as Promise<Record<string, { count: number }>>),
          ]);
          const body = (await answer.json()) as {
            positionInQueue: number;
            details: { carsAheadByGeometry: number; carsCounted: number };
          };
          // Each frame draws exactly its camera's count.
          const framesAgree = ['hsb_entrance', 'hsb_queue_area', 'hsb_booth'].every(
            (id, i) => carsIn(frames[i]!) === detections[id]!.count,
          );
          // Cars for Departure Bay drawn in the frames: the rider can have no more than those ahead.
          const routeCarsDrawn = frames.reduce((sum, svg) => sum + carsIn(svg, 'horseshoe-bay:hsb-nan'), 0);
          const expected =
            Math.min(body.details.carsAheadByGeometry, Math.max(routeCarsDrawn, body.details.carsCounted)) + 1;
          return (
            framesAgree &&
            routeCarsDrawn === Math.min(body.details.carsCounted, 200) &&
            body.positionInQueue === expected &&
            expected === shown
          );
        },
        { timeout: onThisHost(30_000) },
      )
      .toBe(true);

    // Detections list terminal by terminal in the spec's order: Horseshoe Bay's entrance camera first.
    const firstDetection = page.getByRole('region', { name: 'Camera detections' }).getByRole('listitem').first();
    await expect(firstDetection).toHaveAttribute('data-camera-id', 'hsb_entrance');
  });

  test('a real photo verifies the position (99% accuracy); a non-image or an implausible position does not', async ({
    page,
  }) => {
    await page.goto('/app/tracker');
    const position = await findPosition(page);
    const card = queueCard(page);

    await card.getByLabel('Photo of your lane').setInputFiles(PHOTO);
    await card.getByLabel('Your position in the photo').fill(String(position));
    await card.getByRole('button', { name: 'Verify Position' }).click();
    await expect(card.getByText('Position verified from your photo.')).toBeVisible();
    await expect(card.getByText('99% accuracy')).toBeVisible();

    await card.getByLabel('Photo of your lane').setInputFiles(NOT_A_PHOTO);
    await card.getByRole('button', { name: 'Verify Position' }).click();
    await expect(card.getByText('Position could not be verified from this photo')).toBeVisible();
    await expect(card.getByText(/not an image/)).toBeVisible();

    await card.getByLabel('Photo of your lane').setInputFiles(PHOTO);
    await card.getByLabel('Your position in the photo').fill('4000');
    await card.getByRole('button', { name: 'Verify Position' }).click();
    await expect(card.getByText('Position could not be verified from this photo')).toBeVisible();
    await expect(card.getByText('99% accuracy')).toHaveCount(0);
  });

  test('offline, the position, timer and last camera frames still show from the device', async ({ page, context }) => {
    // A long flow (service worker, position, timer, camera frames, then two pages offline): 41 s on
    // an idle 2-core machine, so the default minute is too little on a busy one.
    test.setTimeout(onThisHost(150_000));
    await oneSailingIn(context, 180);
    await page.goto('/app');
    await waitForServiceWorkerControl(page);
    await findPosition(page);
    await page.getByLabel('Departure location').fill('Burnaby');
    await page.getByRole('button', { name: 'Start Timer' }).click();
    await expect(page.getByTestId('arrival-timer')).toContainText('Burnaby');
    await page.goto('/app/tracker');
    const booth = page.locator('figure[data-camera-id="hsb_booth"] img');
    await expect.poll(() => booth.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The page notes the frame's time on the device after the image has loaded: going offline (and
    // leaving the page) before that note is stored would leave the booth without a last frame.
    await expect.poll(() => page.evaluate(boothFrameNoted)).toBe(true);
    // Read last thing before going offline: the position is refreshed every 15 s while online, and
    // the lane moves (a slow machine once took longer than that between finding it and here).
    const number = await queueCard(page).getByTestId('queue-position-number').innerText();

    await setOffline(context, page, true);
    await page.goto('/app');
    await expect(queueCard(page).getByTestId('queue-position-number')).toHaveText(number);
    await expect(page.getByTestId('arrival-timer')).toContainText('Burnaby');
    await page.goto('/app/tracker');
    const calc = page.getByRole('region', { name: 'Departure Calculator' });
    await selectMainlandDeparture(calc.getByLabel('Ferry departure'));
    await calc.getByLabel('Your location').fill('Richmond');
    await calc.getByRole('button', { name: 'Calculate' }).click();
    await expect(calc.getByTestId('departure-plan')).toContainText(/Travel estimate\d+ min/);
    const figure = page.locator('figure[data-camera-id="hsb_booth"]');
    await expect(figure.getByText(/Offline · last frame from \d{1,2}:\d{2} (AM|PM) \(\d+ min ago\)/)).toBeVisible();
    await expect
      .poll(() => figure.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });
});

test.describe('without GPS', () => {
  test.use({ permissions: [] });

  test('a denied location gives no position: GPS is off, nothing is sent, the terminal picker and the photo count are offered', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      // Chromium denies without a prompt in automation; make the denial explicit and immediate.
      navigator.geolocation.getCurrentPosition = (_ok, fail) =>
        fail?.({
          code: 1,
          message: 'User denied Geolocation',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError);
    });
    const fixesSent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/queue/calculate-position')) fixesSent.push(request.url());
    });
    await page.goto('/app');
    // Before any position: an empty state that invites Find My Position, never the spec's example #23.
    const peace = page.getByRole('region', { name: 'Peace of Mind Alerts' });
    await expect(peace.getByText('Your position is not known yet')).toBeVisible();
    await expect(peace.getByText('#23')).toHaveCount(0);
    await peace.getByRole('link', { name: 'Find My Position' }).click();
    await expect(page).toHaveURL(/#queue-position$/);

    await queueCard(page).getByRole('button', { name: 'Find My Position' }).click();
    const help = queueCard(page).getByTestId('gps-off');
    await expect(help.getByText('GPS is off')).toBeVisible();
    await expect(queueCard(page).getByTestId('queue-position-number')).toHaveCount(0);
    await expect(
      queueCard(page).getByText('No position yet. Tap Find My Position when you are in a lane.'),
    ).toBeVisible();
    expect(fixesSent).toEqual([]);

    // The picker sets the rider's terminal for every card.
    await help.getByLabel('Terminal you are at').selectOption({ label: 'Tsawwassen' });
    await expect(page.getByLabel('Your terminal', { exact: true })).toHaveValue('tsawwassen');
    await help.getByRole('link', { name: 'Count the cars with a photo' }).click();
    await expect(page).toHaveURL(/\/app\/contributions$/);
    expect(fixesSent).toEqual([]);
  });
});

test.describe('live cameras', () => {
  // Requests the service worker makes are not routed by page.route; these tests use the page's own.
  test.use({ serviceWorkers: 'block' });

  test('a broken camera image shows "Camera feed unavailable" and the others still load', async ({ page }) => {
    await page.route('**/api/cameras/hsb_booth/frame**', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'camera offline' }),
    );
    await page.goto('/app/tracker');
    await expect(page.locator('figure[data-camera-id="hsb_booth"]').getByText('Camera feed unavailable')).toBeVisible();
    const entrance = page.locator('figure[data-camera-id="hsb_entrance"] img');
    await expect(entrance).toHaveAttribute('src', /\/api\/cameras\/hsb_entrance\/frame\?t=\d+/);
    await expect
      .poll(() => entrance.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });

  test('cameras are listed per terminal and location', async ({ page }) => {
    await page.goto('/app/tracker');
    const cameras = page.getByRole('region', { name: 'Live Terminal Cameras' });
    await cameras.getByLabel('Terminal').selectOption({ label: 'Tsawwassen' });
    await expect(cameras.locator('figure')).toHaveCount(3);
    await expect(cameras.locator('figcaption')).toHaveText([/Entrance$/, /Queue area$/, /Booth$/]);
    await expect(cameras.locator('figure[data-camera-id="tsa_queue_area"]')).toBeVisible();
  });
});

/**
 * One Horseshoe Bay sailing `minutes` from now (the real feed's next one, moved), and no live update
 * to replace it: the timer's figures then follow from a known departure.
 */
async function oneSailingIn(context: BrowserContext, minutes: number): Promise<void> {
  await context.routeWebSocket(/\/ws$/, () => undefined);
  await context.route('**/api/ferries', async (route) => {
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort('internetdisconnected');
    const ferries = (await response.json()) as Array<{ terminalId?: string }>;
    const first = ferries.find((ferry) => ferry.terminalId === 'horseshoe-bay') ?? ferries[0];
    await route.fulfill({
      response,
      json: [{ ...first, departureTime: new Date(Date.now() + minutes * 60_000).toISOString() }],
    });
  });
  // The timetable, as the cards read it: one sailing of the rider's route (Horseshoe Bay's first, to Departure Bay).
  // Its query too: the app asks for the next 48 hours first, the rest of the week later (`?before=`).
  await context.route(/\/api\/sailings(\?|$)/, async (route) => {
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort('internetdisconnected');
    const sailings = (await response.json()) as Array<{ routeId: string; from: string }>;
    const first = sailings.find((s) => s.routeId === 'hsb-nan' && s.from === 'horseshoe-bay');
    const departure = new Date(Date.now() + minutes * 60_000).toISOString();
    const only = {
      ...first,
      scheduledDeparture: departure,
      expectedDeparture: undefined,
      delayMinutes: undefined,
      status: 'scheduled',
    };
    await route.fulfill({ response, json: [only] });
  });
}

test('the arrival timer alerts 15 minutes before leaving and at the time, once each', async ({ page, context }) => {
  // Departure in 125 min: check-in closes 30 min before; leave by 125 − 30 − 45 − 5 = 45 min from now.
  await oneSailingIn(context, 125);
  await page.clock.install({ time: Date.now() });
  await page.goto('/app');
  await page.getByLabel('Departure location').fill('North Vancouver');
  await page.getByLabel('Buffer minutes').fill('5');
  await expect(page.getByTestId('timer-preview')).toContainText('Leave by');
  await page.getByRole('button', { name: 'Start Timer' }).click();
  const timer = page.getByTestId('arrival-timer');
  await expect(timer).toContainText(/Leave in 4[45]m/);

  await page.clock.fastForward('30:30');
  await expect(page.getByText('Leave in 15 minutes')).toBeVisible();
  await expect(timer).toContainText(/Leave in 1[45] min/);
  await expect(timer.locator('[data-tone="soon"]')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('arrival-timer')).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(page.getByText('Leave in 15 minutes')).toHaveCount(0);

  await page.clock.fastForward('15:00');
  await expect(page.getByTestId('arrival-timer').getByText('Time to leave!')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Leave North Vancouver now' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel Timer' }).click();
  await expect(page.getByRole('button', { name: 'Start Timer' })).toBeVisible();
  // The cancel is a queued write: it reaches the server once the outbox has flushed.
  await expect.poll(async () => (await page.request.get('/api/arrival-timers')).json()).toEqual([]);
});

test('the departure calculator plans from the cached sailings', async ({ page }) => {
  await page.addInitScript(() => {
    Math.random = () => 0;
  });
  await page.goto('/app/tracker');
  const calc = page.getByRole('region', { name: 'Departure Calculator' });
  const select = calc.getByLabel('Ferry departure');
  await expect(select.locator('option:not([disabled])').first()).toBeAttached();
  const options = await select.locator('option:not([disabled])').count();
  expect(options).toBeGreaterThan(0);
  expect(options).toBeLessThanOrEqual(6);
  await expect(calc.getByRole('button', { name: 'Calculate' })).toBeDisabled();
  await selectMainlandDeparture(select);
  await calc.getByLabel('Your location').fill('Surrey');
  await calc.getByRole('button', { name: 'Calculate' }).click();
  const plan = calc.getByTestId('departure-plan');
  await expect(plan).toContainText('Travel estimate55 min');
  await expect(plan).toContainText(/Chance of making it\d+%/);
  await expect(plan).toContainText(/Check-in cutoff\d{1,2}:\d{2} (AM|PM)/);
  await expect(plan.locator('[data-advice]')).toBeVisible();
});

/** Whether the device has noted when the ticket booth camera's frame last loaded (META.cameraFramesSeen). */
function boothFrameNoted(): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open('deckhand');
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const database = open.result;
      const read = database.transaction('meta').objectStore('meta').get('cameras.framesSeen');
      read.onsuccess = () => {
        resolve(typeof (read.result?.value as Record<string, unknown> | undefined)?.hsb_booth === 'number');
        database.close();
      };
      read.onerror = () => {
        resolve(false);
        database.close();
      };
    };
  });
}
