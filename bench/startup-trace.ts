/**
 * The start-up's main-thread tasks, from a Chromium performance trace: a phone (Pixel 7 screen, CPU
 * slowed 4× through DevTools, as Lighthouse's mobile preset simulates it) opens /app for the first
 * time (the server's HTML), /landing, and /app again once the service worker has it (the build's
 * shell and the device's data); the trace runs from navigation until TRACE_SETTLE_MS after the app
 * has taken the page over, so the work started after the first screen (sync, service worker) is in
 * it. Prints, per page, the tasks of 50 ms or more (a "long task") with what took most of each
 * (script evaluation and its file, a function call, a timer, layout, React's scheduler message…),
 * and their blocking time (the part of each past 50 ms, summed). TRACE_RUNS runs (default 3);
 * `TRACE_BASELINE=<another build's dist>` traces that build too, runs interleaved.
 *
 * Run after `npm run build`: `npx tsx bench/startup-trace.ts`. TRACE_DIR=DIR keeps each trace (open it
 * in Chromium's DevTools Performance panel).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, devices, type Page } from 'playwright';

import { startProductionServer, type ProductionServer } from './production-server';

const RUNS = Number(process.env.TRACE_RUNS ?? 3);
const SETTLE_MS = Number(process.env.TRACE_SETTLE_MS ?? 5_000);
const BASELINE = process.env.TRACE_BASELINE;
const TRACE_DIR = process.env.TRACE_DIR;
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const CHROMIUM = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
};
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
];

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string; frame?: string } };
}

interface LongTask {
  ms: number;
  startMs: number;
  what: string;
}

/** The renderer's main thread that ran the page: the CrRendererMain thread with the most script. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | undefined {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best: { pid: number; tid: number; script: number } | undefined;
  for (const thread of mains) {
    const script = events.filter(
      (e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'EvaluateScript',
    ).length;
    if (!best || script > best.script) best = { pid: thread.pid, tid: thread.tid, script };
  }
  return best;
}

const shortUrl = (url = '') => url.replace(/^https?:\/\/[^/]+/, '') || 'the page';

/** Trace events that say what a task did (the scheduler's wrappers around them say nothing). */
const MEANINGFUL = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'MajorGC',
  'MinorGC',
  'XHRLoad',
  'HandlePostMessage',
]);

/** What took most of a task: its longest meaningful part, named with its script and function where it has them. */
function describe(task: TraceEvent, inside: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const parts = inside.filter(
    (e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e !== task && MEANINGFUL.has(e.name),
  );
  // The outermost script entry (a microtask run holds the function calls it made).
  parts.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0) || a.ts - b.ts);
  const top = parts.find((e) => e.name !== 'RunMicrotasks') ?? parts[0];
  if (!top) return 'no recorded part';
  const data = top.args?.data;
  const where = data?.url
    ? ` ${shortUrl(data.url)}${data.functionName ? ` ${data.functionName}()` : ''}`
    : data?.type
      ? ` ${data.type}`
      : '';
  return `${top.name}${where} ${Math.round((top.dur ?? 0) / 1000)} ms`;
}

function longTasks(events: TraceEvent[], navigationTs: number): LongTask[] {
  const thread = mainThread(events);
  if (!thread) return [];
  const onMain = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
  const tasks = onMain.filter(
    (e) => e.name === 'RunTask' && (e.dur ?? 0) >= LONG_TASK_MS * 1000 && e.ts >= navigationTs,
  );
  return tasks
    .map((task) => ({
      ms: (task.dur ?? 0) / 1000,
      startMs: (task.ts - navigationTs) / 1000,
      what: describe(task, onMain),
    }))
    .sort((a, b) => b.ms - a.ms);
}

async function appRunning(page: Page, path: string): Promise<void> {
  const name = path === '/landing' ? 'Start 7-day free Premium trial' : /^Notifications/;
  await page.getByRole('button', { name }).waitFor({ timeout: 60_000 });
}

async function traceLoad(page: Page, url: string, pagePath: string, file?: string): Promise<LongTask[]> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: CATEGORIES });
  const navigationTs = await page.evaluate(() => performance.timeOrigin * 1000).catch(() => 0);
  await page.goto(url);
  await appRunning(page, pagePath);
  await page.waitForTimeout(SETTLE_MS);
  const buffer = await browser.stopTracing();
  if (file) writeFileSync(file, buffer);
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  // The navigation's start in the trace's clock: the first event of the new document's main thread.
  const navigationStart = events.find((e) => e.name === 'navigationStart' && e.ts > 0)?.ts ?? navigationTs;
  return longTasks(events, navigationStart);
}

interface Build {
  label: string;
  server: ProductionServer;
  results: Map<string, LongTask[][]>;
}

async function runBuild(build: Build, run: number): Promise<void> {
  const browser = await chromium.launch(CHROMIUM);
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'allow' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const file = (name: string) => (TRACE_DIR ? path.join(TRACE_DIR, `${build.label}-${name}-${run}.json`) : undefined);
    const record = (name: string, tasks: LongTask[]) => {
      const runs = build.results.get(name) ?? [];
      runs.push(tasks);
      build.results.set(name, runs);
    };
    record('/app first visit', await traceLoad(page, `${build.server.origin}/app`, '/app', file('app-first')));
    record('/landing', await traceLoad(page, `${build.server.origin}/landing`, '/landing', file('landing')));
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    record('/app warm (service worker)', await traceLoad(page, `${build.server.origin}/app`, '/app', file('app-warm')));
  } finally {
    await browser.close();
  }
}

const blocking = (tasks: LongTask[]) => tasks.reduce((sum, task) => sum + task.ms - LONG_TASK_MS, 0);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

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
    const tasks = longTasks(events, events.find((e) => e.name === 'navigationStart' && e.ts > 0)?.ts ?? 0);
    console.log(`${file}: ${tasks.length} long tasks, blocking ${Math.round(blocking(tasks))} ms; ${listed(tasks, 8)}`);
  }
  process.exit(0);
}

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
    `Start-up trace, ${RUNS} runs per build, CPU slowed ${CPU_SLOWDOWN}×, Pixel 7 screen; load average ${(
      await import('node:os')
    )
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const build of builds) await fetch(`${build.server.origin}/api/ferries`);
  for (let i = 0; i < RUNS; i += 1) {
    for (const build of i % 2 ? [...builds].reverse() : builds) await runBuild(build, i + 1);
  }
  for (const build of builds) {
    for (const [name, runs] of build.results) {
      console.log(
        `\n${BASELINE ? `${build.label} ` : ''}${name}: blocking time median ${Math.round(median(runs.map(blocking)))} ms (runs: ${runs.map((r) => Math.round(blocking(r))).join(', ')})`,
      );
      runs.forEach((tasks, index) => {
        console.log(
          `  run ${index + 1}: ${tasks.length} long tasks${tasks.length ? `; longest: ${listed(tasks, 5)}` : ''}`,
        );
      });
    }
  }
} finally {
  for (const build of builds) await build.server.stop();
}
