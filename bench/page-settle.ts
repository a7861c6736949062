/**
 * How the start-up benches (bench/startup-trace.ts, bench/startup-ratio.ts) know a page is running
 * and then quiet, without measuring themselves: Playwright's locators evaluate its selector engine
 * in the page (a ~1 s task at CPU 32×) and poll the accessibility tree on every frame (tasks of
 * 0.5–0.9 s on the landing page), which a trace counts as the page's own. Here the page is asked
 * over the DevTools protocol, once every POLL_MS, a one-line question, and a PerformanceObserver
 * added before the page's own scripts notes when its last long task ended.
 *
 * `loadUntilQuiet` returns once the page is running (its React tree has taken the HTML over: the
 * element the question names carries React's props; /landing's own script marks its card) and no long task has ended for `quietMs`, or
 * once `windowMs` have passed since it was running: the work the page starts after its first screen
 * (the sync's pulls and writes, the service worker) is in the window. On a CPU slowed 32× the page
 * may never be quiet (its clock's and the realtime channel's renders are long tasks there), so the
 * window ends it; the answer says which.
 */
import { chromium, devices, type Browser, type CDPSession, type Page } from 'playwright';

import { CHROMIUM } from './production-server';

const POLL_MS = 500;

/** How long after the page runs a bench waits at most for it to be quiet: 20 s at CPU 4×, in proportion, 60 s at most. */
export const windowAfterRunning = (cpuSlowdown: number) => Math.min(60_000, 20_000 * Math.max(1, cpuSlowdown / 4));

/** A question for the page: is this element there and is React's tree attached to it. */
export function reactOwns(selector: string, text?: RegExp): string {
  const match = text
    ? `.find((e) => ${text.toString()}.test(e.getAttribute('aria-label') ?? e.textContent ?? ''))`
    : '[0]';
  return `(() => { const e = [...document.querySelectorAll(${JSON.stringify(selector)})]${match}; return !!e && Object.keys(e).some((k) => k.startsWith('__reactProps')); })()`;
}

/**
 * /app has taken its HTML over: the Next Ferry card's terminal picker, disabled in the HTML (only the
 * app's code can keep a pick, src/ui/use-app-running.ts), is enabled. Asked of the page, whatever
 * renders it (React's tree, or Preact's, leave different marks on the elements).
 */
export const APP_RUNNING = `(() => { const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === 'Your terminal'); const picker = label && document.getElementById(label.htmlFor); return !!picker && !picker.disabled; })()`;
/**
 * /landing's rotating feature card answers presses: its own script marks the card (no React on the
 * page), or, in builds before it, React's tree owns its pause button.
 */
export const LANDING_RUNNING = `(document.querySelector('[data-rotator-running]') !== null || ${reactOwns('button', /rotation$/)})`;

declare global {
  interface Window {
    __lastLongTaskEnd?: number;
  }
}

/** Notes, in every document the page opens, when its last long task ended (0 until one has). */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__lastLongTaskEnd = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__lastLongTaskEnd = Math.max(window.__lastLongTaskEnd ?? 0, entry.startTime + entry.duration);
    }).observe({ type: 'longtask' });
  });
}

async function ask<T>(cdp: CDPSession, expression: string): Promise<T | undefined> {
  const answer = await cdp.send('Runtime.evaluate', { expression, returnByValue: true }).catch(() => undefined);
  return answer?.result.value as T | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens `url` and waits until `running` is true in the page, then until `quietMs` have passed since then
 * with no long task ending (the page's own clock). Throws after `timeoutMs`. The page needs `watchLongTasks`.
 */
export interface Settled {
  /** From navigation until the page was running (its own clock). */
  runningMs: number;
  /** From navigation until it was quiet; undefined if the window ended first. */
  quietMs?: number;
}

export async function loadUntilQuiet(
  page: Page,
  cdp: CDPSession,
  url: string,
  running: string,
  { quietMs, timeoutMs, windowMs }: { quietMs: number; timeoutMs: number; windowMs: number },
): Promise<Settled> {
  const deadline = Date.now() + timeoutMs;
  await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
  while (!(await ask<boolean>(cdp, running))) {
    if (Date.now() > deadline) throw new Error(`${url} was not running after ${timeoutMs} ms`);
    await sleep(POLL_MS);
  }
  const runningMs = (await ask<number>(cdp, 'performance.now()')) ?? 0;
  for (;;) {
    const [now, lastLong] = (await ask<[number, number]>(
      cdp,
      '[performance.now(), window.__lastLongTaskEnd ?? 0]',
    )) ?? [0, 0];
    const quietSince = Math.max(runningMs, lastLong);
    if (now - quietSince >= quietMs) return { runningMs, quietMs: quietSince };
    if (now - runningMs >= windowMs) return { runningMs };
    await sleep(POLL_MS);
  }
}

/**
 * A phone-sized Chromium (its service worker allowed) on `origin`'s /app, returned once the app runs
 * (asked over DevTools, at most 60 s): home's steady-state benches start from here. Close `browser`
 * when done.
 */
export async function openRunningApp(origin: string): Promise<{ browser: Browser; page: Page; cdp: CDPSession }> {
  const browser = await chromium.launch(CHROMIUM);
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'allow' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${origin}/app`);
  for (let waited = 0; waited < 60_000; waited += POLL_MS) {
    const { result } = await cdp.send('Runtime.evaluate', { expression: APP_RUNNING, returnByValue: true });
    if (result.value === true) break;
    await page.waitForTimeout(POLL_MS);
  }
  return { browser, page, cdp };
}
