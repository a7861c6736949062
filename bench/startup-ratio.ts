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
 *
 * Run after `npm run build`: `npx tsx bench/startup-ratio.ts`.
 */
import { createReadStream, existsSync, mkdtempSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, devices, type BrowserContext, type CDPSession, type Page } from 'playwright';
import { build } from 'vite';

import { APP_RUNNING, LANDING_RUNNING, loadUntilQuiet, watchLongTasks, windowAfterRunning } from './page-settle';
import { CHROMIUM, startProductionServer } from './production-server';
import { busyMs, CATEGORIES, median, navigationStartOf, type TraceEvent } from './trace-tasks';

const RUNS = Number(process.env.RATIO_RUNS ?? 3);
const CPU_SLOWDOWN = Number(process.env.RATIO_CPU ?? 4);
const SETTLE_MS = Number(process.env.RATIO_SETTLE_MS ?? 5_000);
const here = path.dirname(fileURLToPath(import.meta.url));

/** Builds the bare page and serves it (static files, long cache, so the warm load is from the HTTP cache). */
async function serveBarePage(): Promise<{ origin: string; close: () => void }> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'deckhand-bare-react-'));
  await build({
    root: path.join(here, 'bare-react'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(outDir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(outDir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.html') ? 'text/html' : 'text/plain';
    response.writeHead(200, {
      'content-type': type,
      'cache-control': file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

async function traceBusy(page: Page, url: string, running: string): Promise<number> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: CATEGORIES });
  await loadUntilQuiet(page, cdpOf.get(page)!, url, running, {
    quietMs: SETTLE_MS,
    timeoutMs: TIMEOUT_MS,
    windowMs: windowAfterRunning(CPU_SLOWDOWN),
  });
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  return busyMs(events, navigationStartOf(events));
}

const TIMEOUT_MS = 120_000 * Math.max(1, CPU_SLOWDOWN / 4);
/** The bare page has an empty #root: its button is there once its script has rendered it. */
const BARE_RUNNING = `document.querySelector('#root button') !== null`;
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
const figures = new Map<string, number[]>();
const note = (name: string, ms: number) => figures.set(name, [...(figures.get(name) ?? []), ms]);
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
      // Rotate the order, so no page always runs on a machine another just warmed.
      for (let i = 0; i < loads.length; i += 1) await loads[(i + run) % loads.length]![1]();
      console.log(`  run ${run}: load average ${loadAverage()}`);
    } finally {
      await browser.close();
    }
  }
  const floor = { first: median(figures.get('bare first visit')!), warm: median(figures.get('bare warm')!) };
  for (const [name, runs] of figures) {
    const ms = median(runs);
    const against = name.endsWith('warm') ? floor.warm : floor.first;
    console.log(
      `  ${name}: busy ${Math.round(ms)} ms median (runs: ${runs.map(Math.round).join(', ')}); ${(ms / against).toFixed(1)}× the bare React page`,
    );
  }
} finally {
  bare.close();
  await app.stop();
}
