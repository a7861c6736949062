/**
 * Calendar arithmetic in the terminals' zone (America/Vancouver) without a date library: timetables
 * are written in local wall-clock minutes and must land on the right instant across DST changes.
 */
import { TERMINAL_TIME_ZONE } from '@/domain/time';

export interface LocalDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TERMINAL_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

function wallClock(epochMs: number): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of partsFormat.formatToParts(epochMs)) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  return out;
}

/** Local minus UTC, in ms, at the given instant (e.g. -7 h during PDT). */
function zoneOffsetMs(epochMs: number): number {
  const w = wallClock(epochMs);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

export function localDayOf(epochMs: number): LocalDay {
  const w = wallClock(epochMs);
  return { year: w.year, month: w.month, day: w.day };
}

export function addDays(day: LocalDay, days: number): LocalDay {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** "2025-07-14" */
export function dayKey(day: LocalDay): string {
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

/** 0 = Sunday … 6 = Saturday, for the local calendar day. */
export function weekday(day: LocalDay): number {
  return new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
}

/** The instant at `minuteOfDay` local wall-clock time on `day`. */
export function localTimeToEpoch(day: LocalDay, minuteOfDay: number): number {
  const naive = Date.UTC(day.year, day.month - 1, day.day, 0, minuteOfDay);
  // Two passes settle the offset even when the first guess falls on the other side of a DST change.
  let epoch = naive - zoneOffsetMs(naive);
  epoch = naive - zoneOffsetMs(epoch);
  return epoch;
}
