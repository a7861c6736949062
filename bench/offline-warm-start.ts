/**
 * Offline warm start (target ≤ 400 ms): a phone that has opened /app once (service worker installed,
 * ferries stored) opens it again with no network; the figure is the time from navigation start to
 * the Next Ferry card showing the next sailing ("Departs in N min" or "Now boarding"), as the page
 * itself records it (./next-sailing-probe.ts). Chromium
 * from /usr/bin/chromium at Pixel 7 size, no CPU throttling; WARM_START_RUNS runs (default 7),
 * median and worst printed.
 *
 * Run after `npm run build`: `npx tsx bench/offline-warm-start.ts`.
 */
import { chromium, devices } from 'playwright';
import { nextSailingShownAt, recordNextSailingShown } from './next-sailing-probe';
import { startProductionServer } from './production-server';

const RUNS = Number(process.env.WARM_START_RUNS ?? 7);

const server = await startProductionServer();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'allow', baseURL: server.origin });
  await recordNextSailingShown(context);

  const first = await context.newPage();
  await first.goto('/app');
  await first.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await first.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await first.reload();
  await first.waitForFunction(() => Boolean(navigator.serviceWorker.controller) && window.__nextSailingShownAt !== undefined, undefined, { timeout: 60_000 });
  await first.close();

  await context.setOffline(true);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const page = await context.newPage();
    await page.goto('/app');
    times.push(await nextSailingShownAt(page));
    await page.close();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`Offline warm start to the next sailing on screen (target ≤ 400 ms), ${RUNS} runs`);
  console.log(`  median ${Math.round(median)} ms, worst ${Math.round(times.at(-1)!)} ms (${times.map((t) => Math.round(t)).join(', ')})`);
} finally {
  await browser.close();
  await server.stop();
}
