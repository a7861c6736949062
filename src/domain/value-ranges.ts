/**
 * What the database can hold, as validation rules: a value outside these ranges can name no row or
 * no real moment and would fail at the database (a 5xx) instead of at validation (a 400).
 * - Row ids are PostgreSQL `serial` (int4): at most PG_INT_MAX.
 * - Instants a client sends (departures, banner dates, boarding times) are ISO 8601 with an offset,
 *   between INSTANT_MIN and INSTANT_MAX: year 0 or 9999 is a typo or a probe, never a sailing.
 * - Calendar dates a client sends ("YYYY-MM-DD") name a day the calendar has, in the same years:
 *   2026-02-30 is no day, and read as one it would roll over to 2 March.
 */
import { z } from 'zod/mini';

export const PG_INT_MAX = 2_147_483_647;

/** The earliest and latest instant a client may send (ms since the epoch). */
export const INSTANT_MIN = Date.UTC(2000, 0, 1);
export const INSTANT_MAX = Date.UTC(2100, 0, 1);

export const INSTANT_RANGE_MESSAGE = 'must be a date between the years 2000 and 2100';

/** True for an ISO text whose instant lies in [INSTANT_MIN, INSTANT_MAX). */
export function instantInRange(iso: string): boolean {
  const at = Date.parse(iso);
  return Number.isFinite(at) && at >= INSTANT_MIN && at < INSTANT_MAX;
}

/** True for a "YYYY-MM-DD" naming a real calendar day in [INSTANT_MIN, INSTANT_MAX). */
export function calendarDateInRange(key: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return false;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return at >= INSTANT_MIN && at < INSTANT_MAX && new Date(at).toISOString().slice(0, 10) === key;
}

/** An ISO 8601 instant with its offset, inside the range above. */
export const instantSchema = z.iso.datetime({ offset: true }).check(z.refine(instantInRange, INSTANT_RANGE_MESSAGE));

/** A row id in a path (`/…/:id`): the text read as a positive int4. */
export const serialIdParam = z.coerce.number().check(z.int(), z.positive(), z.maximum(PG_INT_MAX));

/** A positive row id (int4). */
export const rowIdSchema = z.int().check(z.positive(), z.lte(PG_INT_MAX));
