/**
 * The service day a sailing belongs to: the terminals' (America/Vancouver) calendar day of its
 * scheduled departure, except that departures before SERVICE_DAY_START_HOUR belong to the day
 * before (a timetable that runs past midnight continues the evening's service day).
 */
import { terminalWallClock } from './time';

/** Departures before this local hour belong to the previous service day. */
export const SERVICE_DAY_START_HOUR = 3;

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD" of the service day containing the instant `epochMs`. */
export function serviceDayOf(epochMs: number): string {
  const w = terminalWallClock(epochMs);
  if (w.hour >= SERVICE_DAY_START_HOUR) return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
  const previous = new Date(Date.UTC(w.year, w.month - 1, w.day - 1));
  return `${previous.getUTCFullYear()}-${pad(previous.getUTCMonth() + 1)}-${pad(previous.getUTCDate())}`;
}
