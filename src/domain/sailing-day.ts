/**
 * A sailing's time with its day when it is not today (issue "Real ferries": the departure calculator,
 * the arrival timer and Ninja Booking list the route's sailings of the next days too, and "6:20 AM"
 * alone would read as today's). Days are the terminals' calendar days (America/Vancouver): today's
 * sailing is "6:20 AM", tomorrow's "Tomorrow 6:20 AM", later this week's "Saturday 6:20 AM", and
 * further out "Dec 3 6:20 AM". Written without Intl like ./time.ts formatClock (first screens).
 */
import { formatClock, MONTH_NAMES, terminalWallClock, WEEKDAY_NAMES } from './time';

const DAY_MS = 86_400_000;

/** The terminal calendar day of an instant, as a day number (days since 1970-01-01). */
function terminalDayNumber(epochMs: number): number {
  const w = terminalWallClock(epochMs);
  return Math.round(Date.UTC(w.year, w.month - 1, w.day) / DAY_MS);
}

/** "" today, "Tomorrow", a weekday within the week ahead, else "Dec 3"; null for an unreadable time. */
export function sailingDayLabel(departure: string | number, now: number): string | null {
  const at = typeof departure === 'number' ? departure : Date.parse(departure);
  if (Number.isNaN(at)) return null;
  const days = terminalDayNumber(at) - terminalDayNumber(now);
  if (days === 0) return '';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  const w = terminalWallClock(at);
  if (days > 1 && days < 7) return WEEKDAY_NAMES[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()]!;
  return `${MONTH_NAMES[w.month - 1]!.slice(0, 3)} ${w.day}`;
}

/** "6:20 AM" today, "Tomorrow 6:20 AM", "Saturday 6:20 AM", "Dec 3 6:20 AM"; "N/A" when unreadable. */
export function sailingTimeText(departure: string | number, now: number): string {
  const day = sailingDayLabel(departure, now);
  if (day === null) return 'N/A';
  const clock = formatClock(departure);
  return day ? `${day} ${clock}` : clock;
}

/** The same inside a sentence: "your tomorrow 6:20 AM sailing", "your Saturday 6:20 AM sailing". */
export function sailingTimeInText(departure: string | number, now: number): string {
  const text = sailingTimeText(departure, now);
  return text.startsWith('Tomorrow') || text.startsWith('Yesterday')
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}
