/**
 * What a rider's photo count is compared with, and where it may be counted (rider-core §2 Contribute,
 * §5, §9). The form asks for "the cars in your lane", so the count is scored against the cameras'
 * count of that lane, not the terminal's total:
 * - "General Queue" is the whole queue: the terminal's count.
 * - "Lane N" is lane N of the terminal. When the rider's GPS fix stands in one of the terminal's lanes,
 *   the lane N of that fix's route is meant; without a fix, lane N only when a single route at the
 *   terminal has one. Otherwise the count cannot be checked (null), and earns the default points.
 * A count is only taken at the terminal where the rider's fix is, when there is a fix.
 */
import { distanceMeters, placeInLanes, TERMINAL_RADIUS_M, type LatLng, type TerminalLayout } from './lane-geometry';
import type { Occupancy } from './lane-occupancy';
import { terminalById } from './terminals';

export const GENERAL_QUEUE = 'General Queue';

/** The cameras' count of the lane the rider named, or null when it is not known which lane that is. */
export function laneCameraCount(
  layout: Pick<TerminalLayout, 'lanes'>,
  occupancy: Occupancy,
  terminalCount: number,
  lane: string,
  fix: LatLng | null,
): number | null {
  if (lane === GENERAL_QUEUE) return terminalCount;
  const number = Number(/^Lane (\d+)$/.exec(lane)?.[1]);
  if (!Number.isInteger(number)) return null;
  const placed = fix ? placeInLanes(layout, fix) : null;
  const candidates = layout.lanes.filter(
    (l) => l.laneNumber === number && (!placed || l.routeId === placed.lane.routeId),
  );
  if (candidates.length !== 1) return null;
  return occupancy.filled[candidates[0]!.id] ?? 0;
}

/** The terminal whose lanes or buildings `fix` is within TERMINAL_RADIUS_M of, or null. */
export function terminalOfFix(
  layouts: ReadonlyArray<Pick<TerminalLayout, 'terminalId' | 'entrance' | 'booth' | 'lanes'>>,
  fix: LatLng,
): string | null {
  let nearest: { terminalId: string; distance: number } | null = null;
  for (const layout of layouts) {
    if (placeInLanes(layout, fix)) return layout.terminalId;
    const distance = Math.min(distanceMeters(layout.entrance, fix), distanceMeters(layout.booth, fix));
    if (!nearest || distance < nearest.distance) nearest = { terminalId: layout.terminalId, distance };
  }
  return nearest && nearest.distance <= TERMINAL_RADIUS_M ? nearest.terminalId : null;
}

/**
 * Why a count for `terminalId` is refused given where the rider's fix is (null: it is taken). With no
 * fix the count is taken: GPS may be off or slow (rider-core §5 "the upload proceeds without").
 */
export function photoPlaceProblem(terminalId: string, fixTerminalId: string | null, hasFix: boolean): string | null {
  if (!hasFix || fixTerminalId === terminalId) return null;
  const asked = terminalById(terminalId)?.name ?? terminalId;
  if (fixTerminalId === null)
    return `Your phone's location is not at ${asked}. Count the lane you are in when you are at the terminal.`;
  const there = terminalById(fixTerminalId)?.name ?? fixTerminalId;
  return `Your phone's location is at ${there}, not ${asked}. Choose ${there} as the terminal and count the lane you are in.`;
}
