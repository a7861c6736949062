import { describe, expect, it } from 'vitest';

import { communityCountsSource, communityQueueData, medianWaitSource, shownCounts } from '@/domain/community-queue';

describe('community queue data (rider-core §9)', () => {
  it('keeps the last 10 counts, takes their median and shows the last 5', () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({ vehicleCount: i + 1, timestamp: 1000 * (12 - i) }));
    const data = communityQueueData(entries);
    // Newest 10 by time are counts 10..1 (timestamps 3000..12000); median 5.5 → 6 cars.
    expect(data.recentCounts).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(data.medianCount).toBe(6);
    expect(data.lastUpdate).toBe(12_000);
    expect(shownCounts(data)).toEqual([1, 2, 3, 4, 5]);
  });

  it('has no median with no counts', () => {
    expect(communityQueueData([])).toEqual({ medianCount: null, recentCounts: [], lastUpdate: null, riderReported: 0 });
  });

  it('says where the counts came from: the simulated lane counts, rider reports, or both', () => {
    const simulated = [1, 2, 3].map((i) => ({ vehicleCount: 10 * i, timestamp: i, userReported: false }));
    expect(communityCountsSource(communityQueueData(simulated))).toBe('simulated');
    expect(
      communityCountsSource(communityQueueData([...simulated, { vehicleCount: 42, timestamp: 9, userReported: true }])),
    ).toBe('simulated and rider reports');
    expect(communityCountsSource(communityQueueData([{ vehicleCount: 42, timestamp: 9, userReported: true }]))).toBe(
      'rider reports',
    );
    expect(medianWaitSource(communityQueueData(simulated))).toBe('estimated from simulated lane counts');
    expect(medianWaitSource(communityQueueData([{ vehicleCount: 42, timestamp: 9, userReported: true }]))).toBe(
      'estimated from rider reports',
    );
  });
});
