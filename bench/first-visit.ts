/**
 * First visit on a slow phone: a fresh Chromium profile (no service worker, nothing stored) opens
 * /app over an emulated slow 4G link (150 ms round trip, 1.6 Mbps down, 750 kbps up) with the CPU
 * slowed 4× (the conditions Lighthouse's mobile preset simulates, applied here for real); the figure
 * is the time from navigation start to the Next Ferry card showing the next sailing ("Departs in…"
 * or "Now boarding"), recorded in the page by a MutationObserver. Also printed: when the banner strip
 * first showed a banner, and the page's largest contentful paint as Chromium reports it once the page
 * has settled (its time, and the text of that element). FIRST_VISIT_RUNS runs (default 5), each in a
 * new browser context; median and worst printed.
 *
 * Run after `npm run build`: `npx tsx bench/first-visit.ts`. FIRST_VISIT_STATIC_DIR=DIR measures another
 * build's dist/ instead (its renderer of /app's first screen, if it has one, is read from beside it).
 */
import { chromium, devices } from 'playwright';

import { nextSailingShownAt, recordNextSailingShown } from './next-sailing-probe';
import { startProductionServer } from './production-server';

const RUNS = Number(process.env.FIRST_VISIT_RUNS ?? 5);
/** How long the page is left to settle after the next sailing shows before LCP is read. */
const SETTLE_MS = 4_000;

declare global {
  interface Window {
    __bannerShownAt?: number;
    __lcp?: { at: number; text: string };
  }
}

/** Records when a banner first shows and the latest LCP entry (a string: see next-sailing-probe.ts). */
const BANNER_AND_LCP_PROBE = `
  new MutationObserver(() => {
    if (window.__bannerShownAt === undefined && document.querySelector('[data-testid="banner"]')) window.__bannerShownAt = performance.now();
  }).observe(document, { subtree: true, childList: true });
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) window.__lcp = { at: last.startTime, text: (last.element && last.element.textContent || '').slice(0, 40) };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms, worst ${Math.round(sorted.at(-1)!)} ms (${values.map((t) => Math.round(t)).join(', ')})`;
};

const server = await startProductionServer({ staticDir: process.env.FIRST_VISIT_STATIC_DIR });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const times: number[] = [];
  const banners: number[] = [];
  const lcps: number[] = [];
  const lcpTexts = new Set<string>();
  for (let i = 0; i < RUNS; i += 1) {
    const context = await browser.newContext({
      ...devices['Pixel 7'],
      serviceWorkers: 'block',
      baseURL: server.origin,
    });
    await recordNextSailingShown(context);
    await context.addInitScript(BANNER_AND_LCP_PROBE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/app');
    times.push(await nextSailingShownAt(page));
    await page.waitForFunction(() => window.__bannerShownAt !== undefined, undefined, { timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    const { bannerAt, lcp } = await page.evaluate(() => ({ bannerAt: window.__bannerShownAt!, lcp: window.__lcp! }));
    banners.push(bannerAt);
    lcps.push(lcp.at);
    lcpTexts.add(lcp.text);
    await context.close();
  }
  console.log(`First visit on slow 4G with a 4× slower CPU, ${RUNS} runs`);
  console.log(`  next sailing on screen: ${summary(times)}`);
  console.log(`  banner strip on screen: ${summary(banners)}`);
  console.log(
    `  largest contentful paint: ${summary(lcps)}; element: ${[...lcpTexts].map((t) => `"${t}…"`).join(' / ')}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
