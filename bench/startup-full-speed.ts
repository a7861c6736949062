/**
 * /app's first visit at full speed, the way Lighthouse records it before it simulates a slow phone:
 * per run, from one Chromium trace (Pixel 7 screen, a fresh browser context, the server's HTML),
 * - the time V8 spent compiling on the main thread (functions compiled lazily, the first time each
 *   is called; what the compile hint moves to the streaming compiler, scripts/compile-hints.ts),
 * - the task that evaluates the start-up files and the one that takes the server's HTML over (the
 *   first render, run in the microtasks after home's code has loaded),
 * - the tasks of 10 ms or more after the first paint, and what Lighthouse's simulation at 16× makes
 *   of them: each such task multiplied by 16, its part past 50 ms summed (it drops shorter tasks).
 * STARTUP_RUNS runs (default 8), STARTUP_WAIT_MS of trace after navigation (default 4 s: the first
 * pulls stored and drawn). `STARTUP_BASELINE=<another build's dist>` (its dist-ssr/ beside it) loads
 * that build too, runs interleaved, so a change is read side by side on one machine at one hour.
 *
 * Run after `npm run build`: `npx tsx bench/startup-full-speed.ts`.
 */
import { loadavg } from 'node:os';
import { chromium, devices } from 'playwright';

import { CHROMIUM, startProductionServer } from './production-server';
import { CATEGORIES, mainThread, median, type TraceEvent } from './trace-tasks';

const RUNS = Number(process.env.STARTUP_RUNS ?? 8);
const WAIT_MS = Number(process.env.STARTUP_WAIT_MS ?? 4_000);
const BASELINE = process.env.STARTUP_BASELINE;
/** Lighthouse's simulation keeps a task of 10 ms or more and multiplies it by the CPU slowdown. */
const SIMULATED_MIN_MS = 10;
const SIMULATED_CPU = 16;

interface Figures {
  compileMs: number;
  evaluateMs: number;
  hydrateMs: number;
  tasks: number;
  simulatedBlockingMs: number;
}

function figuresOf(events: TraceEvent[]): Figures {
  const thread = mainThread(events);
  if (!thread) throw new Error('the trace has no renderer main thread');
  const onMain = events.filter(
    (e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined,
  );
  const firstPaint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === thread.pid)?.ts ?? 0;
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const inside = (task: TraceEvent, name: string) =>
    onMain
      .filter((e) => e.name === name && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!)
      .reduce((sum, e) => sum + e.dur!, 0);
  const longest = (pick: (task: TraceEvent) => boolean) =>
    Math.max(0, ...tasks.filter(pick).map((task) => task.dur!)) / 1000;
  const after = tasks.filter((task) => task.ts > firstPaint && task.dur! >= SIMULATED_MIN_MS * 1000);
  return {
    compileMs: onMain.filter((e) => e.name === 'V8.CompileCode').reduce((sum, e) => sum + e.dur!, 0) / 1000,
    evaluateMs: longest((task) => inside(task, 'v8.evaluateModule') > 1000),
    hydrateMs: longest((task) => task.ts > firstPaint && inside(task, 'RunMicrotasks') > task.dur! / 2),
    tasks: after.length,
    simulatedBlockingMs: after.reduce((sum, task) => sum + Math.max(0, (task.dur! / 1000) * SIMULATED_CPU - 50), 0),
  };
}

const format = (f: Figures) =>
  `main-thread compile ${f.compileMs.toFixed(1)} ms, evaluation ${f.evaluateMs.toFixed(1)} ms, first render ${f.hydrateMs.toFixed(1)} ms, ` +
  `${f.tasks} tasks ≥ ${SIMULATED_MIN_MS} ms after first paint (×${SIMULATED_CPU}: ${Math.round(f.simulatedBlockingMs)} ms blocking)`;

const builds = [{ label: 'current', server: await startProductionServer() }];
if (BASELINE) builds.unshift({ label: 'baseline', server: await startProductionServer({ staticDir: BASELINE }) });
const runs = new Map<string, Figures[]>(builds.map((b) => [b.label, []]));
const browser = await chromium.launch(CHROMIUM);
try {
  console.log(
    `/app's first visit at full speed, ${RUNS} runs${BASELINE ? ' per build, interleaved' : ''}; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  for (let run = 0; run < RUNS; run += 1) {
    for (const build of run % 2 ? [...builds].reverse() : builds) {
      const context = await browser.newContext({ ...devices['Pixel 7'] });
      const page = await context.newPage();
      // The page's origin first, so the traced navigation stays in one renderer process.
      await page.goto(`${build.server.origin}/api/config`);
      await browser.startTracing(page, { categories: [...CATEGORIES, 'disabled-by-default-v8.compile'] });
      await page.goto(`${build.server.origin}/app`);
      await page.waitForTimeout(WAIT_MS);
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
        .traceEvents;
      const figures = figuresOf(events);
      runs.get(build.label)!.push(figures);
      console.log(`  ${BASELINE ? `${build.label} ` : ''}run ${run + 1}: ${format(figures)}`);
      await context.close();
    }
  }
  for (const [label, figures] of runs) {
    const mid = (key: keyof Figures) => median(figures.map((f) => f[key]));
    console.log(
      `${BASELINE ? `${label} ` : ''}MEDIAN: ${format({ compileMs: mid('compileMs'), evaluateMs: mid('evaluateMs'), hydrateMs: mid('hydrateMs'), tasks: mid('tasks'), simulatedBlockingMs: mid('simulatedBlockingMs') })}`,
    );
  }
} finally {
  await browser.close();
  for (const build of builds) await build.server.stop();
}
