/**
 * Later days' sailings projected from the recorded timetable (src/domain/projected-timetable.ts):
 * what a source lists is left as listed; other days take the departure times recorded on at
 * least half of the past same weekdays, at the same local time; holidays and long weekends are not
 * taken as a weekday's timetable; nothing is projected without a recorded same weekday.
 */
import { describe, expect, it } from 'vitest';

import {
  projectedTimetableText,
  projectTimetable,
  terminalInstant,
  type TimetableEntry,
} from '@/domain/projected-timetable';
import { formatClock } from '@/domain/time';

/** Thursday 26 November 2026 is "today". */
const TODAY = '2026-11-26';
const DAYS = [
  '2026-11-26',
  '2026-11-27',
  '2026-11-28',
  '2026-11-29',
  '2026-11-30',
  '2026-12-01',
  '2026-12-02',
  '2026-12-03',
];

const at = (
  day: string,
  clock: string,
  routeId = 'hsb-lng',
  from = 'horseshoe-bay',
  to = 'langdale',
): TimetableEntry => {
  const [h, m] = clock.split(':').map(Number);
  return {
    routeId,
    from,
    to,
    scheduledDeparture: new Date(terminalInstant(day, (h ?? 0) * 60 + (m ?? 0))).toISOString(),
  };
};
/** The past four Fridays, each with the same sailings, and one extra sailing on only one of them. */
const FRIDAYS = ['2026-11-20', '2026-11-13', '2026-11-06', '2026-10-30'];
const fridays = [
  ...FRIDAYS.flatMap((d) => [at(d, '07:20'), at(d, '15:40'), at(d, '18:00')]),
  at('2026-11-20', '21:10'),
];

describe('the recorded timetable projected onto the next days', () => {
  it('projects the times recorded on past Fridays onto next Friday and names how many Fridays', () => {
    const projected = projectTimetable(fridays, [], DAYS, TODAY);
    expect(projected.map((p) => [p.day, formatClock(p.scheduledDeparture), p.recordedOn])).toEqual([
      ['2026-11-27', '7:20 AM', 4],
      ['2026-11-27', '3:40 PM', 4],
      ['2026-11-27', '6:00 PM', 4],
    ]);
    // British Columbia stays on UTC−7 from November 2026.
    expect(projected[0]).toMatchObject({
      id: 'hsb-lng:horseshoe-bay:2026-11-27T14:20:00.000Z',
      routeId: 'hsb-lng',
      from: 'horseshoe-bay',
      to: 'langdale',
    });
    expect(projectedTimetableText(projected[0]!.scheduledDeparture, 4)).toBe('timetable recorded on 4 past Fridays');
    expect(projectedTimetableText(projected[0]!.scheduledDeparture, 1)).toBe('timetable recorded on 1 past Friday');
  });

  it('leaves what the source lists as it lists it, up to its last listed sailing', () => {
    // Today's service day runs past midnight into Friday's date: Friday is projected after that sailing only.
    const listed = [at(TODAY, '22:40'), at('2026-11-27', '00:20')];
    expect(projectTimetable(fridays, listed, DAYS, TODAY).map((p) => formatClock(p.scheduledDeparture))).toEqual([
      '7:20 AM',
      '3:40 PM',
      '6:00 PM',
    ]);
    expect(
      projectTimetable(fridays, [at('2026-11-27', '16:00')], DAYS, TODAY).map((p) => formatClock(p.scheduledDeparture)),
    ).toEqual(['6:00 PM']);
    // Listing another route end does not stop this one's projection.
    expect(
      projectTimetable(fridays, [at('2026-11-27', '23:00', 'hsb-nan', 'horseshoe-bay', 'departure-bay')], DAYS, TODAY),
    ).toHaveLength(3);
  });

  it('keeps the local time across the change to standard time', () => {
    // Sundays in October 2025 (UTC−7) project onto a Sunday after the clocks went back (UTC−8) at the same wall-clock time.
    const sundays = ['2025-10-12', '2025-10-19', '2025-10-26'].map((d) => at(d, '08:40'));
    const [projected] = projectTimetable(sundays, [], ['2025-11-09'], '2025-11-08');
    expect(projected?.scheduledDeparture).toBe('2025-11-09T16:40:00.000Z');
    expect(formatClock(projected?.scheduledDeparture)).toBe('8:40 AM');
  });

  it('does not take a holiday as the weekday timetable, nor weeks older than four', () => {
    // Monday 12 October 2026 is Thanksgiving; Monday 19 October is more than four weeks before today.
    const mondays = [at('2026-10-12', '06:00'), at('2026-10-19', '06:00')];
    expect(projectTimetable(mondays, [], DAYS, TODAY)).toEqual([]);
    expect(projectTimetable([...mondays, at('2026-11-23', '06:00')], [], DAYS, TODAY).map((p) => p.day)).toEqual([
      '2026-11-30',
    ]);
  });

  it('projects nothing from today or later, and nothing onto a weekday never recorded', () => {
    expect(projectTimetable([at(TODAY, '07:20'), at('2026-11-27', '07:20')], [], DAYS, TODAY)).toEqual([]);
  });
});
