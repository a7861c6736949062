/**
 * Offline warm start (target ≤ 400 ms): a phone that has opened /app once (service worker installed,
 * ferries stored) opens it again with no network; the figure is the time from navigation start to
 * the Next Ferry card showing the next sailing ("Departs in N min" or "Now boarding"), as the page
 * itself records it (./next-sailing-probe.ts). Chromium from /usr/bin/chromium at Pixel 7 size, no
 * CPU throttling, with a browser profile on disk in a temporary directory, as a phone's browser has
 * one: Playwright's default context is off the record and keeps no compiled-code cache between
 * page loads (`WARM_START_PROFILE=off-the-record` measures that way). WARM_START_RUNS runs (default
 * 7), median and worst printed.
 *
 * `WARM_START_BASELINE=<another build's dist>` serves that build too, each in its own browser
 * profile, and alternates their runs (A, B, B, A, …): on a noisy machine only such side-by-side
 * figures tell two builds apart.
 *
 * Run after `npm run build`: `npx tsx bench/offline-warm-start.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices, type Browser, type BrowserContext } from 'playwright';

import { nextSailingShownAt, recordNextSailingShown } from './next-sailing-probe';
import { CHROMIUM, startProductionServer, type ProductionServer } from './production-server';

const RUNS = Number(process.env.WARM_START_RUNS ?? 7);
const ON_DISK = process.env.WARM_START_PROFILE !== 'off-the-record';
const BASELINE = process.env.WARM_START_BASELINE;

interface Build {
  label: string;
  server: ProductionServer;
  profileDir: string;
  browser?: Browser;
  context?: BrowserContext;
  times: number[];
}

/** Starts the build's server and a phone that has opened /app once online, then goes offline. */
async function warmUp(label: string, staticDir?: string): Promise<Build> {
  const build: Build = {
    label,
    server: await startProductionServer({ staticDir }),
    profileDir: mkdtempSync(join(tmpdir(), 'deckhand-warm-start-')),
    times: [],
  };
  const contextOptions = { ...devices['Pixel 7'], serviceWorkers: 'allow' as const, baseURL: build.server.origin };
  if (ON_DISK) {
    build.context = await chromium.launchPersistentContext(build.profileDir, { ...CHROMIUM, ...contextOptions });
  } else {
    build.browser = await chromium.launch(CHROMIUM);
    build.context = await build.browser.newContext(contextOptions);
  }
  const context = build.context;
  await recordNextSailingShown(context);
  const first = await context.newPage();
  await first.goto('/app');
  await first.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await first.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await first.reload();
  await first.waitForFunction(
    () => Boolean(navigator.serviceWorker.controller) && window.__nextSailingShownAt !== undefined,
    undefined,
    { timeout: 60_000 },
  );
  await first.close();
  await context.setOffline(true);
  return build;
}

async function measureOnce(build: Build): Promise<void> {
  const page = await build.context!.newPage();
  await page.goto('/app');
  build.times.push(await nextSailingShownAt(page));
  await page.close();
}

async function stop(build: Build): Promise<void> {
  await build.context?.close();
  await build.browser?.close();
  await build.server.stop();
  rmSync(build.profileDir, { recursive: true, force: true });
}

const builds: Build[] = [];
try {
  if (BASELINE) builds.push(await warmUp('baseline', BASELINE));
  builds.push(await warmUp(BASELINE ? 'current' : 'this build'));
  for (let i = 0; i < RUNS; i += 1) {
    for (const build of i % 2 === 0 ? builds : [...builds].reverse()) await measureOnce(build);
  }
  console.log(
    `Offline warm start to the next sailing on screen (target ≤ 400 ms), ${RUNS} runs${BASELINE ? ' per build, interleaved' : ''}, ${ON_DISK ? 'profile on disk' : 'off-the-record profile'}`,
  );
  for (const { label, times } of builds) {
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `  ${label}: median ${Math.round(median)} ms, worst ${Math.round(sorted.at(-1)!)} ms (${sorted.map((t) => Math.round(t)).join(', ')})`,
    );
  }
} finally {
  for (const build of builds) await stop(build);
}
