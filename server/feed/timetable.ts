/**
 * Daily timetables for the simulated routes, in America/Vancouver wall-clock time.
 *
 * Each route runs a rotation: its vessels shuttle between the two terminals, each sailing followed by
 * a dwell (unload, load) at the far end, so one vessel departs every `crossing + dwell` minutes
 * from alternating ends. Vessels are spread evenly around the rotation, which gives each terminal an
 * even headway (about every 2 h on Horseshoe Bay - Departure Bay, every 80 min on Tsawwassen -
 * Swartz Bay). Invariant: every vessel makes an even number of sailings a day, so it ties up
 * overnight at the terminal it starts from the next morning.
 */
import { routeById } from '@/domain/terminals';

import { FLEET, type Vessel } from '../db/fleet';
import { dayKey, localTimeToEpoch, weekday, type LocalDay } from './local-time';

export interface Rotation {
  routeId: string;
  vesselIds: readonly string[];
  /** First and latest possible departure, minutes after local midnight. */
  firstDeparture: number;
  lastDeparture: number;
  /** Minutes a vessel spends at a terminal between arriving and its next scheduled departure. */
  dwellMinutes: number;
}

const hm = (h: number, m: number) => h * 60 + m;

export const ROTATIONS: readonly Rotation[] = [
  {
    routeId: 'hsb-nan',
    vesselIds: ['queen-of-oak-bay', 'queen-of-cowichan'],
    firstDeparture: hm(6, 20),
    lastDeparture: hm(21, 0),
    dwellMinutes: 25,
  },
  {
    routeId: 'tsa-swb',
    vesselIds: ['spirit-of-british-columbia', 'spirit-of-vancouver-island', 'coastal-celebration'],
    firstDeparture: hm(7, 0),
    lastDeparture: hm(21, 0),
    dwellMinutes: 25,
  },
  {
    routeId: 'tsa-duk',
    vesselIds: ['coastal-inspiration'],
    firstDeparture: hm(5, 15),
    lastDeparture: hm(22, 0),
    dwellMinutes: 45,
  },
  {
    routeId: 'hsb-lng',
    vesselIds: ['queen-of-coquitlam'],
    firstDeparture: hm(6, 20),
    lastDeparture: hm(21, 30),
    dwellMinutes: 30,
  },
  {
    routeId: 'hsb-snug',
    vesselIds: ['queen-of-capilano'],
    firstDeparture: hm(6, 10),
    lastDeparture: hm(21, 30),
    dwellMinutes: 25,
  },
];

export interface ScheduledSailing {
  /** Stable id: route, vessel, local day and the sailing's number that day. */
  id: string;
  routeId: string;
  vessel: Vessel;
  from: string;
  to: string;
  scheduledMs: number;
  crossingMs: number;
  /** Local day the timetable belongs to, "YYYY-MM-DD", its weekday (0 = Sunday) and the minute of that day. */
  day: string;
  weekday: number;
  localMinute: number;
}

function vesselById(id: string): Vessel {
  const vessel = FLEET.find((v) => v.id === id);
  if (!vessel) throw new Error(`Timetable names unknown vessel ${id}`);
  return vessel;
}

/** One vessel's sailings on one local day, in departure order. */
export function vesselSailingsOn(rotation: Rotation, vesselIndex: number, day: LocalDay): ScheduledSailing[] {
  const route = routeById(rotation.routeId);
  if (!route) throw new Error(`Timetable names unknown route ${rotation.routeId}`);
  const vessel = vesselById(rotation.vesselIds[vesselIndex] ?? '');
  const legMinutes = route.crossingMinutes + rotation.dwellMinutes;
  const phase = (vesselIndex * 2 * legMinutes) / rotation.vesselIds.length;
  const startsAtFar = phase >= legMinutes;
  const firstMinute = rotation.firstDeparture + Math.round(startsAtFar ? phase - legMinutes : phase);

  let count = Math.floor((rotation.lastDeparture - firstMinute) / legMinutes) + 1;
  if (count % 2 === 1) count -= 1;

  const key = dayKey(day);
  const dow = weekday(day);
  const sailings: ScheduledSailing[] = [];
  for (let n = 0; n < count; n += 1) {
    const outbound = (n % 2 === 0) !== startsAtFar;
    const localMinute = firstMinute + n * legMinutes;
    sailings.push({
      id: `${rotation.routeId}:${vessel.id}:${key}:${n}`,
      routeId: rotation.routeId,
      vessel,
      from: outbound ? route.from : route.to,
      to: outbound ? route.to : route.from,
      scheduledMs: localTimeToEpoch(day, localMinute),
      crossingMs: route.crossingMinutes * 60_000,
      day: key,
      weekday: dow,
      localMinute,
    });
  }
  return sailings;
}
