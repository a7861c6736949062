/**
 * Long start-up work cut by elapsed time, not by count: a slow phone runs the same 60 rows in 100 ms
 * that a fast one runs in 8, so a fixed count is either too much there or too little here. Work runs
 * until SLICE_MS have gone by, then hands the main thread back to the browser (input, paint) and goes
 * on in a task of its own: `scheduler.yield()` where the browser has it (the rest keeps its place
 * ahead of other queued work), else a message-channel task (no timer clamping).
 *
 * - `eachInSlices`: plain work over a list (no IndexedDB transaction open across it).
 * - `inTimedBatches`: writes inside one IndexedDB transaction, which commits if a task passes with
 *   no request pending, so it cannot yield to the browser; each batch is instead started from the
 *   previous batch's completion event (a task of its own), and sized from what the previous batch
 *   cost, so each task stays near SLICE_MS whatever the phone.
 */

/**
 * A slice's length: well under a long task's 50 ms on any phone, and short enough that a lab run
 * which measures at full speed and scales each task by the slowdown (Lighthouse drops tasks under
 * 10 ms from its simulation and multiplies the rest) counts no slice as blocking (bench/README.md).
 */
export const SLICE_MS = 4;

interface Scheduler {
  yield?: () => Promise<void>;
}

/** Calls `then` in a task of its own, queued behind the current one (a message-channel task: no timer clamping). */
function inNextTask(then: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    then();
  };
  channel.port2.postMessage(null);
}

/** Hands the main thread back to the browser (input, paint), then resolves in a task of its own. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => inNextTask(resolve));
}

/** A slice of main-thread time: `expired()` once `budgetMs` have gone by since it (re)started. */
export interface TimeSlice {
  expired(): boolean;
  /** Yields to the browser if the slice has expired, and starts a new one after. */
  yieldIfExpired(): Promise<void>;
}

export function timeSlice(budgetMs: number = SLICE_MS): TimeSlice {
  let started = performance.now();
  const expired = () => performance.now() - started >= budgetMs;
  return {
    expired,
    async yieldIfExpired() {
      if (!expired()) return;
      await yieldToMain();
      started = performance.now();
    },
  };
}

/** Runs `work` on each item in order, yielding to the browser whenever a slice of `budgetMs` has gone by. */
export async function eachInSlices<T>(
  items: Iterable<T>,
  work: (item: T) => void,
  budgetMs: number = SLICE_MS,
): Promise<void> {
  const slice = timeSlice(budgetMs);
  for (const item of items) {
    await slice.yieldIfExpired();
    work(item);
  }
}

/** How much a batch may grow over the one before (see `inTimedBatches`). */
const GROWTH = 1.5;

/** Rows in the first batch, before any cost has been measured: small enough for the slowest phone. */
export const FIRST_BATCH_ROWS = 8;

/**
 * The fewest rows a batch holds, whatever it measured: each batch is a round trip to IndexedDB while
 * its transaction holds the table, and a busy phone's measure (other work preempting the page) can
 * be far above what the rows cost (a batch of a long list then holds its table for 20 ms or more).
 */
export const MIN_BATCH_ROWS = 8;

/**
 * Calls `write` on successive batches of `rows`, each after the previous one's promise settled. Each
 * batch's size comes from the measured cost of the one before, per row, so each takes about
 * `budgetMs`; it grows by at most half from one batch to the next (a row's cost varies from batch to
 * batch, and doubling let a batch sized from a cheap one run several times over). The cost is the
 * main-thread time of the task that started the batch, from `write` until that task ends: what
 * `write` does at once (where IndexedDB copies the rows) and what runs after it in the same task's
 * microtasks, which belongs to that task's length as much. It is read in a task queued behind it, so
 * work the browser runs in between counts too: on a busy phone batches err small, never large.
 */
export async function inTimedBatches<T>(
  rows: readonly T[],
  write: (batch: T[]) => Promise<unknown>,
  budgetMs: number = SLICE_MS,
): Promise<void> {
  let size = FIRST_BATCH_ROWS;
  let start = 0;
  while (start < rows.length) {
    const batch = rows.slice(start, start + size);
    const begun = performance.now();
    // Read in a callback, not awaited: inside an IndexedDB transaction only its own requests may be awaited.
    let taskEnded: number | undefined;
    inNextTask(() => (taskEnded = performance.now()));
    const written = write(batch);
    start += batch.length;
    await written;
    const costMs = (taskEnded ?? performance.now()) - begun;
    const perRow = costMs / batch.length;
    const fits = perRow > 0 ? Math.floor(budgetMs / perRow) : Infinity;
    size = Math.max(MIN_BATCH_ROWS, Math.min(Math.ceil(size * GROWTH), fits));
  }
}
