/**
 * A fresh Deckhand with nothing set (FEED_SOURCE's default, `auto`) on a machine where BC Ferries
 * cannot be reached: home says "simulated: BC Ferries could not be reached" over a simulated day;
 * when the BC Ferries stand-in comes up, the same running server and the same open page switch to
 * its document without a restart or a reload. The stand-in serves a document that stopped being
 * updated (a sailing still `future` two hours after its time), so the figures say "BC Ferries data
 * not updated since …" instead of an age, and the Data sources page (linked from home) lists each
 * source with its state. The server is the spec's own (port E2E_PORT + 21, the stand-in + 22).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server's pinned time-zone data: Node's own may be older than the browser's and the server's.
import '../../server/time/terminal-zone';

import { expect, test } from '@playwright/test';

import { formatClock, formatClockLower, terminalWallClock } from '@/domain/time';

import { nextFerryCard, openHome } from './support/app';
import { freshDataDir } from './support/database-template';
import { onThisHost } from './support/host-speed';
import { ownServerEnv } from './support/real-feed';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BASE_PORT = Number(process.env.E2E_PORT ?? 18080);
const APP_PORT = BASE_PORT + 21;
const STAND_IN_PORT = BASE_PORT + 22;
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

test.use({ baseURL: APP_URL, viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial' });

/** "3:45 pm" for an instant, as the BC Ferries document writes times (Vancouver wall clock). */
function documentTime(at: number): string {
  const { hour, minute } = terminalWallClock(at);
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

const FIVE_MIN = 5 * 60_000;
const now = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN;
/** Still `future` two hours after its time: the scraper behind this document has stopped. */
const overdue = now - 2 * 60 * 60_000;
const row = (at: number, carFill: number) => ({
  time: documentTime(at),
  arrivalTime: '',
  sailingStatus: 'future',
  fill: carFill,
  carFill,
  oversizeFill: 0,
  vesselName: 'Queen of Oak Bay',
  vesselStatus: '',
});
const route = (from: string, to: string) => ({
  routeCode: `${from}${to}`,
  fromTerminalCode: from,
  toTerminalCode: to,
  sailingDuration: '1h 40m',
  sailings: [row(overdue, 0), row(now + 60 * 60_000, 40), row(now + 3 * 60 * 60_000, 10)],
});
const DOCUMENT = JSON.stringify({
  capacityRoutes: [route('HSB', 'NAN'), route('HSB', 'LNG')],
  nonCapacityRoutes: [],
});

let server: ChildProcess | undefined;
let standIn: http.Server | undefined;
let log = '';

test.beforeAll(async () => {
  test.setTimeout(onThisHost(240_000));
  const dataDir = freshDataDir('e2e-feed-auto');
  const env: NodeJS.ProcessEnv = {
    ...ownServerEnv(APP_PORT, dataDir),
    // Nothing about the source: the default. BC Ferries is the stand-in, closed for now.
    BCFERRIES_API_URL: `http://127.0.0.1:${STAND_IN_PORT}`,
    BCFERRIES_POLL_S: '5',
  };
  delete env.FEED_SOURCE;
  delete env.AIS_API_KEY;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: 'pipe' });
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  await expect
    .poll(
      () =>
        fetch(`${APP_URL}/api/health`)
          .then((r) => r.ok)
          .catch(() => false),
      { timeout: onThisHost(180_000), message: `the server did not start:\n${log}` },
    )
    .toBe(true);
});

test.afterAll(async () => {
  standIn?.closeAllConnections();
  await new Promise((resolve) => (standIn ? standIn.close(resolve) : resolve(undefined)));
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
});

test('home says the day is simulated while BC Ferries cannot be reached, then shows BC Ferries, stale, without a reload', async ({
  page,
}) => {
  await openHome(page);
  const card = nextFerryCard(page);
  const notice = card.getByTestId('next-ferry-feed-notice');
  await expect(notice).toContainText('simulated: BC Ferries could not be reached');
  await expect(card.getByTestId('figure-source').first()).toContainText('simulated');
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'feed-auto-home-fallback.png') });

  standIn = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(DOCUMENT);
  });
  await new Promise<void>((resolve) => standIn!.listen(STAND_IN_PORT, '127.0.0.1', resolve));

  const staleText = `BC Ferries data not updated since ${formatClockLower(overdue)}`;
  await expect(notice).toContainText(staleText, { timeout: onThisHost(30_000) });
  await expect(notice).not.toContainText('simulated');
  const departureSource = card.getByTestId('next-ferry-departure').locator('..').getByTestId('figure-source');
  await expect(departureSource).toHaveText(staleText);
  // The stand-in's next sailing, its car deck as the document gives it ("Tomorrow 12:10 AM" when the
  // suite runs in the last hour before midnight).
  await expect(card.getByTestId('next-ferry-departure')).toHaveText(
    new RegExp(`^(Tomorrow )?${formatClock(now + 60 * 60_000)}$`),
  );
  await expect(card.getByTestId('next-ferry-car-deck')).toHaveText('40% full');
  await expect(card.getByTestId('figure-source').filter({ hasText: 'simulated' })).toHaveCount(0);
  await expect(card.getByText('Live', { exact: true })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'feed-auto-home-stale.png') });

  await notice.getByRole('link', { name: 'Data sources' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data sources' })).toBeVisible();
  await expect(page.getByTestId('data-sources-stale')).toHaveText(staleText);
  const bc = page.getByRole('region', { name: 'BC Ferries' });
  await expect(bc).toContainText('In use');
  await expect(bc).toContainText(`Updated upstreamnot since ${formatClockLower(overdue)}`);
  await expect(bc).toContainText(/Rows dropped in the last document\d+/);
  await expect(bc).toContainText(/Last error\d{1,2}:\d{2} (am|pm): /);
  const simulator = page.getByRole('region', { name: 'Simulator' });
  await expect(simulator).toContainText('Not in use');
  await expect(simulator).toContainText('simulated');
  await expect(page.getByText("Lane counts come from riders' reports")).toBeVisible();
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'feed-auto-data-sources.png'), fullPage: true });
});

test('the Data sources page is reachable from Settings and Help', async ({ page }) => {
  await page.goto('/app/settings');
  await page.getByRole('link', { name: 'Data sources' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data sources' })).toBeVisible();
  await page.goto('/app/help');
  await page.getByRole('link', { name: 'Data sources' }).click();
  await expect(page).toHaveURL(/\/app\/data-sources$/);
});
