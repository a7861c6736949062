/**
 * Lighthouse 12 (mobile preset: simulated slow 4G and 4× CPU slowdown on a Moto G Power viewport)
 * on /app and /landing of the production server, LIGHTHOUSE_RUNS runs each (default 3), one fresh
 * Chromium per run; prints each run and the median of every figure. Also prints the JavaScript the
 * phone fetched until /app was idle (Lighthouse waits for network and CPU quiet), both as sent on the
 * wire and gzipped from dist/ (the budget is in gzipped bytes whatever the encoding).
 *
 * Run after `npm run build`: `npx tsx bench/lighthouse.ts`. LIGHTHOUSE_CPU=16 slows the simulated CPU
 * 16× instead of 4× (the network stays the preset's). CHROME_PATH overrides /usr/bin/chromium;
 * LIGHTHOUSE_RUNS and LIGHTHOUSE_PAGES (comma-separated paths) narrow a run; LIGHTHOUSE_SHIFTS=1
 * lists the elements behind each layout shift; LIGHTHOUSE_REPORTS=DIR keeps each run's full report
 * (LCP element, critical request chains, long tasks, unused JS) and its trace as JSON in DIR.
 * LIGHTHOUSE_BASELINE=DIR (another build's dist/, e.g. from a worktree of an older commit, with its
 * dist-ssr/ beside it: without it that build's /app has no server-rendered first screen) serves that
 * build too and interleaves the runs (baseline, current, current, baseline, …): on a shared machine
 * the spread between runs of one build is wider than most changes, so a before/after is read only
 * from runs made side by side.
 * LIGHTHOUSE_FLOOR=1 scores the floors too, the same way (bench/bare-page.ts): a bare React page of
 * one button on this stack, and a blank page of one line with no script: what no page can beat on this
 * host at this CPU setting.
 * Not a pass/fail test: the figures go to bench/README.md.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { serveBarePage } from './bare-page';
import { startProductionServer } from './production-server';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/app,/landing').split(',');
const FLOOR = Boolean(process.env.LIGHTHOUSE_FLOOR);
/** LIGHTHOUSE_CPU=16 (or 32): the mobile preset's simulated slow 4G with the CPU slowed that much instead of 4×. */
const CPU = process.env.LIGHTHOUSE_CPU ? Number(process.env.LIGHTHOUSE_CPU) : undefined;
const MOBILE_SLOW_4G = {
  rttMs: 150,
  throughputKbps: 1.6 * 1024,
  requestLatencyMs: 150 * 3.75,
  downloadThroughputKbps: 1.6 * 1024 * 0.9,
  uploadThroughputKbps: 750 * 0.9,
};
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
];

interface RunFigures {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptWireBytes: number;
  scriptGzipBytes: number;
  scriptFiles: number;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function gzippedFromDist(url: string, dist: string): number {
  const file = path.join(dist, new URL(url).pathname);
  return existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP): such a run is retried, never averaged in. */
const MAX_ATTEMPTS = 3;

async function runOnce(url: string, dist: string): Promise<RunFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measureOnce(url, dist);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw error;
      console.log(`    (run failed, measured again: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

/** `dist`: the build the server serves, to weigh its scripts gzipped. */
async function measureOnce(url: string, dist: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(CPU ? { throttling: { ...MOBILE_SLOW_4G, cpuSlowdownMultiplier: CPU } } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.code);
    const { audits, categories } = result.lhr;
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(result.lhr));
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace)
        writeFileSync(
          path.join(process.env.LIGHTHOUSE_REPORTS, name.replace(/\.json$/, '.trace.json')),
          JSON.stringify(trace),
        );
    }
    const network = (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const scripts = network.filter((r) => r.resourceType === 'Script' && r.url.startsWith(new URL(url).origin));
    if (process.env.LIGHTHOUSE_SHIFTS) {
      const shifts =
        (
          audits['layout-shifts']?.details as
            { items?: { node?: { snippet?: string; selector?: string }; score?: number }[] } | undefined
        )?.items ?? [];
      for (const shift of shifts)
        console.log(
          `    shift ${shift.score?.toFixed(3)} ${shift.node?.selector ?? ''} ${shift.node?.snippet?.slice(0, 120) ?? ''}`,
        );
    }
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      scriptWireBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      scriptGzipBytes: scripts.reduce((sum, r) => sum + gzippedFromDist(r.url, dist), 0),
      scriptFiles: scripts.length,
    };
  } finally {
    chrome.kill();
  }
}

const format = (f: RunFigures) =>
  `perf ${f.performance}  FCP ${(f.fcpMs / 1000).toFixed(2)} s  LCP ${(f.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(f.tbtMs)} ms  CLS ${f.cls.toFixed(3)}  ` +
  `JS until idle ${(f.scriptGzipBytes / 1024).toFixed(1)} KB gzipped (${(f.scriptWireBytes / 1024).toFixed(1)} KB on the wire, ${f.scriptFiles} files)`;

if (!existsSync(path.join('dist', 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}
const baselineDir = process.env.LIGHTHOUSE_BASELINE;
if (baselineDir && !existsSync(path.join(baselineDir, 'index.html'))) {
  console.error(`LIGHTHOUSE_BASELINE=${baselineDir} has no index.html: point it at another build's dist/.`);
  process.exit(1);
}
const builds = [{ label: 'current', dist: 'dist', server: await startProductionServer() }];
if (baselineDir)
  builds.unshift({
    label: 'baseline',
    dist: baselineDir,
    server: await startProductionServer({ staticDir: baselineDir }),
  });

const floor = FLOOR ? await serveBarePage() : undefined;

const medianOf = (runs: RunFigures[]) =>
  Object.fromEntries(
    (Object.keys(runs[0]!) as (keyof RunFigures)[]).map((key) => [key, median(runs.map((r) => r[key]))]),
  ) as unknown as RunFigures;

try {
  console.log(
    `Lighthouse ${RUNS}× per page${baselineDir ? ' and build (interleaved)' : ''}, mobile preset${CPU ? `, CPU ${CPU}×` : ''}, load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}, against ${builds.map((b) => b.server.origin).join(' and ')}`,
  );
  // One unmeasured load first so the server's first-request work (database warm-up) is not in run 1.
  for (const build of builds) await fetch(`${build.server.origin}/api/ferries`);
  for (const page of PAGES) {
    const runs = new Map(builds.map((build) => [build.label, [] as RunFigures[]]));
    for (let i = 0; i < RUNS; i += 1) {
      // Alternate which build goes first, so neither always runs on a machine the other just warmed.
      for (const build of i % 2 ? [...builds].reverse() : builds) {
        const figures = await runOnce(build.server.origin + page, build.dist);
        runs.get(build.label)!.push(figures);
        console.log(`  ${page}${baselineDir ? ` ${build.label}` : ''} run ${i + 1}: ${format(figures)}`);
      }
    }
    for (const build of builds)
      console.log(
        `  ${page}${baselineDir ? ` ${build.label}` : ''} MEDIAN: ${format(medianOf(runs.get(build.label)!))}`,
      );
  }
  if (floor)
    for (const [name, page] of [
      ['bare React page', '/'],
      ['blank page', '/blank.html'],
    ] as const) {
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await runOnce(floor.origin + page, floor.outDir));
        console.log(`  ${name} run ${i + 1}: ${format(runs.at(-1)!)}`);
      }
      console.log(`  ${name} MEDIAN: ${format(medianOf(runs))}`);
    }
} finally {
  for (const build of builds) await build.server.stop();
  floor?.close();
}
