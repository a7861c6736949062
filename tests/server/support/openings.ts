/**
 * Finds, in the deterministic reservations model, the moment a space opens on a sailing, so watcher
 * tests can pin the clock one minute before and at it.
 */
import { NINJA_ROUTES, PRESET_DEPARTURE_TIMES, presetMinute } from '@/domain/ninja';
import { ninjaTimeText } from '@/domain/ninja-sailing-times';

import { RESERVATION_CUTOFF_MS, sailingsOfRoute, spacesAt } from '../../../server/feed/reservations';
import type { ScheduledSailing } from '../../../server/feed/timetable';

const MINUTE = 60_000;

export interface Opening {
  route: string;
  date: string;
  departureTime: string;
  sailing: ScheduledSailing;
  /** First minute the space is free; the minute before it has none. */
  opensAt: number;
  spaces: number;
}

/**
 * A sailing of `route` on `date` whose time is near a preset (a non-flexible request's window holds
 * only it) and a cancellation that takes its standard spaces from 0 to `spaces` (default: any).
 */
export function findOpening(route: string, date: string, spaces?: number): Opening {
  const named = NINJA_ROUTES.find((r) => r.name === route);
  if (!named?.routeId || !named.from) throw new Error(`${route} is not simulated`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const sailings = sailingsOfRoute(named.routeId, { year, month, day }, named.from);
  for (const departureTime of PRESET_DEPARTURE_TIMES) {
    const minute = presetMinute(departureTime) ?? -1;
    const matching = sailings.filter((s) => Math.abs(s.localMinute - minute) <= 10);
    const sailing = matching[0];
    if (!sailing || matching.length !== 1) continue;
    const cutoff = sailing.scheduledMs - RESERVATION_CUTOFF_MS;
    for (let t = cutoff - 20 * 60 * MINUTE; t < cutoff; t += MINUTE) {
      const before = spacesAt(sailing, 'standard', t - MINUTE);
      const after = spacesAt(sailing, 'standard', t);
      if (
        before === 0 &&
        after > 0 &&
        (spaces === undefined || after === spaces) &&
        spacesAt(sailing, 'passenger', t) >= 4
      ) {
        // The request names the sailing by its own time, as the phone's picker offers it.
        return { route, date, departureTime: ninjaTimeText(sailing.scheduledMs), sailing, opensAt: t, spaces: after };
      }
    }
  }
  throw new Error(`No opening found on ${route} ${date}`);
}
