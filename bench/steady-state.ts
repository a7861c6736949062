/**
 * Home's steady state on a slow phone: what the page does once it has started, when the rider only
 * watches it (the countdowns and ages ticking every second, the realtime positions, the rotating
 * banners). A phone-sized Chromium opens /app at full speed and waits STEADY_SETTLE_MS (default 30
 * s: the first visit's sync is over), then slows the CPU STEADY_CPU× (default 32: a host 8× slower
 * than this one at Lighthouse's 4×) and records STEADY_TRACE_MS (default 20 s) of the main thread.
 * Prints its long tasks (50 ms or more), their blocking time and the main thread's busy share.
 * A page that is never quiet on a slow phone has no end to its start-up there either.
 *
 * STEADY_RUNS runs (default 3); `STEADY_BASELINE=<another build's dist>` loads that build too, runs
 * interleaved; STEADY_DIR=DIR keeps the traces. Run after `npm run build`: `npx tsx bench/steady-state.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

import { openRunningApp } from './page-settle';
import { startProductionServer, type ProductionServer } from './production-server';
import { blocking, busyMs, CATEGORIES, longTasks, median, type TraceEvent } from './trace-tasks';

const RUNS = Number(process.env.STEADY_RUNS ?? 3);
const CPU = Number(process.env.STEADY_CPU ?? 32);
const SETTLE_MS = Number(process.env.STEADY_SETTLE_MS ?? 30_000);
const TRACE_MS = Number(process.env.STEADY_TRACE_MS ?? 20_000);
const BASELINE = process.env.STEADY_BASELINE;
/** STEADY_DIR=DIR keeps each run's trace there (open it in Chromium's DevTools Performance panel). */
const TRACE_DIR = process.env.STEADY_DIR;

interface Steady {
  longTasks: number;
  blockingMs: number;
  /** The main thread's busy time as a share of the recorded time. */
  busyShare: number;
  longest: number;
}

async function steadyRun(origin: string, traceFile: string | undefined): Promise<Steady> {
  const { browser, page, cdp } = await openRunningApp(origin);
  try {
    await page.waitForTimeout(SETTLE_MS);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (event) => events.push(...(event.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: [...CATEGORIES] } });
    await page.waitForTimeout(TRACE_MS);
    await cdp.send('Tracing.end');
    await complete;
    if (traceFile) writeFileSync(traceFile, JSON.stringify({ traceEvents: events }));
    const first = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
    const tasks = longTasks(events, first);
    return {
      longTasks: tasks.length,
      blockingMs: blocking(tasks),
      busyShare: busyMs(events, first) / TRACE_MS,
      longest: Math.max(0, ...tasks.map((task) => task.ms)),
    };
  } finally {
    await browser.close();
  }
}

const builds: Array<{ label: string; server: ProductionServer; runs: Steady[] }> = [
  { label: 'current', server: await startProductionServer(), runs: [] },
];
if (BASELINE)
  builds.unshift({ label: 'baseline', server: await startProductionServer({ staticDir: BASELINE }), runs: [] });

if (TRACE_DIR) mkdirSync(TRACE_DIR, { recursive: true });
console.log(
  `Home's steady state: ${SETTLE_MS / 1000} s after start at full speed, then ${TRACE_MS / 1000} s with the CPU slowed ${CPU}×; ${RUNS} runs per build`,
);
try {
  for (let run = 0; run < RUNS; run += 1) {
    // Interleaved, and in turn first: a machine whose speed drifts favours neither build.
    const order = run % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) {
      const load = loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
      const steady = await steadyRun(
        build.server.origin,
        TRACE_DIR ? path.join(TRACE_DIR, `${build.label}-${run + 1}.json`) : undefined,
      );
      build.runs.push(steady);
      console.log(
        `  run ${run + 1} ${build.label} (load average ${load}): ${steady.longTasks} long tasks, blocking ${Math.round(steady.blockingMs)} ms, longest ${Math.round(steady.longest)} ms, main thread busy ${(steady.busyShare * 100).toFixed(0)} %`,
      );
    }
  }
  for (const build of builds) {
    const m = (pick: (s: Steady) => number) => median(build.runs.map(pick));
    console.log(
      `${build.label}: medians ${m((s) => s.longTasks)} long tasks, blocking ${Math.round(m((s) => s.blockingMs))} ms, longest ${Math.round(m((s) => s.longest))} ms, busy ${(m((s) => s.busyShare) * 100).toFixed(0)} % of ${TRACE_MS / 1000} s`,
    );
  }
} finally {
  for (const build of builds) await build.server.stop();
}
