/**
 * Community queue data (rider-core §3, §9): from the counts the realtime node queue_history/{terminal}
 * holds, the last 10 counts kept and the last 5 shown, their median, and the median wait.
 *
 * The median wait is a wait, so it follows the one wait rule (./capacity.ts arrivingCarWait): a car
 * joining the lane behind the median of the last counts waits for the sailing that carries it, so the
 * figure is bounded by the sailings and agrees with the sailing waits on home. (The spec's "mean count
 * × 2 minutes" gave 321 minutes beside "1 sailing wait"; docs/DESIGN.md, "Every departure from the spec".) The
 * median, not the mean: one odd count does not move it. When the listed sailings cannot carry that
 * many cars there is no figure: the card says so.
 */
import { arrivingCarWait, type ArrivingCarWait } from './capacity';
import { FROM_LANE_COUNTS_LABEL, LANE_COUNTS_LABEL } from './figure-label';
import type { UpcomingSailing } from './queue-estimate';

/** rider-core §9's 2 minutes per car: only how a rider's reported wait becomes a lane count, never a wait shown. */
export const WAIT_MINUTES_PER_CAR = 2;
export const COMMUNITY_COUNTS_KEPT = 10;
export const COMMUNITY_COUNTS_SHOWN = 5;

export interface CommunityQueueData {
  /** Median of the kept counts (cars); null with none. */
  medianCount: number | null;
  /** Newest last, at most COMMUNITY_COUNTS_KEPT. */
  recentCounts: number[];
  /** Epoch ms of the newest count, or null with none. */
  lastUpdate: number | null;
  /** Of the kept counts, how many riders reported (the others are the simulator's lane counts). */
  riderReported: number;
}

export function communityQueueData(
  entries: ReadonlyArray<{ vehicleCount: number; timestamp: number; userReported?: boolean }>,
): CommunityQueueData {
  const kept = [...entries].sort((a, b) => a.timestamp - b.timestamp).slice(-COMMUNITY_COUNTS_KEPT);
  const counts = kept.map((e) => e.vehicleCount);
  return {
    medianCount: medianCount(counts),
    recentCounts: counts,
    lastUpdate: kept.length ? kept[kept.length - 1]!.timestamp : null,
    riderReported: kept.filter((e) => e.userReported === true).length,
  };
}

/**
 * Where the kept counts came from: riders' photo counts, or the simulator's lane counts (no public
 * source publishes lane counts: ./figure-label.ts LANE_COUNTS_LABEL), or both.
 */
export function communityCountsSource(data: CommunityQueueData): string {
  if (data.riderReported === 0) return LANE_COUNTS_LABEL;
  return data.riderReported >= data.recentCounts.length ? 'rider reports' : `${LANE_COUNTS_LABEL} and rider reports`;
}

/** The median wait's label: a model over the counts, so "simulated" whenever a simulated count is among them. */
export function medianWaitSource(data: CommunityQueueData): string {
  return data.riderReported >= data.recentCounts.length && data.recentCounts.length > 0
    ? 'estimated from rider reports'
    : FROM_LANE_COUNTS_LABEL;
}

/** The counts shown: the newest COMMUNITY_COUNTS_SHOWN, newest first. */
export function shownCounts(data: CommunityQueueData): number[] {
  return data.recentCounts.slice(-COMMUNITY_COUNTS_SHOWN).reverse();
}

/** Median of `counts`, rounded to whole cars; null with no counts. */
export function medianCount(counts: readonly number[]): number | null {
  if (counts.length === 0) return null;
  const sorted = [...counts].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** The median wait: of a car joining behind the median count, by the sailings that will carry it. */
export function communityMedianWait(
  median: number | null,
  sailings: readonly UpcomingSailing[],
  now: number,
): ArrivingCarWait | null {
  return median === null ? null : arrivingCarWait(median, sailings, now);
}

/** What the card and the assistant say about the figure, so a rider knows what it is. */
export function medianWaitExplained(
  median: number,
  samples: number,
  departure: string | null,
  format: (iso: string) => string,
): string {
  const of = samples === 1 ? 'the latest lane count' : `the median of the last ${samples} lane counts`;
  return departure
    ? `A car joining behind ${of} (${median} cars) boards the ${format(departure)} sailing.`
    : `The listed sailings cannot carry ${of} (${median} cars), so the wait is not known; see the sailing waits.`;
}
