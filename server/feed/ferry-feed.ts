/**
 * The live ferry feed: its sources (./sources/, chosen by FEED_SOURCE; here default the simulator)
 * sampled on a timer and whenever a source reports new data. Three streams, each announced to its
 * subscribers only when it actually differs from the last sample:
 * - sailings: every sailing the sources know (today and later days), from the first source that
 *   publishes sailings, refined by vessel positions when a real position source runs; a `fallback`
 *   source (the simulator under FEED_SOURCE=auto) serves them only while the real sailings source
 *   has never answered and has failed, and stops as soon as it answers (no restart);
 * - vessels: the simulator's positions only while the simulator is the sailings source, else the
 *   first real source that publishes positions: a simulated vessel never stands in for a real one;
 * - ferries: today's Ferry list (the spec's shape): the simulator's own vessels when it is the
 *   sailings source, else derived from the sailings (./ferries-from-sailings.ts).
 * Lane counts (queueCounts) are the simulator's queue model while the simulator is the sailings
 * source; under a real source there are none (no public source publishes them): the counts come
 * from riders' reports, and where there are none the app says no count is available.
 * `status()` is what GET /api/feed/status answers (src/domain/feed-status.ts).
 *
 * The lists handed out are frozen and stay the same objects until the next change: callers may
 * cache anything derived from them by identity (see ./ferries-json.ts).
 *
 * A sample that throws (a source's data the derivations cannot take) is reported and counted
 * (`sampleFailures()`), and the last good lists stay served: a tick never throws into the timer or
 * the source that called it.
 */
import { FALLBACK_REASON_BCFERRIES, type FeedStatus } from '@/domain/feed-status';
import type { Ferry } from '@/domain/ferry';
import type { Sailing } from '@/domain/sailing';
import type { VesselPosition } from '@/domain/vessel-position';

import { ferriesFromSailings } from './ferries-from-sailings';
import { ferriesJson } from './ferries-json';
import { createSailingRefiner } from './position-derivations';
import { simulate, type QueueCount } from './simulator';
import type { FeedSource, FeedSourceName, SourceStatus } from './sources/feed-source';
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
  /** Vehicles waiting at each of the five queue terminals (the simulator's; none under a real source). */
  queueCounts(): QueueCount[];
  /** Whether lane counts and camera figures are the simulator's (it serves the sailings) at `now`. */
  laneCountsSimulated(now?: number): boolean;
  /** What each source is doing, and whether the simulator stands in (GET /api/feed/status). */
  status(now?: number): FeedStatus;
  /** Called when the status's fallback or staleness changes (sampled with the feed); returns the unsubscribe function. */
  subscribeStatus(listener: (status: FeedStatus) => void): () => void;
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
  /** FEED_SOURCE as configured, for the status; default the sources' names. */
  configured?: string;
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
  const realSailings = sources.find((s) => s.sailings && !s.fallback);
  const fallback = sources.find((s) => s.sailings && s.fallback);
  let refine: ReturnType<typeof createSailingRefiner> | undefined;

  type Active = { sailings: FeedSource | undefined; positions: FeedSource | undefined; fallbackReason: string | null };
  /** Which sources serve at `now`: the fallback only while the real sailings source has never answered and has failed. */
  function active(now: number): Active {
    let sailingSource = realSailings ?? fallback;
    let fallbackReason: string | null = null;
    if (realSailings && fallback) {
      const status = realSailings.status(now);
      if (status.lastSuccessAt === undefined && status.lastError) {
        sailingSource = fallback;
        fallbackReason =
          realSailings.name === 'bcferries' ? FALLBACK_REASON_BCFERRIES : `${realSailings.name} could not be reached`;
      }
    }
    const simulatedSailings = sailingSource?.name === 'simulator';
    const positions = simulatedSailings
      ? sailingSource
      : sources.find((s) => s.vessels && s.name !== 'simulator' && !s.fallback);
    return { sailings: sailingSource, positions, fallbackReason };
  }

  type Sample = {
    sailings: Sailing[];
    vessels: VesselPosition[];
    ferries: Ferry[];
    counts: QueueCount[];
    active: Active;
  };
  // Sources change by the minute (the simulator) or when they report (version): one sample each.
  let version = 0;
  let memo: { key: string; value: Sample } | undefined;

  function sample(now: number): Sample {
    const choice = active(now);
    const key = `${Math.floor(now / 60_000)}|${version}|${choice.sailings?.name ?? ''}|${choice.positions?.name ?? ''}`;
    if (memo?.key === key) return memo.value;
    memo = { key, value: compute(now, choice) };
    return memo.value;
  }

  function compute(now: number, choice: Active): Sample {
    const simulatorSails = choice.sailings?.name === 'simulator';
    const simulated = simulatorSails ? simulate(now) : undefined;
    const vessels = [...(choice.positions?.vessels?.(now) ?? [])];
    const raw = [...(choice.sailings?.sailings?.(now) ?? [])];
    if (choice.positions && choice.positions.name !== 'simulator') refine ??= createSailingRefiner();
    const sailings = refine && choice.positions?.name !== 'simulator' ? refine(raw, vessels, now) : raw;
    const ferries = simulated
      ? simulated.ferries.map((f) => ({
          ...f,
          source: 'simulator' as const,
          observedAt: new Date(Math.floor(now / 60_000) * 60_000).toISOString(),
        }))
      : ferriesFromSailings(sailings, vessels, now);
    return { sailings, vessels, ferries, counts: simulated?.queueCounts ?? [], active: choice };
  }

  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  function statusAt(now: number): FeedStatus {
    const choice = active(now);
    const inUse = (s: FeedSource) => s === choice.sailings || s === choice.positions;
    return {
      configured: opts.configured ?? sources.map((s) => s.name).join(','),
      fallbackReason: choice.fallbackReason,
      simulatedLaneCounts: choice.sailings?.name === 'simulator',
      sources: sources.map((source) => {
        const status: SourceStatus = source.status(now);
        return {
          name: source.name,
          simulated: source.name === 'simulator',
          inUse: inUse(source),
          lastSuccessAt: iso(status.lastSuccessAt),
          lastChangeAt: iso(status.lastChangeAt),
          lastError: status.lastError
            ? { at: new Date(status.lastError.at).toISOString(), message: status.lastError.message }
            : null,
          rowsDropped: status.rowsDropped ?? null,
          routesDropped: status.routesDropped ?? null,
          mmsisSubscribed: status.mmsisSubscribed ? [...status.mmsisSubscribed] : null,
          vesselsHeard: status.vesselsHeard
            ? status.vesselsHeard.map((v) => ({
                mmsi: v.mmsi,
                name: v.name,
                lastHeardAt: new Date(v.lastHeardAt).toISOString(),
              }))
            : null,
          staleSince: iso(status.staleSince),
        };
      }),
    };
  }
  /** What subscribers of the status hear about: the fallback, the staleness and which sources serve. */
  const statusKey = (status: FeedStatus) =>
    JSON.stringify([
      status.fallbackReason,
      status.simulatedLaneCounts,
      status.sources.map((s) => [s.name, s.inUse, s.staleSince]),
    ]);
  const statusListeners = new Set<(status: FeedStatus) => void>();
  let lastStatusKey = statusKey(statusAt(clock()));

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
    if (statusListeners.size === 0) return;
    const status = statusAt(now);
    const key = statusKey(status);
    if (key === lastStatusKey) return;
    lastStatusKey = key;
    for (const listener of [...statusListeners]) {
      try {
        listener(status);
      } catch (error) {
        report(error);
      }
    }
  }

  return {
    current: () => ferries.value,
    sailings: () => sailings.value,
    vessels: () => vessels.value,
    sourceNames: () => sources.map((s) => s.name),
    queueCounts: () => counts.value,
    laneCountsSimulated: (now = clock()) => active(now).sailings?.name === 'simulator',
    status: (now = clock()) => statusAt(now),
    subscribeStatus(listener) {
      if (statusListeners.size === 0) lastStatusKey = statusKey(statusAt(clock()));
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
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
