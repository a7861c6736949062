/**
 * The main thread as time-sliced work sees it (src/lib/time-slice.ts), under the test's control:
 * `scheduler.yield()` stubbed to count the tasks handed back to the browser. Call
 * `restoreScheduler()` after each test.
 */
const globals = globalThis as { scheduler?: unknown };

/** Counts the tasks the browser got back: each yield goes through scheduler.yield here. */
export function countedYields(): () => number {
  let yields = 0;
  globals.scheduler = {
    yield: () => {
      yields += 1;
      return Promise.resolve();
    },
  };
  return () => yields;
}

export function restoreScheduler(): void {
  delete globals.scheduler;
}
