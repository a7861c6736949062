/**
 * A machine-independent start-up figure: each page's main-thread busy time until idle (every task of
 * the renderer's main thread from navigation until the page is running and then quiet, no long task
 * for RATIO_SETTLE_MS, summed; bench/trace-tasks.ts, bench/page-settle.ts), divided by the same for a bare React + Vite page (bench/bare-react/) built in
 * this run and loaded the same way: the floor of this stack. A slower or busier host slows both
 * alike, so the ratio moves with the app's own work, not with the machine.
 *
 * First visit: /app (the server's HTML), /landing, the bare page, each in a fresh browser context.
 * Warm: /app again once the service worker has it; the bare page again from the HTTP cache. Pixel 7
 * screen, CPU slowed RATIO_CPU× (default 4); RATIO_RUNS runs (default 3), medians; pages interleaved.
 * Each page's blocking time is printed beside it: at RATIO_CPU=32 the floor's own blocking time says
 * what no page on this stack and host can go under.
 *
 * Run after `npm run build`: `npx tsx bench/startup-ratio.ts`.
 */
import { loadavg } from 'node:os';
import { chromium, devices, type BrowserContext, type CDPSession, type Page } from 'playwright';

import { serveBarePage } from './bare-page';
import { APP_RUNNING, LANDING_RUNNING, loadUntilQuiet, watchLongTasks, windowAfterRunning } from './page-settle';
import { CHROMIUM, startProductionServer } from './production-server';
import { blocking, busyMs, CATEGORIES, longTasks, median, navigationStartOf, type TraceEvent } from './trace-tasks';

const RUNS = Number(process.env.RATIO_RUNS ?? 3);
const CPU_SLOWDOWN = Number(process.env.RATIO_CPU ?? 4);
const SETTLE_MS = Number(process.env.RATIO_SETTLE_MS ?? 5_000);
/**
 * Which pages to load (`bare`, `app`, `landing`; default all): `RATIO_PAGES=bare` measures the floor
 * alone. `blank` (not in the default) adds the browser's own floor: a page of one line, no script, no
 * stylesheet (bench/bare-react/public/blank.html), first visit and warm.
 */
const PAGES = (process.env.RATIO_PAGES ?? 'bare,app,landing').split(',');

/** Busy and blocking time (each long task's part past 50 ms, summed) until the page is quiet. */
async function traceBusy(page: Page, url: string, running: string): Promise<{ busy: number; blocking: number }> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: CATEGORIES });
  await loadUntilQuiet(page, cdpOf.get(page)!, url, running, {
    quietMs: SETTLE_MS,
    timeoutMs: TIMEOUT_MS,
    windowMs: windowAfterRunning(CPU_SLOWDOWN),
  });
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const navigationStart = navigationStartOf(events);
  return { busy: busyMs(events, navigationStart), blocking: blocking(longTasks(events, navigationStart)) };
}

const TIMEOUT_MS = 120_000 * Math.max(1, CPU_SLOWDOWN / 4);
/** The bare page has an empty #root: its button is there once its script has rendered it. */
const BARE_RUNNING = `document.querySelector('#root button') !== null`;
const BLANK_RUNNING = `document.querySelector('p') !== null`;
const cdpOf = new WeakMap<Page, CDPSession>();

async function slowedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await watchLongTasks(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  cdpOf.set(page, cdp);
  return page;
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const bare = await serveBarePage();
const app = await startProductionServer();
const figures = new Map<string, { busy: number; blocking: number }[]>();
const note = (name: string, run: { busy: number; blocking: number }) =>
  figures.set(name, [...(figures.get(name) ?? []), run]);
const medianOf = (name: string, key: 'busy' | 'blocking') => median(figures.get(name)?.map((run) => run[key]) ?? [NaN]);
try {
  console.log(
    `Start-up busy time against a bare React page, ${RUNS} runs, CPU slowed ${CPU_SLOWDOWN}×; load average ${loadAverage()}`,
  );
  await fetch(`${app.origin}/api/ferries`);
  for (let run = 1; run <= RUNS; run += 1) {
    const browser = await chromium.launch(CHROMIUM);
    try {
      const loads: [string, () => Promise<void>][] = [
        [
          'bare',
          async () => {
            const context = await browser.newContext({ ...devices['Pixel 7'] });
            const page = await slowedPage(context);
            note('bare first visit', await traceBusy(page, `${bare.origin}/`, BARE_RUNNING));
            note('bare warm', await traceBusy(page, `${bare.origin}/`, BARE_RUNNING));
            await context.close();
          },
        ],
        [
          'blank',
          async () => {
            const context = await browser.newContext({ ...devices['Pixel 7'] });
            const page = await slowedPage(context);
            note('blank first visit', await traceBusy(page, `${bare.origin}/blank.html`, BLANK_RUNNING));
            note('blank warm', await traceBusy(page, `${bare.origin}/blank.html`, BLANK_RUNNING));
            await context.close();
          },
        ],
        [
          'app',
          async () => {
            const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'allow' });
            const page = await slowedPage(context);
            note('/app first visit', await traceBusy(page, `${app.origin}/app`, APP_RUNNING));
            await page.evaluate(async () => {
              await navigator.serviceWorker.ready;
            });
            note('/app warm', await traceBusy(page, `${app.origin}/app`, APP_RUNNING));
            await context.close();
          },
        ],
        [
          'landing',
          async () => {
            const context = await browser.newContext({ ...devices['Pixel 7'] });
            const page = await slowedPage(context);
            note('/landing first visit', await traceBusy(page, `${app.origin}/landing`, LANDING_RUNNING));
            await context.close();
          },
        ],
      ];
      const chosen = loads.filter(([name]) => PAGES.includes(name));
      // Rotate the order, so no page always runs on a machine another just warmed.
      for (let i = 0; i < chosen.length; i += 1) await chosen[(i + run) % chosen.length]![1]();
      console.log(`  run ${run}: load average ${loadAverage()}`);
    } finally {
      await browser.close();
    }
  }
  const floor = { first: medianOf('bare first visit', 'busy'), warm: medianOf('bare warm', 'busy') };
  for (const [name, runs] of figures) {
    const ms = medianOf(name, 'busy');
    const against = name.endsWith('warm') ? floor.warm : floor.first;
    // Without the bare page in this run (RATIO_PAGES), there is no ratio to give.
    const ratio = Number.isNaN(against) ? '' : `; ${(ms / against).toFixed(1)}× the bare React page`;
    const list = (key: 'busy' | 'blocking') => runs.map((run) => Math.round(run[key])).join(', ');
    console.log(
      `  ${name}: busy ${Math.round(ms)} ms median (runs: ${list('busy')})${ratio}; blocking ${Math.round(medianOf(name, 'blocking'))} ms median (runs: ${list('blocking')})`,
    );
  }
} finally {
  bare.close();
  await app.stop();
}
