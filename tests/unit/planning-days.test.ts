/**
 * The days the departure calculator plans on (src/domain/planning-days.ts): stored projected
 * sailings of the rider's route end become offerable sailings (not the ones a source lists, not
 * other routes), the days are "Next sailings" then each later day with a sailing, and they read in words.
 */
import { describe, expect, it } from 'vitest';

import {
  NEXT_SAILINGS,
  planningDayLabel,
  planningDays,
  projectedRouteSailings,
  sailingsOnDay,
} from '@/domain/planning-days';
import type { SailingForecast } from '@/domain/sailing-forecast';

/** Thursday 26 November 2026, 1 pm at the terminals (UTC−7). */
const NOW = Date.parse('2026-11-26T20:00:00Z');

const forecast = (id: string, departure: string, extra: Partial<SailingForecast> = {}): SailingForecast => ({
  sailingId: id,
  routeId: 'hsb-lng',
  from: 'horseshoe-bay',
  scheduledDeparture: departure,
  status: 'insufficient-history',
  basisCount: 0,
  computedAt: new Date(NOW).toISOString(),
  ...extra,
});

describe('planning a later day', () => {
  it("turns the route end's projected forecasts into sailings, leaving out listed and other routes' ones", () => {
    const list = projectedRouteSailings(
      [
        forecast('b', '2026-11-28T15:20:00Z', { timetableRecordedOn: 3 }),
        forecast('a', '2026-11-27T15:20:00Z', { timetableRecordedOn: 4 }),
        forecast('listed', '2026-11-26T23:00:00Z', { timetableRecordedOn: 4 }),
        forecast('today', '2026-11-26T22:00:00Z'),
        forecast('other', '2026-11-27T15:20:00Z', { routeId: 'hsb-nan', timetableRecordedOn: 4 }),
      ],
      { routeId: 'hsb-lng', terminalId: 'horseshoe-bay' },
      [{ id: 'listed' }],
    );
    expect(list.map((s) => [s.id, s.route, s.to, s.status, s.timetableRecordedOn, s.provenance])).toEqual([
      ['a', 'Horseshoe Bay - Langdale', 'langdale', 'scheduled', 4, null],
      ['b', 'Horseshoe Bay - Langdale', 'langdale', 'scheduled', 3, null],
    ]);
  });

  it('lists the next sailings first, then each later day that has one, in words', () => {
    const sailings = [
      { departureTime: '2026-11-26T19:00:00Z' }, // already left
      { departureTime: '2026-11-26T22:00:00Z' },
      { departureTime: '2026-11-28T15:20:00Z' },
      { departureTime: '2026-11-27T15:20:00Z' },
      { departureTime: '2026-11-27T17:00:00Z' },
    ];
    const days = planningDays(sailings, NOW);
    expect(days).toEqual([NEXT_SAILINGS, '2026-11-27', '2026-11-28']);
    expect(days.map((d) => planningDayLabel(d, NOW))).toEqual([
      'Next sailings',
      'Tomorrow, Friday 27 November',
      'Saturday 28 November',
    ]);
    expect(sailingsOnDay(sailings, '2026-11-27', NOW).map((s) => s.departureTime)).toEqual([
      '2026-11-27T15:20:00Z',
      '2026-11-27T17:00:00Z',
    ]);
  });
});
