/**
 * Time display rules (DESIGN.md convention 8, rider-core §9): en-US, 12-hour with minutes, in the
 * terminal's zone; "N/A" when missing.
 */
export const TERMINAL_TIME_ZONE = 'America/Vancouver';

const clockFormat = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: TERMINAL_TIME_ZONE,
});

/** "10:42 AM"; "N/A" for a missing or unparseable time. */
export function formatClock(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return clockFormat.format(date);
}

/** "10:42 am" — the lower-case form used in running text ("data from 10:42 am"). */
export function formatClockLower(value: string | number | Date | null | undefined): string {
  return formatClock(value).replace('AM', 'am').replace('PM', 'pm');
}
