/**
 * Calendar arithmetic in the terminals' zone (America/Vancouver): timetables are written in local
 * wall-clock minutes and must land on the right instant across offset changes. The offset is the
 * server's pinned tz database (../time/terminal-zone), the same one every server formatter uses.
 */
import '../time/terminal-zone';

import { terminalOffsetMs, terminalWallClock } from '@/domain/time';

export interface LocalDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

export function localDayOf(epochMs: number): LocalDay {
  const w = terminalWallClock(epochMs);
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
  let epoch = naive - terminalOffsetMs(naive);
  epoch = naive - terminalOffsetMs(epoch);
  return epoch;
}
