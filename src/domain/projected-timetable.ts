/**
 * Later days' sailings from the recorded timetable (issue "Real ferries", section "History and
 * forecasts": a forecast "for every upcoming sailing (today and the next 7 days)"). BC Ferries lists
 * only today's sailings, so a rider planning tomorrow's trip would otherwise find no sailing to
 * forecast. The server projects them (server/forecast/forecast-service.ts) and forecasts each one;
 * the app says where their times come from ("timetable recorded on 4 past Fridays").
 *
 * The rule, per route and departure terminal (a route end) and service day:
 * - What the source lists is taken as it lists it: nothing is projected up to the route end's last
 *   listed departure (the simulator lists its own 7 days; BC Ferries lists today's service day,
 *   which may run past midnight into tomorrow's date).
 * - After it, each day D looks at the recorded days of the same weekday within the PROJECTION_WEEKS
 *   weeks before today on which that route end has any recorded sailing, leaving out BC statutory
 *   holidays and long-weekend days (their timetable is often a special one).
 * - A departure time (local wall-clock minute) recorded on at least half of those days is projected
 *   on D at the same local time. None of those days: nothing is projected, and the forecast list
 *   simply has no sailing there (nothing is invented).
 */
import { addDaysToKey, dayKind, weekdayOfDay } from './bc-holidays';
import { WEEKDAY_PLURALS } from './fill-forecast';
import { sailingId } from './sailing';
import { terminalOffsetMs, terminalWallClock } from './time';

/** How far back the recorded timetable is read, in weeks. */
export const PROJECTION_WEEKS = 4;

/** One recorded (or listed) departure. */
export interface TimetableEntry {
  routeId: string;
  from: string;
  to: string;
  /** ISO instant. */
  scheduledDeparture: string;
}

/** A sailing no source lists yet, at a time taken from the recorded timetable. */
export interface ProjectedSailing extends TimetableEntry {
  /** The id the source's own listing of this sailing will carry (./sailing.ts `sailingId`). */
  id: string;
  /** Local service day "YYYY-MM-DD". */
  day: string;
  /** On how many of the past same weekdays this time was recorded. */
  recordedOn: number;
}

const routeEndKey = (routeId: string, from: string) => `${routeId}|${from}`;

function localDayAndMinute(ms: number): { day: string; minute: number } {
  const w = terminalWallClock(ms);
  return {
    day: `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`,
    minute: w.hour * 60 + w.minute,
  };
}

/** The instant at `minute` local wall-clock time on the local day `day`. */
export function terminalInstant(day: string, minute: number): number {
  const [y, m, d] = day.split('-').map(Number);
  const naive = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 0, minute);
  // Two passes settle the offset even when the first guess falls on the other side of a DST change.
  const first = naive - terminalOffsetMs(naive);
  return naive - terminalOffsetMs(first);
}

interface RecordedRouteEnd {
  routeId: string;
  from: string;
  /** Per recorded local day: each departure minute and where it went. */
  days: Map<string, Map<number, string>>;
}

/**
 * The sailings of `days` (local days "YYYY-MM-DD") that no source lists, projected from the
 * `recorded` timetable of the weeks before `today`, departure order.
 */
export function projectTimetable(
  recorded: Iterable<TimetableEntry>,
  listed: Iterable<Pick<TimetableEntry, 'routeId' | 'from' | 'scheduledDeparture'>>,
  days: readonly string[],
  today: string,
): ProjectedSailing[] {
  const earliest = addDaysToKey(today, -PROJECTION_WEEKS * 7);
  const routeEnds = new Map<string, RecordedRouteEnd>();
  for (const entry of recorded) {
    const ms = Date.parse(entry.scheduledDeparture);
    if (Number.isNaN(ms)) continue;
    const { day, minute } = localDayAndMinute(ms);
    if (day >= today || day < earliest) continue;
    const key = routeEndKey(entry.routeId, entry.from);
    let routeEnd = routeEnds.get(key);
    if (!routeEnd) {
      routeEnd = { routeId: entry.routeId, from: entry.from, days: new Map() };
      routeEnds.set(key, routeEnd);
    }
    let minutes = routeEnd.days.get(day);
    if (!minutes) {
      minutes = new Map();
      routeEnd.days.set(day, minutes);
    }
    minutes.set(minute, entry.to);
  }
  const listedUntil = new Map<string, number>();
  for (const s of listed) {
    const ms = Date.parse(s.scheduledDeparture);
    const key = routeEndKey(s.routeId, s.from);
    if (!Number.isNaN(ms) && ms > (listedUntil.get(key) ?? -Infinity)) listedUntil.set(key, ms);
  }
  const out: ProjectedSailing[] = [];
  for (const [key, routeEnd] of routeEnds) {
    const until = listedUntil.get(key) ?? -Infinity;
    for (const day of days) {
      const weekday = weekdayOfDay(day);
      const sourceDays = [...routeEnd.days.keys()].filter(
        (d) => weekdayOfDay(d) === weekday && dayKind(d) === 'regular',
      );
      if (sourceDays.length === 0) continue;
      const counts = new Map<number, { count: number; to: string }>();
      // Most recent first, so a departure keeps the destination it had most recently.
      for (const d of sourceDays.sort().reverse()) {
        for (const [minute, to] of routeEnd.days.get(d) ?? []) {
          const held = counts.get(minute);
          counts.set(minute, { count: (held?.count ?? 0) + 1, to: held?.to ?? to });
        }
      }
      for (const [minute, { count, to }] of counts) {
        if (count * 2 < sourceDays.length) continue;
        const ms = terminalInstant(day, minute);
        if (ms <= until) continue;
        out.push({
          id: sailingId(routeEnd.routeId, routeEnd.from, ms),
          routeId: routeEnd.routeId,
          from: routeEnd.from,
          to,
          scheduledDeparture: new Date(ms).toISOString(),
          day,
          recordedOn: count,
        });
      }
    }
  }
  return out.sort((a, b) => a.scheduledDeparture.localeCompare(b.scheduledDeparture) || a.id.localeCompare(b.id));
}

/** "timetable recorded on 4 past Fridays": where a projected sailing's time comes from. */
export function projectedTimetableText(scheduledDeparture: string, recordedOn: number): string {
  const { day } = localDayAndMinute(Date.parse(scheduledDeparture));
  const days = WEEKDAY_PLURALS[weekdayOfDay(day)] ?? 'days';
  return recordedOn === 1
    ? `timetable recorded on 1 past ${days.slice(0, -1)}`
    : `timetable recorded on ${recordedOn} past ${days}`;
}
