import { describe, expect, it } from 'vitest';

import { localDateKey, requestWindow } from '@/domain/ninja';
import { ninjaRequestInputSchema } from '@/domain/ninja-input';
import { ninjaSailingTimes, ninjaTimeText } from '@/domain/ninja-sailing-times';
import { terminalOffsetMs } from '@/domain/time';

/** The instant of a terminal wall-clock time on a day (the offset read at that day's noon UTC). */
function local(date: string, hour: number, minute: number): number {
  const noon = Date.parse(`${date}T12:00:00Z`);
  return Date.parse(`${date}T00:00:00Z`) + (hour * 60 + minute) * 60_000 - terminalOffsetMs(noon);
}
const sailing = (date: string, hour: number, minute: number, from = 'horseshoe-bay') => ({
  routeId: 'hsb-lng',
  from,
  scheduledDeparture: new Date(local(date, hour, minute)).toISOString(),
  status: 'scheduled' as const,
});

const LANGDALE = { routeId: 'hsb-lng', from: 'horseshoe-bay' };
const TIMETABLE = [
  sailing('2026-11-27', 6, 20),
  sailing('2026-11-27', 8, 40),
  sailing('2026-11-27', 11, 0),
  sailing('2026-11-27', 7, 30, 'langdale'),
];

describe("Ninja Booking's departure times", () => {
  it("offers the route's own sailings (6:20, 8:40, 11:00 from Horseshoe Bay to Langdale), not fixed presets", () => {
    expect(ninjaSailingTimes(TIMETABLE, LANGDALE, '2026-11-27')).toEqual({
      times: ['06:20 AM', '08:40 AM', '11:00 AM'],
      fromDate: '2026-11-27',
    });
    expect(ninjaSailingTimes(TIMETABLE, { routeId: 'hsb-lng', from: 'langdale' }, '2026-11-27').times).toEqual([
      '07:30 AM',
    ]);
  });

  it("uses the latest stored day's times when the chosen day's timetable is not published, and says which day", () => {
    expect(ninjaSailingTimes(TIMETABLE, LANGDALE, '2026-12-20')).toEqual({
      times: ['06:20 AM', '08:40 AM', '11:00 AM'],
      fromDate: '2026-11-27',
    });
    expect(ninjaSailingTimes([], LANGDALE, '2026-11-27')).toEqual({ times: [], fromDate: null });
    expect(ninjaSailingTimes(TIMETABLE, { routeId: null, from: null }, '2026-11-27')).toEqual({
      times: [],
      fromDate: null,
    });
  });

  it('a non-flexible 08:40 request now matches the 8:40 sailing, and the server accepts the time', () => {
    const window = requestWindow({ departureTime: '08:40 AM', isFlexible: false, flexibilityHours: 2 });
    expect(window.from <= 8 * 60 + 40 && 8 * 60 + 40 <= window.to).toBe(true);
    const body = {
      id: crypto.randomUUID(),
      route: 'Horseshoe Bay - Langdale',
      departureDate: '2026-11-27',
      departureTime: '08:40 AM',
      vehicleType: 'standard',
      passengerCount: 1,
      maxServiceFee: 25,
      isFlexible: false,
      flexibilityHours: 2,
      autoBookEnabled: false,
      notifyViaEmail: false,
      notifyViaSms: false,
    };
    expect(ninjaRequestInputSchema.safeParse(body).success).toBe(true);
    expect(ninjaRequestInputSchema.safeParse({ ...body, departureTime: '8:40' }).success).toBe(false);
  });

  it('writes times as the presets were', () => {
    expect(ninjaTimeText(local('2026-11-27', 0, 5))).toBe('12:05 AM');
    expect(ninjaTimeText(local('2026-11-27', 12, 30))).toBe('12:30 PM');
    expect(localDateKey(local('2026-11-27', 23, 59))).toBe('2026-11-27');
  });
});
