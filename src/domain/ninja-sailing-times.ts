/**
 * The departure times Ninja Booking offers for a route: the route's own sailings from the stored
 * timetable (membership §3's fixed presets, 06:20, 08:20, 10:30 …, match no timetable: Horseshoe Bay
 * – Langdale sails 6:20, 8:40, 11:00, so a non-flexible 08:20 request could never match an 8:40
 * opening). Times are written as the presets were ("08:40 AM"), so a request's window
 * (./ninja.ts requestWindow) reads them the same way.
 *
 * The chosen day's sailings when the device has that day's timetable; else the times of the latest
 * day it has for that route (timetables repeat from day to day; real sources publish today only), and
 * the caller says which day they come from. No stored sailing at all: no times (only "Any time").
 */
import { localDateKey } from './ninja';
import type { Sailing } from './sailing';
import { terminalWallClock } from './time';

/** "08:40 AM": a sailing's terminal-time departure in the presets' form. */
export function ninjaTimeText(epochMs: number): string {
  const { hour, minute } = terminalWallClock(epochMs);
  return `${String(hour % 12 || 12).padStart(2, '0')}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

export interface NinjaSailingTimes {
  times: string[];
  /** The service day ("YYYY-MM-DD") the times were read from; null without any stored sailing. */
  fromDate: string | null;
}

export function ninjaSailingTimes(
  sailings: readonly Pick<Sailing, 'routeId' | 'from' | 'scheduledDeparture' | 'status'>[],
  route: { routeId: string | null; from: string | null } | undefined,
  date: string,
): NinjaSailingTimes {
  if (!route?.routeId || !route.from) return { times: [], fromDate: null };
  const byDay = new Map<string, number[]>();
  for (const s of sailings) {
    if (s.routeId !== route.routeId || s.from !== route.from) continue;
    const at = Date.parse(s.scheduledDeparture);
    if (Number.isNaN(at)) continue;
    const day = localDateKey(at);
    byDay.set(day, [...(byDay.get(day) ?? []), at]);
  }
  const fromDate = byDay.has(date) ? date : ([...byDay.keys()].sort().at(-1) ?? null);
  if (fromDate === null) return { times: [], fromDate: null };
  const times = [...new Set((byDay.get(fromDate) ?? []).sort((a, b) => a - b).map(ninjaTimeText))];
  return { times, fromDate };
}

/** A departure time as a request carries it: "08:40 AM". */
export const NINJA_TIME_PATTERN = /^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/;
