/**
 * One interface for every ferry data source (DESIGN.md "Real data where a public source exists").
 * `FEED_SOURCE` names the sources to run, comma-separated (default `simulator`); the feed
 * (../ferry-feed.ts) combines them: sailings from the first source that publishes sailings, vessel
 * positions from the first that publishes positions, and positions refine the sailings (left the
 * berth, real delay, ETA: ../position-derivations.ts).
 *
 * A source keeps its last good data with the time it observed it; it never invents figures to fill
 * a gap (an outage of BC Ferries does not bring the simulator back).
 */
import type { Sailing } from '@/domain/sailing';
import type { VesselPosition } from '@/domain/vessel-position';

import type { FeedSourceName } from '../../feed-source-names';

export type { FeedSourceName };

export interface FeedSource {
  readonly name: FeedSourceName;
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

/** A small listener set every source uses for onUpdate. */
export function updateListeners(): { add(listener: () => void): () => void; emit(): void } {
  const listeners = new Set<() => void>();
  return {
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit() {
      for (const listener of [...listeners]) listener();
    },
  };
}
