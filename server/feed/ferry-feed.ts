/**
 * The live ferry feed: its sources (./sources/, chosen by FEED_SOURCE; default the simulator)
 * sampled on a timer and whenever a source reports new data. Three streams, each announced to its
 * subscribers only when it actually differs from the last sample:
 * - sailings: every sailing the sources know (today and later days), from the first source that
 *   publishes sailings, refined by vessel positions when a position source runs;
 * - vessels: positions from the first source that publishes them;
 * - ferries: today's Ferry list (the spec's shape): the simulator's own vessels when it is the
 *   sailings source, else derived from the sailings (./ferries-from-sailings.ts).
 * Lane counts (queueCounts) are the simulator's queue model at every terminal.
 *
 * The lists handed out are frozen and stay the same objects until the next change: callers may
 * cache anything derived from them by identity (see ./ferries-json.ts).
 *
 * A sample that throws (a source's data the derivations cannot take) is reported and counted
 * (`sampleFailures()`), and the last good lists stay served: a tick never throws into the timer or
 * the source that called it.
 */
import type { Ferry } from '@/domain/ferry';
import type { Sailing } from '@/domain/sailing';
import type { VesselPosition } from '@/domain/vessel-position';

import { ferriesFromSailings } from './ferries-from-sailings';
import { ferriesJson } from './ferries-json';
import { createSailingRefiner } from './position-derivations';
import { simulate, type QueueCount } from './simulator';
import type { FeedSource, FeedSourceName } from './sources/feed-source';
import { createSimulatorSource } from './sources/simulator-source';

export type { QueueCount } from './simulator';

export interface FerryFeed {
  /** Every vessel, earliest next departure first (clients show the first as "next ferry"). */
  current(): Ferry[];
  /** Every sailing known, today's and later days', earliest scheduled departure first. */
  sailings(): Sailing[];
  /** The latest position of each vessel a source reports. */
  vessels(): VesselPosition[];
  /** The sources this feed runs, in FEED_SOURCE order. */
  sourceNames(): FeedSourceName[];
  /** Vehicles waiting at each of the five queue terminals. */
  queueCounts(): QueueCount[];
  /** Samples that threw since the feed was made (their last good lists were kept). */
  sampleFailures(): number;
  /** Called with the new list after each change; returns the unsubscribe function. */
  subscribe(listener: (ferries: Ferry[]) => void): () => void;
  subscribeSailings(listener: (sailings: Sailing[]) => void): () => void;
  subscribeVessels(listener: (vessels: VesselPosition[]) => void): () => void;
  /** Called with the new counts after each change; returns the unsubscribe function. */
  subscribeQueueCounts(listener: (counts: QueueCount[]) => void): () => void;
  /** Samples the sources at `now` (default: the feed's clock) and notifies on change. */
  tick(now?: number): void;
  /** Starts the sources and ticks every `tickMs` until stop(); the timer does not keep the process alive. */
  start(): void;
  stop(): void;
}

export interface FerryFeedOptions {
  now?: () => number;
  tickMs?: number;
  /** The sources to combine; default the simulator alone. */
  sources?: readonly FeedSource[];
  /** Where a throwing subscriber is reported; the other subscribers are still called. */
  onListenerError?: (error: unknown) => void;
  /** Where a sample that throws is reported (default: console.error); the last good lists are kept. */
  onSampleError?: (error: unknown) => void;
}

const DEFAULT_TICK_MS = 5_000;

function freezeAll<T extends object>(items: T[]): T[] {
  for (const item of items) Object.freeze(item);
  return Object.freeze(items) as T[];
}

class Stream<T extends object> {
  private readonly listeners = new Set<(value: T[]) => void>();
  private json: string;
  constructor(
    public value: T[],
    private readonly serialise: (value: T[]) => string = JSON.stringify,
  ) {
    this.value = freezeAll(value);
    this.json = serialise(this.value);
  }
  subscribe(listener: (value: T[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  /** Takes `next` and tells the listeners when it differs from the current value. */
  offer(next: T[], report: (error: unknown) => void): void {
    if (next === this.value) return;
    const frozen = freezeAll(next);
    const json = this.serialise(frozen);
    if (json === this.json) return;
    this.value = frozen;
    this.json = json;
    for (const listener of [...this.listeners]) {
      try {
        listener(frozen);
      } catch (error) {
        report(error);
      }
    }
  }
}

export function createFerryFeed(opts: FerryFeedOptions = {}): FerryFeed {
  const clock = opts.now ?? Date.now;
  const tickMs = opts.tickMs ?? DEFAULT_TICK_MS;
  const report = opts.onListenerError ?? ((error: unknown) => console.error('ferry feed subscriber failed', error));
  const reportSample =
    opts.onSampleError ?? ((error: unknown) => console.error('ferry feed sample failed; keeping the last one', error));
  let sampleFailures = 0;
  const sources = opts.sources ?? [createSimulatorSource()];
  const sailingSource = sources.find((s) => s.sailings);
  const positionSource = sources.find((s) => s.vessels);
  const simulatorSails = sailingSource?.name === 'simulator';
  const refine =
    positionSource !== undefined && positionSource.name !== 'simulator' ? createSailingRefiner() : undefined;

  type Sample = { sailings: Sailing[]; vessels: VesselPosition[]; ferries: Ferry[]; counts: QueueCount[] };
  // Sources change by the minute (the simulator) or when they report (version): one sample each.
  let version = 0;
  let memo: { key: string; value: Sample } | undefined;

  function sample(now: number): Sample {
    const key = `${Math.floor(now / 60_000)}|${version}`;
    if (memo?.key === key) return memo.value;
    memo = { key, value: compute(now) };
    return memo.value;
  }

  function compute(now: number): Sample {
    const simulated = simulate(now);
    const vessels = [...(positionSource?.vessels?.(now) ?? [])];
    const raw = [...(sailingSource?.sailings?.(now) ?? [])];
    const sailings = refine ? refine(raw, vessels, now) : raw;
    const ferries = simulatorSails
      ? simulated.ferries.map((f) => ({
          ...f,
          source: 'simulator' as const,
          observedAt: new Date(Math.floor(now / 60_000) * 60_000).toISOString(),
        }))
      : ferriesFromSailings(sailings, vessels, now);
    return { sailings, vessels, ferries, counts: simulated.queueCounts };
  }

  const first = sample(clock());
  const ferries = new Stream<Ferry>(first.ferries, ferriesJson);
  const sailings = new Stream<Sailing>(first.sailings);
  const vessels = new Stream<VesselPosition>(first.vessels);
  const counts = new Stream<QueueCount>(first.counts);
  let timer: NodeJS.Timeout | undefined;
  // A source's new data (a poll answered, a position heard) is sampled at once, started or not.
  for (const source of sources) {
    source.onUpdate?.(() => {
      version += 1;
      tick();
    });
  }

  function tick(now: number = clock()): void {
    let next: Sample;
    try {
      next = sample(now);
    } catch (error) {
      sampleFailures += 1;
      reportSample(error);
      return;
    }
    sailings.offer(next.sailings, report);
    vessels.offer(next.vessels, report);
    ferries.offer(next.ferries, report);
    counts.offer(next.counts, report);
  }

  return {
    current: () => ferries.value,
    sailings: () => sailings.value,
    vessels: () => vessels.value,
    sourceNames: () => sources.map((s) => s.name),
    queueCounts: () => counts.value,
    sampleFailures: () => sampleFailures,
    subscribe: (listener) => ferries.subscribe(listener),
    subscribeSailings: (listener) => sailings.subscribe(listener),
    subscribeVessels: (listener) => vessels.subscribe(listener),
    subscribeQueueCounts: (listener) => counts.subscribe(listener),
    tick,
    start() {
      if (timer) return;
      for (const source of sources) source.start();
      timer = setInterval(() => tick(), tickMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      for (const source of sources) source.stop();
    },
  };
}
