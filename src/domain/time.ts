/**
 * Time display rules (DESIGN.md convention 8, rider-core §9): en-US, 12-hour with minutes, in the
 * terminal's zone; "N/A" when missing. Instants travel as ISO UTC strings or epoch ms; only display
 * turns them into terminal wall-clock time, here.
 *
 * One clock: the zone's offset comes from one place, `terminalOffsetMs`. In the browser that is the
 * browser's own time-zone data. The server installs a pinned, current time-zone database at start-up
 * (server/time/terminal-zone.ts) because the ICU data built into Node can be older than the browsers'
 * (Node 20's tz 2025c still has British Columbia falling back to UTC−8 in November 2026; current
 * browsers do not). Formatting then shifts the instant by that offset and formats it as UTC, so the
 * words are en-US words on both sides and only the offset decides the hour.
 *
 * The first screens show only clock times ("10:42 AM"), which are written here without Intl: a
 * page's first Intl.DateTimeFormat is one task of 30–130 ms (ICU's date patterns start up), longer
 * than anything else a phone does while home appears. The browser's offset is read through Temporal
 * where the browser has it (under 4 ms the first time, the same zone data as Intl); Intl otherwise.
 */
export const TERMINAL_TIME_ZONE = 'America/Vancouver';

/** English day and month names, by `getUTCDay()` and month index (texts are written without Intl). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Local minus UTC, in ms, at an instant (e.g. −7 h in Vancouver in summer). */
export type ZoneOffset = (epochMs: number) => number;

/** The part of Temporal read here (not yet in TypeScript's lib). */
interface TemporalZoneApi {
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(zone: string): { offsetNanoseconds: number } } };
}

/** Made on first use, not at import: a page's first Intl object is a long task (above). */
let partsFormat: Intl.DateTimeFormat | undefined;

/** The runtime's own Intl data: right in current browsers. */
export const intlOffset: ZoneOffset = (epochMs) => {
  partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TERMINAL_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  const w = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of partsFormat.formatToParts(epochMs)) {
    if (part.type in w) w[part.type as keyof typeof w] = Number(part.value);
  }
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(epochMs / 1000) * 1000;
};

/** The same offset through Temporal, when the runtime has it; undefined otherwise. */
export function temporalOffset(
  temporal: unknown = (globalThis as { Temporal?: unknown }).Temporal,
): ZoneOffset | undefined {
  const api = temporal as TemporalZoneApi | undefined;
  if (typeof api?.Instant?.fromEpochMilliseconds !== 'function') return undefined;
  return (epochMs) =>
    api.Instant.fromEpochMilliseconds(Math.floor(epochMs / 1000) * 1000).toZonedDateTimeISO(TERMINAL_TIME_ZONE)
      .offsetNanoseconds / 1e6;
}

let offsetSource: ZoneOffset = temporalOffset() ?? intlOffset;

const HOUR_MS = 3_600_000;

/**
 * Offsets read, by UTC hour. Reading one costs microseconds (a Temporal or Intl call), and a week of
 * sailings' service days or a screen of clock times reads hundreds; the zone's offset changes only
 * on the hour (Vancouver's at 09:00 or 10:00 UTC), so one reading serves a whole hour. An hour is
 * kept only when its first and last millisecond read the same offset; any other is read as asked.
 */
const offsetsByHour = new Map<number, number>();
/** Hours kept before the table starts again (a few months of instants; a reading is cheap to redo). */
const KEPT_HOURS = 4_000;

/** Replaces where the terminal zone's offset comes from (the server's pinned tz database). */
export function setTerminalZoneOffset(source: ZoneOffset): void {
  offsetSource = source;
  offsetsByHour.clear();
}

export function terminalOffsetMs(epochMs: number): number {
  const hour = Math.floor(epochMs / HOUR_MS);
  const known = offsetsByHour.get(hour);
  if (known !== undefined) return known;
  const start = hour * HOUR_MS;
  const offset = offsetSource(start);
  if (offsetSource(start + HOUR_MS - 1) !== offset) return offsetSource(epochMs);
  if (offsetsByHour.size >= KEPT_HOURS) offsetsByHour.clear();
  offsetsByHour.set(hour, offset);
  return offset;
}

export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The terminal's wall-clock reading at an instant. */
export function terminalWallClock(epochMs: number): WallClock {
  const d = new Date(epochMs + terminalOffsetMs(epochMs));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

function toEpoch(value: string | number | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const epoch = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(epoch) ? null : epoch;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Formats an instant as terminal wall-clock time with the given Intl options (no `timeZone`, no
 * `timeZoneName`: the zone is the terminal's). "N/A" for a missing or unparseable time.
 */
export function formatTerminalTime(
  value: string | number | Date | null | undefined,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone' | 'timeZoneName'>,
): string {
  const epoch = toEpoch(value);
  if (epoch === null) return 'N/A';
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format.format(epoch + terminalOffsetMs(epoch));
}

/**
 * "10:42 AM"; "N/A" for a missing or unparseable time. Written out rather than asked of Intl (see
 * the top of this file); the same words as Intl's en-US `{ hour: 'numeric', minute: '2-digit',
 * hour12: true }`, which tests/unit/time.test.ts checks minute by minute.
 */
export function formatClock(value: string | number | Date | null | undefined): string {
  const epoch = toEpoch(value);
  if (epoch === null) return 'N/A';
  const { hour, minute } = terminalWallClock(epoch);
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "10:42 am" — the lower-case form used in running text ("data from 10:42 am"). */
export function formatClockLower(value: string | number | Date | null | undefined): string {
  return formatClock(value).replace('AM', 'am').replace('PM', 'pm');
}
