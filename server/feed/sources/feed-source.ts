/**
 * One interface for every ferry data source (DESIGN.md "Real data where a public source exists").
 * `FEED_SOURCE` is `auto` (the default) or names the sources to run, comma-separated; `auto` runs
 * BC Ferries, AIS when AIS_API_KEY is set, and the simulator as a fallback (./from-config.ts). The
 * feed (../ferry-feed.ts) combines them: sailings from the first source that publishes sailings,
 * vessel positions from the first that publishes positions, and positions refine the sailings (left
 * the berth, real delay, ETA: ../position-derivations.ts).
 *
 * A source keeps its last good data with the time it observed it; it never invents figures to fill
 * a gap (an outage of BC Ferries does not bring the simulator back). A `fallback` source (the
 * simulator under `auto`) serves only while no other sailings source has ever answered and one has
 * failed; the first good answer replaces it for good, without a restart.
 *
 * Every source reports its `status()` (SourceStatus), read by GET /api/feed/status.
 */
import type { Sailing } from '@/domain/sailing';
import type { VesselPosition } from '@/domain/vessel-position';

import type { FeedSourceName } from '../../feed-source-names';

export type { FeedSourceName };

/**
 * What a source says about itself (times in ms). A field the source does not know or does not report
 * is absent, and the feed status shows it as "not reported"; nothing secret goes in here.
 */
export interface SourceStatus {
  /** When it last answered with usable data. */
  lastSuccessAt?: number;
  /** When what it answered last differed from the answer before (first reading included). */
  lastChangeAt?: number;
  /** Its latest failure (an outage, a refused document, a stream error). */
  lastError?: { at: number; message: string };
  /** Rows and routes of its last document that did not parse and were dropped (document sources). */
  rowsDropped?: number;
  routesDropped?: number;
  /** MMSIs its subscription asks for (stream sources). */
  mmsisSubscribed?: readonly number[];
  /** Vessels heard from, with when each was last heard (stream sources). */
  vesselsHeard?: readonly { mmsi: number; name: string; lastHeardAt: number }[];
  /** Its data has stopped being updated upstream since this instant (src/domain/feed-staleness.ts). */
  staleSince?: number;
}

export interface FeedSource {
  readonly name: FeedSourceName;
  /** Serves only while no other sailings source has answered and one has failed (the simulator under `auto`). */
  readonly fallback?: boolean;
  /** What the source is doing now, at `now` (ms). */
  status(now: number): SourceStatus;
  /** The sailings this source knows at `now` (its last good data); absent when it publishes none. */
  sailings?(now: number): readonly Sailing[];
  /** The vessel positions this source knows at `now`; absent when it publishes none. */
  vessels?(now: number): readonly VesselPosition[];
  /** Called when the source has new data between the feed's ticks; returns the unsubscribe function. */
  onUpdate?(listener: () => void): () => void;
  /** Starts polling or connecting; the timers do not keep the process alive. */
  start(): void;
  stop(): void;
}

/**
 * A small listener set every source uses for onUpdate. A listener that throws is reported and the
 * others are still called: a source's poll or stream handler never fails because of what a
 * listener did with its data.
 */
export function updateListeners(
  onError: (error: unknown) => void = (error) => console.error('feed source listener failed', error),
): { add(listener: () => void): () => void; emit(): void } {
  const listeners = new Set<() => void>();
  return {
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit() {
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}
