/**
 * The live ferry feed: the simulator (./simulator.ts) sampled on a timer. Subscribers hear about a
 * change only when the ferries (or the lane counts) actually differ from the last sample, so a tick
 * every few seconds costs nothing on the wire while the simulated minute is unchanged.
 *
 * The lists handed out are frozen and stay the same objects until the next change: callers may
 * cache anything derived from them by identity (see ./ferries-json.ts).
 */
import type { Ferry } from '@/domain/ferry';
import { ferriesJson } from './ferries-json';
import { simulate, type QueueCount } from './simulator';

export type { QueueCount } from './simulator';

export interface FerryFeed {
  /** Every vessel, earliest next departure first (clients show the first as "next ferry"). */
  current(): Ferry[];
  /** Vehicles waiting at each of the five queue terminals. */
  queueCounts(): QueueCount[];
  /** Called with the new list after each change; returns the unsubscribe function. */
  subscribe(listener: (ferries: Ferry[]) => void): () => void;
  /** Called with the new counts after each change; returns the unsubscribe function. */
  subscribeQueueCounts(listener: (counts: QueueCount[]) => void): () => void;
  /** Samples the simulator at `now` (default: the feed's clock) and notifies on change. */
  tick(now?: number): void;
  /** Ticks every `tickMs` until stop(); the timer does not keep the process alive. */
  start(): void;
  stop(): void;
}

export interface FerryFeedOptions {
  now?: () => number;
  tickMs?: number;
  /** Where a throwing subscriber is reported; the other subscribers are still called. */
  onListenerError?: (error: unknown) => void;
}

const DEFAULT_TICK_MS = 5_000;

function freezeAll<T extends object>(items: T[]): T[] {
  for (const item of items) Object.freeze(item);
  return Object.freeze(items) as T[];
}

export function createFerryFeed(opts: FerryFeedOptions = {}): FerryFeed {
  const clock = opts.now ?? Date.now;
  const tickMs = opts.tickMs ?? DEFAULT_TICK_MS;
  const report = opts.onListenerError ?? ((error: unknown) => console.error('ferry feed subscriber failed', error));
  const ferryListeners = new Set<(ferries: Ferry[]) => void>();
  const countListeners = new Set<(counts: QueueCount[]) => void>();

  const first = simulate(clock());
  let ferries = freezeAll(first.ferries);
  let counts = freezeAll(first.queueCounts);
  let countsJson = JSON.stringify(counts);
  let timer: NodeJS.Timeout | undefined;

  function notify<T>(listeners: Set<(value: T) => void>, value: T): void {
    for (const listener of [...listeners]) {
      try {
        listener(value);
      } catch (error) {
        report(error);
      }
    }
  }

  function tick(now: number = clock()): void {
    const next = simulate(now);
    const nextFerries = freezeAll(next.ferries);
    if (ferriesJson(nextFerries) !== ferriesJson(ferries)) {
      ferries = nextFerries;
      notify(ferryListeners, ferries);
    }
    const nextCountsJson = JSON.stringify(next.queueCounts);
    if (nextCountsJson !== countsJson) {
      counts = freezeAll(next.queueCounts);
      countsJson = nextCountsJson;
      notify(countListeners, counts);
    }
  }

  return {
    current: () => ferries,
    queueCounts: () => counts,
    subscribe(listener) {
      ferryListeners.add(listener);
      return () => ferryListeners.delete(listener);
    },
    subscribeQueueCounts(listener) {
      countListeners.add(listener);
      return () => countListeners.delete(listener);
    },
    tick,
    start() {
      if (timer) return;
      timer = setInterval(() => tick(), tickMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
