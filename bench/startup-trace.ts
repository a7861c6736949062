/**
 * The start-up's main-thread tasks, from a Chromium performance trace: a phone (Pixel 7 screen, CPU
 * slowed 4× through DevTools, as Lighthouse's mobile preset simulates it) opens /app for the first
 * time (the server's HTML), /landing (a first-time visitor: a browser context of its own), and /app
 * again once the service worker has it (a new tab of the same browser: the build's shell and the
 * device's data); the trace runs from navigation until the app has taken the page over and then no
 * long task has ended for TRACE_SETTLE_MS (default 5 s, as Lighthouse's quiet window), or
 * TRACE_WINDOW_MS after it ran (20 s at 4×, in proportion to the slowdown, 60 s at most;
 * bench/page-settle.ts, which asks the page without Playwright's selector engine in it), so the
 * work started after the first screen (sync, service worker) is in it. Prints, per page, the tasks
 * of 50 ms or more (a "long task") with what took most of each (script evaluation and its file, a
 * function call, a timer, layout, React's scheduler message…), their blocking time (the part of
 * each past 50 ms, summed) and the main thread's busy time (every task, summed). TRACE_RUNS runs
 * (default 3); TRACE_CPU=16 (or 32) slows the CPU that much instead of 4× (a host 8× slower than
 * this one at 4× is roughly this one at 32×); `TRACE_BASELINE=<another build's dist>` traces that
 * build too, runs interleaved. The load average is printed before each run.
 *
 * Run after `npm run build`: `npx tsx bench/startup-trace.ts`. TRACE_DIR=DIR keeps each trace (open it
 * in Chromium's DevTools Performance panel).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium, devices, type BrowserContext, type CDPSession, type Page } from 'playwright';

import {
  APP_RUNNING,
  LANDING_RUNNING,
  loadUntilQuiet,
  watchLongTasks,
  windowAfterRunning,
  type Settled,
} from './page-settle';
import { CHROMIUM, startProductionServer, type ProductionServer } from './production-server';
import {
  blocking,
  busyMs,
  CATEGORIES,
  longTasks,
  median,
  navigationStartOf,
  type LongTask,
  type TraceEvent,
} from './trace-tasks';

const RUNS = Number(process.env.TRACE_RUNS ?? 3);
const SETTLE_MS = Number(process.env.TRACE_SETTLE_MS ?? 5_000);
const BASELINE = process.env.TRACE_BASELINE;
const TRACE_DIR = process.env.TRACE_DIR;
const CPU_SLOWDOWN = Number(process.env.TRACE_CPU ?? 4);

// 60 s at 4×; the slowed CPU stretches the page's start in proportion (at 32× a first visit's start
// and its sync can pass a minute).
const TIMEOUT_MS = 60_000 * Math.max(1, CPU_SLOWDOWN / 4);
/** At most this long after the page runs (it may never be quiet on a CPU slowed 32×). */
const WINDOW_MS = Number(process.env.TRACE_WINDOW_MS ?? windowAfterRunning(CPU_SLOWDOWN));

interface Load {
  tasks: LongTask[];
  busyMs: number;
  settled: Settled;
}

async function traceLoad(page: Page, cdp: CDPSession, url: string, running: string, file?: string): Promise<Load> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: CATEGORIES });
  const navigationTs = await page.evaluate(() => performance.timeOrigin * 1000).catch(() => 0);
  const settled = await loadUntilQuiet(page, cdp, url, running, {
    quietMs: SETTLE_MS,
    timeoutMs: TIMEOUT_MS,
    windowMs: WINDOW_MS,
  });
  const buffer = await browser.stopTracing();
  if (file) writeFileSync(file, buffer);
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  // The navigation's start in the trace's clock: the first event of the new document's main thread.
  const navigationStart = navigationStartOf(events, navigationTs);
  return { tasks: longTasks(events, navigationStart), busyMs: busyMs(events, navigationStart), settled };
}

interface Build {
  label: string;
  server: ProductionServer;
  results: Map<string, Load[]>;
}

/** A new tab of `context` with the CPU slowed and the long-task watcher in place before any script. */
async function throttledTab(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  await watchLongTasks(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, cdp };
}

async function runBuild(build: Build, run: number): Promise<void> {
  const browser = await chromium.launch(CHROMIUM);
  const phone = () => browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'allow' });
  try {
    const file = (name: string) => (TRACE_DIR ? path.join(TRACE_DIR, `${build.label}-${name}-${run}.json`) : undefined);
    const record = async (name: string, key: string, tab: { page: Page; cdp: CDPSession }, pathname: string) => {
      const running = pathname === '/landing' ? LANDING_RUNNING : APP_RUNNING;
      const load = await traceLoad(tab.page, tab.cdp, `${build.server.origin}${pathname}`, running, file(key));
      const runs = build.results.get(name) ?? [];
      runs.push(load);
      build.results.set(name, runs);
    };
    const context = await phone();
    const first = await throttledTab(context);
    await record('/app first visit', 'app-first', first, '/app');
    // /landing as a first-time visitor finds it (as Lighthouse loads it): a browser context of its
    // own, so its trace holds neither /app's cache nor /app's unload (a 150-300 ms task at 4×).
    const landingContext = await phone();
    await record('/landing', 'landing', await throttledTab(landingContext), '/landing');
    await landingContext.close();
    await first.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The rider opening the app again: a new tab of the same browser (its service worker, cache and
    // device database), the first visit's tab closed before the trace, so its unload is not in it.
    await first.page.close();
    await record('/app warm (service worker)', 'app-warm', await throttledTab(context), '/app');
  } finally {
    await browser.close();
  }
}

function listed(tasks: LongTask[], most: number): string {
  return tasks
    .slice(0, most)
    .map((t) => `${Math.round(t.ms)} ms at ${Math.round(t.startMs)} ms (${t.what})`)
    .join('; ');
}

/** TRACE_READ=file,…: lists the long tasks of traces kept before (TRACE_DIR), without loading anything. */
const READ = process.env.TRACE_READ;
if (READ) {
  for (const file of READ.split(',')) {
    const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const navigationStart = navigationStartOf(events);
    const tasks = longTasks(events, navigationStart);
    console.log(
      `${file}: ${tasks.length} long tasks, blocking ${Math.round(blocking(tasks))} ms, busy ${Math.round(busyMs(events, navigationStart))} ms; ${listed(tasks, 8)}`,
    );
  }
  process.exit(0);
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

if (TRACE_DIR) mkdirSync(TRACE_DIR, { recursive: true });
const builds: Build[] = [{ label: 'current', server: await startProductionServer(), results: new Map() }];
if (BASELINE)
  builds.unshift({
    label: 'baseline',
    server: await startProductionServer({ staticDir: BASELINE }),
    results: new Map(),
  });
try {
  console.log(
    `Start-up trace, ${RUNS} runs per build, CPU slowed ${CPU_SLOWDOWN}×, Pixel 7 screen; load average ${loadAverage()}`,
  );
  for (const build of builds) await fetch(`${build.server.origin}/api/ferries`);
  for (let i = 0; i < RUNS; i += 1) {
    for (const build of i % 2 ? [...builds].reverse() : builds) {
      console.log(`  run ${i + 1}${BASELINE ? ` ${build.label}` : ''}: load average ${loadAverage()}`);
      await runBuild(build, i + 1);
    }
  }
  for (const build of builds) {
    for (const [name, runs] of build.results) {
      const blockingMs = runs.map((r) => Math.round(blocking(r.tasks)));
      const busy = runs.map((r) => Math.round(r.busyMs));
      console.log(
        `\n${BASELINE ? `${build.label} ` : ''}${name}: blocking time median ${median(blockingMs)} ms (runs: ${blockingMs.join(', ')}); busy time median ${median(busy)} ms (runs: ${busy.join(', ')})`,
      );
      runs.forEach(({ tasks, settled }, index) => {
        const quiet =
          settled.quietMs === undefined
            ? `not quiet ${Math.round(WINDOW_MS / 1000)} s after`
            : `quiet at ${(settled.quietMs / 1000).toFixed(1)} s`;
        console.log(
          `  run ${index + 1}: running at ${(settled.runningMs / 1000).toFixed(1)} s, ${quiet}; ${tasks.length} long tasks${tasks.length ? `; longest: ${listed(tasks, 5)}` : ''}`,
        );
      });
    }
  }
} finally {
  for (const build of builds) await build.server.stop();
}
