/**
 * First visit on a slow phone: a fresh Chromium profile (no service worker, nothing stored) opens
 * /app over an emulated slow 4G link (150 ms round trip, 1.6 Mbps down, 750 kbps up) with the CPU
 * slowed 4× (the conditions Lighthouse's mobile preset simulates, applied here for real); the figure
 * is the time from navigation start to the Next Ferry card showing the next sailing ("Departs in…"
 * or "Now boarding"), recorded in the page by a MutationObserver. FIRST_VISIT_RUNS runs (default 5),
 * each in a new browser context; median and worst printed.
 *
 * Run after `npm run build`: `npx tsx bench/first-visit.ts`. FIRST_VISIT_STATIC_DIR=DIR measures another
 * build's dist/ instead (its renderer of /app's first screen, if it has one, is read from beside it).
 */
import { chromium, devices } from 'playwright';
import { nextSailingShownAt, recordNextSailingShown } from './next-sailing-probe';
import { startProductionServer } from './production-server';

const RUNS = Number(process.env.FIRST_VISIT_RUNS ?? 5);

const server = await startProductionServer({ staticDir: process.env.FIRST_VISIT_STATIC_DIR });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block', baseURL: server.origin });
    await recordNextSailingShown(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/app');
    times.push(await nextSailingShownAt(page));
    await context.close();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`First visit on slow 4G with a 4× slower CPU: next sailing on screen, ${RUNS} runs`);
  console.log(`  median ${Math.round(median)} ms, worst ${Math.round(times.at(-1)!)} ms (${times.map((t) => Math.round(t)).join(', ')})`);
} finally {
  await browser.close();
  await server.stop();
}
