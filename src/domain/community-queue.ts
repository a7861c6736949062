/**
 * Community queue data (rider-core §3, §9): from the counts the realtime node queue_history/{terminal}
 * holds, the average wait (mean count × 2 minutes), the last 10 counts kept and the last 5 shown.
 */
export const WAIT_MINUTES_PER_CAR = 2;
export const COMMUNITY_COUNTS_KEPT = 10;
export const COMMUNITY_COUNTS_SHOWN = 5;

export interface CommunityQueueData {
  /** Minutes, rounded. */
  averageWaitTime: number;
  /** Newest last, at most COMMUNITY_COUNTS_KEPT. */
  recentCounts: number[];
  /** Epoch ms of the newest count, or null with none. */
  lastUpdate: number | null;
}

export function communityQueueData(entries: ReadonlyArray<{ vehicleCount: number; timestamp: number }>): CommunityQueueData {
  const kept = [...entries].sort((a, b) => a.timestamp - b.timestamp).slice(-COMMUNITY_COUNTS_KEPT);
  const counts = kept.map((e) => e.vehicleCount);
  return {
    averageWaitTime: communityAverageWait(counts),
    recentCounts: counts,
    lastUpdate: kept.length ? kept[kept.length - 1]!.timestamp : null,
  };
}

/** The counts shown: the newest COMMUNITY_COUNTS_SHOWN, newest first. */
export function shownCounts(data: CommunityQueueData): number[] {
  return data.recentCounts.slice(-COMMUNITY_COUNTS_SHOWN).reverse();
}

/** What the card says about the figure, so a rider knows why it moves slowly. */
export const COMMUNITY_WAIT_EXPLAINED =
  'The typical of the last 10 lane counts (their median) at 2 minutes per car waiting, so one odd count does not move it.';

/** Median of `counts` × WAIT_MINUTES_PER_CAR, rounded; 0 with no counts. */
export function communityAverageWait(counts: readonly number[]): number {
  if (counts.length === 0) return 0;
  const sorted = [...counts].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(median * WAIT_MINUTES_PER_CAR);
}
