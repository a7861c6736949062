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

export const FEED_SOURCE_NAMES = ['simulator', 'bcferries', 'ais'] as const;
export type FeedSourceName = (typeof FEED_SOURCE_NAMES)[number];

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

/** Parses `FEED_SOURCE` ("bcferries,ais"): known names, no repeats, at least one. */
export function parseFeedSourceList(value: string): FeedSourceName[] {
  const names = value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  const unknown = names.filter((n) => !(FEED_SOURCE_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new Error(
      `FEED_SOURCE names unknown source(s): ${unknown.join(', ')} (known: ${FEED_SOURCE_NAMES.join(', ')})`,
    );
  const unique = [...new Set(names)] as FeedSourceName[];
  if (unique.length === 0) throw new Error('FEED_SOURCE names no source');
  return unique;
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
