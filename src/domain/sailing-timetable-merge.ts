/**
 * One sailing per departure, when a source lists the same route twice: BC Ferries' document (the
 * open-source BC Ferries API, cmd/staticdata/terminals.go) has every major route in BOTH of its
 * arrays, the capacity route (live status and fills from Current Conditions) and the non-capacity
 * route (the day's timetable: scheduled times only, no vessel, no status).
 *
 * - A capacity row is the sailing; a timetable row never overwrites it.
 * - A capacity row that has left or is under way carries its ACTUAL departure time (Current
 *   Conditions' "9:00 am Departed 9:04 am"). It is matched to its timetabled departure: on the same
 *   route and direction, the latest scheduled time not after it (a sailing may leave a few minutes
 *   early: EARLY_DEPARTURE_MIN) and at most DEPARTURE_MATCH_WINDOW_MIN before it, of the same
 *   vessel when both are known, that no other row holds. That sailing gets the actual departure and
 *   the delay; it never becomes a second sailing.
 * - A timetable row adds a sailing only where the capacity route has none: after the capacity
 *   route's last sailing of that service day (later today), or on a day (or a route) it lists none.
 */

/** A departed sailing is matched to a scheduled departure at most this long before it left. */
export const DEPARTURE_MATCH_WINDOW_MIN = 120;
/** A sailing may leave this many minutes before its scheduled time (seen: 7:00 am departed 6:58 am). */
export const EARLY_DEPARTURE_MIN = 10;

const MINUTE = 60_000;

/** A scheduled departure (epoch ms), with its vessel when a row named one. */
export interface ScheduledSlot {
  at: number;
  vesselId?: string;
}

/**
 * The scheduled departure a sailing that left at `actualMs` was, among `slots` (the route and
 * direction's), leaving out the `taken` ones; undefined when none fits.
 */
export function matchDeparture(
  actualMs: number,
  vesselId: string | undefined,
  slots: readonly ScheduledSlot[],
  taken: ReadonlySet<number>,
): ScheduledSlot | undefined {
  const fits = slots.filter(
    (s) =>
      !taken.has(s.at) &&
      s.at <= actualMs + EARLY_DEPARTURE_MIN * MINUTE &&
      actualMs - s.at <= DEPARTURE_MATCH_WINDOW_MIN * MINUTE &&
      (vesselId === undefined || s.vesselId === undefined || s.vesselId === vesselId),
  );
  const latest = (list: ScheduledSlot[]) =>
    list.reduce<ScheduledSlot | undefined>((a, b) => (!a || b.at > a.at ? b : a), undefined);
  // The vessel's own slot first, where the schedule named it.
  return latest(fits.filter((s) => vesselId !== undefined && s.vesselId === vesselId)) ?? latest(fits);
}

/**
 * Whether a timetable row at `at` adds a sailing: no capacity sailing departs then, and it is after
 * the capacity route's last scheduled departure of its service day (`coveredUntil`, undefined when
 * the capacity route lists none that day).
 */
export function timetableRowAdds(
  at: number,
  coveredUntil: number | undefined,
  capacityAt: ReadonlySet<number>,
): boolean {
  if (capacityAt.has(at)) return false;
  return coveredUntil === undefined || at > coveredUntil;
}
