/**
 * Is an arrival timer's sailing one Deckhand serves (rider-core §7, "pick a sailing")? The timer's
 * picker names the sailing by its id (route:terminal:scheduled departure, see ./sailing.ts
 * sailingId) and sends its departure as the target. The target must be that sailing's departure:
 * scheduled, or expected with a delay. A write queued offline carries the delay the phone saw then,
 * which may have changed since, so any delay up to MAX_DELAY (or the one reported now) is accepted. A sailing the served list should hold (the route's list
 * reaches that time) but does not is refused; one past the list's end (a later day's timetable) is
 * checked by its id alone. A bare vessel id, as older phones send, is not a sailing id and is left
 * to the caller.
 */
import type { Sailing } from './sailing';

export type TimerSailingCheck =
  { ok: true } | { ok: false; error: 'unknown_sailing' | 'sailing_mismatch'; message: string };

const SAILING_ID = /^([a-z0-9-]+):([a-z0-9-]+):(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z)$/;
const TOLERANCE_MS = 60_000;
const MAX_DELAY_MS = 3 * 60 * 60_000;

const unknown: TimerSailingCheck = {
  ok: false,
  error: 'unknown_sailing',
  message: 'No such sailing: choose one of the route’s sailings.',
};
const mismatch: TimerSailingCheck = {
  ok: false,
  error: 'sailing_mismatch',
  message: 'The departure time is not this sailing’s: choose the sailing again.',
};

export function checkTimerSailing(
  ferryId: string,
  targetDeparture: string,
  sailings: readonly Sailing[],
): TimerSailingCheck {
  const parts = SAILING_ID.exec(ferryId);
  if (!parts) return { ok: true };
  const [, routeId, from, scheduledIso] = parts as unknown as [string, string, string, string];
  const scheduled = Date.parse(scheduledIso);
  const target = Date.parse(targetDeparture);
  if (Number.isNaN(scheduled)) return unknown;
  const near = (at: number) => Math.abs(target - at) <= TOLERANCE_MS;

  const listed = sailings.find((s) => s.id === ferryId);
  if (listed) {
    const expected = listed.expectedDeparture ? Date.parse(listed.expectedDeparture) : scheduled;
    const latest = Math.max(expected, scheduled + MAX_DELAY_MS) + TOLERANCE_MS;
    return target >= scheduled - TOLERANCE_MS && target <= latest ? { ok: true } : mismatch;
  }
  const route = sailings
    .filter((s) => s.routeId === routeId && s.from === from)
    .map((s) => Date.parse(s.scheduledDeparture));
  if (route.length > 0 && scheduled >= Math.min(...route) && scheduled <= Math.max(...route)) return unknown;
  return near(scheduled) ? { ok: true } : mismatch;
}
