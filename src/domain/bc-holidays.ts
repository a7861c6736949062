/**
 * British Columbia's statutory holidays and the long weekends they make, for the fill forecast
 * (./fill-forecast.ts): ferry traffic on a holiday or a long weekend does not look like the same
 * weekday in an ordinary week.
 *
 * The statutory holidays (Employment Standards Act of BC): New Year's Day, Family Day (third Monday
 * of February), Good Friday, Victoria Day (the Monday before May 25), Canada Day, B.C. Day (first
 * Monday of August), Labour Day (first Monday of September), National Day for Truth and
 * Reconciliation (September 30, from 2023), Thanksgiving (second Monday of October), Remembrance Day
 * and Christmas Day. A fixed-date holiday that falls on a Saturday or Sunday is observed the next
 * Monday (as employers in BC give the day off), which also makes that a long weekend.
 *
 * A long weekend: a holiday (observed) on a Monday makes the Friday to the Monday a long weekend; a
 * holiday on a Friday makes the Friday to the Sunday one, and Good Friday's runs to Easter Monday
 * (not a statutory holiday, but a day off for schools and many employers, and a busy travel day).
 *
 * Days are local calendar days of the terminals as "YYYY-MM-DD".
 */

export type DayKind = 'holiday' | 'long-weekend' | 'regular';

const DAY_MS = 86_400_000;

function keyOf(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

function utcOf(dayKey: string): number {
  const [y, m, d] = dayKey.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOfDay(dayKey: string): number {
  return new Date(utcOf(dayKey)).getUTCDay();
}

export function addDaysToKey(dayKey: string, days: number): string {
  return keyOf(utcOf(dayKey) + days * DAY_MS);
}

/** The `n`th (1-based) `weekday` of `month` (1-12) in `year`. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = Date.UTC(year, month - 1, 1);
  const offset = (weekday - new Date(first).getUTCDay() + 7) % 7;
  return first + (offset + (n - 1) * 7) * DAY_MS;
}

/** Easter Sunday (Gregorian), the anonymous algorithm. */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

/** A fixed-date holiday on a Saturday or Sunday is observed the following Monday. */
function observed(utcMs: number): number {
  const dow = new Date(utcMs).getUTCDay();
  if (dow === 6) return utcMs + 2 * DAY_MS;
  if (dow === 0) return utcMs + DAY_MS;
  return utcMs;
}

export interface Holiday {
  day: string;
  name: string;
}

const holidayCache = new Map<number, Holiday[]>();

/** BC's statutory holidays of `year` on the days they are observed, in date order. */
export function bcStatutoryHolidays(year: number): Holiday[] {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const victoriaDay = Date.UTC(year, 4, 24) - ((new Date(Date.UTC(year, 4, 24)).getUTCDay() + 6) % 7) * DAY_MS;
  const list: Array<[number, string]> = [
    [observed(Date.UTC(year, 0, 1)), "New Year's Day"],
    [nthWeekday(year, 2, 1, 3), 'Family Day'],
    [easterSunday(year) - 2 * DAY_MS, 'Good Friday'],
    [victoriaDay, 'Victoria Day'],
    [observed(Date.UTC(year, 6, 1)), 'Canada Day'],
    [nthWeekday(year, 8, 1, 1), 'B.C. Day'],
    [nthWeekday(year, 9, 1, 1), 'Labour Day'],
    [nthWeekday(year, 10, 1, 2), 'Thanksgiving Day'],
    [observed(Date.UTC(year, 10, 11)), 'Remembrance Day'],
    [observed(Date.UTC(year, 11, 25)), 'Christmas Day'],
  ];
  if (year >= 2023) list.push([observed(Date.UTC(year, 8, 30)), 'National Day for Truth and Reconciliation']);
  const holidays = list.map(([ms, name]) => ({ day: keyOf(ms), name })).sort((a, b) => a.day.localeCompare(b.day));
  holidayCache.set(year, holidays);
  return holidays;
}

/** The holiday observed on `dayKey`, if any. */
export function bcHolidayOn(dayKey: string): Holiday | undefined {
  return bcStatutoryHolidays(Number(dayKey.slice(0, 4))).find((h) => h.day === dayKey);
}

/** Whether `dayKey` is a statutory holiday, another day of a long weekend, or an ordinary day. */
export function dayKind(dayKey: string): DayKind {
  if (bcHolidayOn(dayKey)) return 'holiday';
  const dow = weekdayOfDay(dayKey);
  // Friday to Sunday before a holiday Monday; Saturday to Monday after a holiday Friday.
  const mondayAhead = dow === 5 ? 3 : dow === 6 ? 2 : dow === 0 ? 1 : -1;
  if (mondayAhead > 0 && bcHolidayOn(addDaysToKey(dayKey, mondayAhead))) return 'long-weekend';
  const fridayBehind = dow === 6 ? 1 : dow === 0 ? 2 : dow === 1 ? 3 : -1;
  const friday = fridayBehind > 0 ? bcHolidayOn(addDaysToKey(dayKey, -fridayBehind)) : undefined;
  if (friday && (dow !== 1 || friday.name === 'Good Friday')) return 'long-weekend';
  return 'regular';
}
