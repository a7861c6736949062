/**
 * Start-up work that can wait until the page has been quiet: the rest of a week's timetable on a first
 * visit (src/data/sailings-and-vessels.ts). Resolves once no long task (50 ms or more) has run for
 * `quietMs`, or at the latest `latestMs` after asking: a phone that never goes quiet (home's ticking
 * cards are long tasks at a slow phone's speed, bench/README.md) still gets the work done, in its
 * slices. Where the browser reports no long tasks, the page counts as quiet `quietMs` after asking.
 */

/** How long the page must have run no long task. */
export const QUIET_MS = 3_000;

/** The latest the work waits, quiet or not. */
export const LATEST_MS = 10_000;

export function pageQuiet(quietMs: number = QUIET_MS, latestMs: number = LATEST_MS): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let observer: PerformanceObserver | undefined;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(latest);
      observer?.disconnect();
      resolve();
    };
    const latest = setTimeout(done, latestMs);
    const restart = () => {
      clearTimeout(quiet);
      quiet = setTimeout(done, quietMs);
    };
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('longtask')) {
      observer = new PerformanceObserver(restart);
      observer.observe({ type: 'longtask' });
    }
    restart();
  });
}
