/**
 * The days a rider can plan a sailing on in the departure calculator (issue "Real ferries",
 * "History and forecasts": today and the next 7 days). A source such as BC Ferries lists only today's
 * sailings; the server projects later ones from the recorded timetable (./projected-timetable.ts) and
 * sends them as forecasts, which the device stores. Here:
 * - `projectedRouteSailings`: the stored forecasts of sailings no source lists, on the rider's route,
 *   as sailings the calculator can offer (no figures; their time's origin kept).
 * - `planningDays`: "Next sailings" (the next few, whatever their day, as the calculator always
 *   offered) and then each later local day that has sailings, listed or projected.
 * - `planningDayLabel`: "Tomorrow, Friday 27 November", "Saturday 28 November".
 */
import { addDaysToKey } from './bc-holidays';
import type { RouteSailing } from './rider-route';
import type { SailingForecast } from './sailing-forecast';
import { directedRouteName, routeById } from './terminals';
import { MONTH_NAMES, terminalWallClock, WEEKDAY_NAMES } from './time';

/** A sailing the calculator offers: listed by a source, or projected (`timetableRecordedOn` set). */
export type PlannedSailing = RouteSailing & { timetableRecordedOn?: number };

/** The planning choice that keeps the calculator's first list: the next sailings, whatever their day. */
export const NEXT_SAILINGS = 'next';

export function localDayKey(ms: number): string {
  const w = terminalWallClock(ms);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The stored projected sailings of the route end that no listed sailing already stands for, soonest first. */
export function projectedRouteSailings(
  forecasts: readonly SailingForecast[],
  route: { routeId: string; terminalId: string },
  listed: readonly Pick<RouteSailing, 'id'>[],
): PlannedSailing[] {
  const known = new Set(listed.map((s) => s.id));
  const ferryRoute = routeById(route.routeId);
  return forecasts
    .filter(
      (f) =>
        f.timetableRecordedOn !== undefined &&
        f.routeId === route.routeId &&
        f.from === route.terminalId &&
        !known.has(f.sailingId),
    )
    .map((f) => ({
      id: f.sailingId,
      routeId: f.routeId,
      terminalId: f.from,
      to: f.to ?? (ferryRoute ? (ferryRoute.from === f.from ? ferryRoute.to : ferryRoute.from) : ''),
      route: ferryRoute ? directedRouteName(ferryRoute, f.from) : f.routeId,
      departureTime: f.scheduledDeparture,
      scheduledDeparture: f.scheduledDeparture,
      status: 'scheduled' as const,
      provenance: null,
      ferry: null,
      timetableRecordedOn: f.timetableRecordedOn,
    }))
    .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime));
}

/** NEXT_SAILINGS, then each local day after today with a sailing still ahead, in order. */
export function planningDays(sailings: readonly Pick<RouteSailing, 'departureTime'>[], now: number): string[] {
  const today = localDayKey(now);
  const days = new Set<string>();
  for (const s of sailings) {
    const ms = Date.parse(s.departureTime);
    if (ms > now) days.add(localDayKey(ms));
  }
  return [NEXT_SAILINGS, ...[...days].filter((d) => d > today).sort()];
}

/** The sailings of one local day still ahead, soonest first. */
export function sailingsOnDay<T extends Pick<RouteSailing, 'departureTime'>>(
  sailings: readonly T[],
  day: string,
  now: number,
): T[] {
  return sailings
    .filter((s) => Date.parse(s.departureTime) > now && localDayKey(Date.parse(s.departureTime)) === day)
    .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime));
}

/** "Next sailings", "Tomorrow, Friday 27 November", "Saturday 28 November". */
export function planningDayLabel(day: string, now: number): string {
  if (day === NEXT_SAILINGS) return 'Next sailings';
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  const words = `${WEEKDAY_NAMES[date.getUTCDay()] ?? ''} ${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()] ?? ''}`;
  return day === addDaysToKey(localDayKey(now), 1) ? `Tomorrow, ${words}` : words;
}
