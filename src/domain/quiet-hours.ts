/**
 * Quiet hours and the daily digest (the trip alerts' "low noise" rules: "Quiet hours in Settings (none
 * during the trip's last 2 hours); one alert per change, never the same news twice; a daily digest
 * option for the next day's risk").
 *
 * - Quiet hours are a daily span of terminal wall-clock time (America/Vancouver), `start` to `end`
 *   ("HH:MM", 24-hour as an `<input type="time">` gives it), that may run past midnight ("22:00" to
 *   "07:00"). `start` is in it, `end` is not. Equal start and end is an empty span (nothing held).
 * - An alert that falls due in quiet hours is held, not stored nor pushed, until the quiet hours end,
 *   or until its trip's last QUIET_HOURS_TRIP_WINDOW_MINUTES begin, whichever comes first: in the last
 *   2 hours before the trip's sailing leaves nothing is held, so such an alert goes out at once.
 * - Order updates are never held: the rider just ordered and is waiting for it.
 * - Every alert the server sends goes through this one decision: the alert scheduler's sources and Ninja
 *   Booking's watcher (an opening's trip is the sailing it opened on: "The trip is the rider's planned
 *   sailing (calculator, arrival timer, Ninja Booking, away mode)").
 * - The rule is read again on every scheduler tick from the rider's current settings: switching quiet
 *   hours off, or moving their end to now, delivers what was held.
 * - The daily digest goes out once a day at DIGEST_HOUR (terminal time), naming the next day's risk
 *   for the rider's trips that day; held by quiet hours like any alert.
 */
import { z } from 'zod/mini';

import { terminalWallClock } from './time';

/** The trip's last 2 hours: no alert about it is held. */
export const QUIET_HOURS_TRIP_WINDOW_MINUTES = 120;
/** The digest of the next day's risk goes out at 7 pm, terminal time. */
export const DIGEST_HOUR = 19;
export const QUIET_HOURS_DEFAULT_START = '22:00';
export const QUIET_HOURS_DEFAULT_END = '07:00';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
const CLOCK_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const alertTimingSchema = z.object({
  quietHoursEnabled: z.boolean(),
  /** "HH:MM", terminal wall-clock time. */
  quietHoursStart: z.string().check(z.regex(CLOCK_PATTERN, 'use HH:MM (00:00 to 23:59)')),
  quietHoursEnd: z.string().check(z.regex(CLOCK_PATTERN, 'use HH:MM (00:00 to 23:59)')),
  dailyDigest: z.boolean(),
});
export type AlertTiming = z.infer<typeof alertTimingSchema>;

export const DEFAULT_ALERT_TIMING: Readonly<AlertTiming> = {
  quietHoursEnabled: false,
  quietHoursStart: QUIET_HOURS_DEFAULT_START,
  quietHoursEnd: QUIET_HOURS_DEFAULT_END,
  dailyDigest: false,
};

function clockMinutes(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** Minutes since terminal midnight at `now` (with seconds as a fraction). */
function wallMinutes(now: number): number {
  const w = terminalWallClock(now);
  return w.hour * 60 + w.minute + w.second / 60;
}

/** True when `now` lies in the rider's quiet hours (and they are on). */
export function inQuietHours(now: number, timing: AlertTiming): boolean {
  if (!timing.quietHoursEnabled) return false;
  const start = clockMinutes(timing.quietHoursStart);
  const end = clockMinutes(timing.quietHoursEnd);
  if (start === end) return false;
  const m = wallMinutes(now);
  return start < end ? m >= start && m < end : m >= start || m < end;
}

/** The instant the quiet hours in force at `now` end (`now` itself when not in them). */
export function quietHoursEndAfter(now: number, timing: AlertTiming): number {
  if (!inQuietHours(now, timing)) return now;
  const m = wallMinutes(now);
  const ahead = (clockMinutes(timing.quietHoursEnd) - m + DAY_MINUTES) % DAY_MINUTES;
  // Whole minutes on the wall clock; a day-light saving change inside the span moves it by its hour.
  return Math.round((now + ahead * MINUTE) / MINUTE) * MINUTE;
}

/** Alert kinds quiet hours never hold. */
const NEVER_HELD = new Set(['order_update']);

/**
 * Until when an alert due at `now` is held (epoch ms), or null to deliver it now: quiet hours' end, or
 * the start of its trip's last 2 hours (`tripDeparture`, the sailing's departure) if that is sooner.
 */
export function holdAlertUntil(
  now: number,
  timing: AlertTiming,
  alert: { kind: string; tripDeparture?: number | undefined },
): number | null {
  if (NEVER_HELD.has(alert.kind) || !inQuietHours(now, timing)) return null;
  let until = quietHoursEndAfter(now, timing);
  if (alert.tripDeparture !== undefined) {
    const lastHours = alert.tripDeparture - QUIET_HOURS_TRIP_WINDOW_MINUTES * MINUTE;
    if (lastHours <= now) return null;
    until = Math.min(until, lastHours);
  }
  return until;
}

/** "10:00 pm" from "22:00" (the settings' own words for a stored time). */
export function clockText(hhmm: string): string {
  const minutes = clockMinutes(hhmm);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** "Alerts are held from 10:00 pm to 7:00 am, except in the last 2 hours before your sailing." */
export function quietHoursText(timing: AlertTiming): string {
  if (!timing.quietHoursEnabled) return 'Alerts are sent as soon as they happen.';
  if (timing.quietHoursStart === timing.quietHoursEnd)
    return 'Quiet hours start and end at the same time: no alert is held.';
  return `Alerts are held from ${clockText(timing.quietHoursStart)} to ${clockText(timing.quietHoursEnd)}, except in the last 2 hours before your sailing.`;
}

/** The terminal date "YYYY-MM-DD" of an instant. */
export function terminalDateKey(epochMs: number): string {
  const w = terminalWallClock(epochMs);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * The day whose risk the digest due at `now` is about ("YYYY-MM-DD", tomorrow in terminal time), or
 * null before DIGEST_HOUR or when the rider has not asked for it. Keyed by that day, it goes once.
 */
export function digestDayDue(now: number, timing: AlertTiming): string | null {
  if (!timing.dailyDigest) return null;
  if (terminalWallClock(now).hour < DIGEST_HOUR) return null;
  // Noon tomorrow, terminal time, is always tomorrow's date whatever the day's length.
  const w = terminalWallClock(now);
  const minutesToNoonTomorrow = DAY_MINUTES - (w.hour * 60 + w.minute) + 12 * 60;
  return terminalDateKey(now + minutesToNoonTomorrow * MINUTE);
}

export const digestAlertKey = (day: string) => `digest:${day}`;
