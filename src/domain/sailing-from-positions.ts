/**
 * What a vessel's AIS positions say about its sailing that the timetable does not (DESIGN.md "Real
 * data where a public source exists"; issue "Real ferries", source `ais`):
 * - it has actually left: the vessel is more than BERTH_RADIUS_M from the departure terminal and
 *   moving (over MOVING_KNOTS), no earlier than DEPARTURE_WINDOW_MIN before the scheduled time;
 * - its real delay: minutes between the scheduled time and when it left, or, while it is still at
 *   the berth after the scheduled time, the minutes it has waited so far (a lower bound);
 * - its ETA: the remaining distance to the arrival terminal (straight line: no route polylines are
 *   stored) at the reported speed, once under way faster than MOVING_KNOTS;
 * - it has arrived: within BERTH_RADIUS_M of the arrival terminal and nearly still.
 * A stale position (older than POSITION_STALE_MS) says nothing. Derived figures carry source `ais`
 * and the position's time in delayProvenance / arrivalProvenance.
 */
import { distanceMeters, type LatLng } from './lane-geometry';
import type { Sailing } from './sailing';
import { positionIsStale, type VesselPosition } from './vessel-position';

/** A vessel this close to a terminal's coordinates is at its berth. */
export const BERTH_RADIUS_M = 800;
/** Faster than this (knots) the vessel is under way, not manoeuvring at the berth. */
export const MOVING_KNOTS = 3;
/** A vessel leaving the berth this long before its scheduled time is taken to be on this sailing. */
export const DEPARTURE_WINDOW_MIN = 15;
const MINUTE = 60_000;
const METERS_PER_NAUTICAL_MILE = 1852;

export interface PositionDerivation {
  sailing: Sailing;
  /** When the vessel was first seen away from the berth for this sailing (remember and pass back). */
  leftAtMs?: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Refines one sailing with its vessel's latest position. `leftAtMs` is what an earlier call
 * answered for the same sailing (the moment it left is not in a later position).
 */
export function sailingFromPosition(
  sailing: Sailing,
  position: VesselPosition | undefined,
  terminals: { from: LatLng; to: LatLng },
  now: number,
  leftAtMs?: number,
): PositionDerivation {
  if (sailing.status === 'cancelled' || sailing.status === 'arrived') return { sailing, leftAtMs };
  if (!position || positionIsStale(position, now)) return { sailing, leftAtMs };
  const at = Date.parse(position.observedAt);
  const provenance = { source: 'ais' as const, observedAt: position.observedAt };
  const scheduled = Date.parse(sailing.scheduledDeparture);
  const here = { lat: position.lat, lng: position.lng };
  const speed = position.speedKnots ?? 0;
  const fromBerth = distanceMeters(terminals.from, here);
  const toBerth = distanceMeters(terminals.to, here);
  let left = leftAtMs;
  if (
    left === undefined &&
    (sailing.status === 'departed' ||
      (fromBerth > BERTH_RADIUS_M && speed > MOVING_KNOTS && at >= scheduled - DEPARTURE_WINDOW_MIN * MINUTE))
  ) {
    left = at;
  }

  if (left === undefined) {
    // Still at (or not yet back to) the berth: once past the scheduled time, the wait so far is the delay.
    if (fromBerth > BERTH_RADIUS_M || at <= scheduled) return { sailing };
    const waited = Math.floor((at - scheduled) / MINUTE);
    const delayMinutes = Math.max(sailing.delayMinutes ?? 0, waited);
    return {
      sailing: {
        ...sailing,
        delayMinutes,
        expectedDeparture: iso(scheduled + delayMinutes * MINUTE),
        delayProvenance: provenance,
      },
    };
  }

  const delayMinutes = Math.max(0, Math.round((left - scheduled) / MINUTE));
  const refined: Sailing = {
    ...sailing,
    status: 'departed',
    delayMinutes,
    expectedDeparture: iso(scheduled + delayMinutes * MINUTE),
    delayProvenance: provenance,
  };
  if (toBerth <= BERTH_RADIUS_M && speed <= MOVING_KNOTS) {
    return {
      sailing: { ...refined, status: 'arrived', expectedArrival: position.observedAt, arrivalProvenance: provenance },
      leftAtMs: left,
    };
  }
  if (speed > MOVING_KNOTS) {
    const hours = toBerth / METERS_PER_NAUTICAL_MILE / speed;
    refined.expectedArrival = iso(at + Math.round(hours * 60) * MINUTE);
    refined.arrivalProvenance = provenance;
  }
  return { sailing: refined, leftAtMs: left };
}
