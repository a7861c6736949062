import { describe, expect, it } from 'vitest';

import { simulatedSailings } from '../../server/feed/simulated-sailings';

/** Mean car-deck fill at departure of the day's sailings, read just before local midnight (UTC−7). */
function meanFinalCarFill(day: string): number {
  const lateEvening = Date.parse(`${day}T23:55:00-07:00`);
  const left = simulatedSailings(lateEvening, 1).filter((s) => s.status === 'departed' || s.status === 'arrived');
  expect(left.length).toBeGreaterThan(20);
  return left.reduce((sum, s) => sum + (s.carFill ?? 0), 0) / left.length;
}

describe('the simulator on BC holidays', () => {
  it('fills a holiday Monday’s sailings fuller than an ordinary Monday’s, for the forecast to learn', () => {
    expect(meanFinalCarFill('2026-08-03')).toBeGreaterThan(meanFinalCarFill('2026-07-27') + 10); // B.C. Day
    expect(meanFinalCarFill('2026-07-31')).toBeGreaterThan(meanFinalCarFill('2026-07-24') + 10); // its long weekend's Friday
  });
});
