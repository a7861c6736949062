/**
 * Which lane slots the counted cars occupy, and which camera sees each of them ("what the
 * camera shows and what the queue numbers say agree").
 *
 * Cars fill a route's lanes front first, lane by lane (src/domain/lane-geometry.ts). Cars beyond the
 * lanes' capacity wait on the approach road. Each terminal has three cameras (rider-core §3 Camera
 * feed locations): `booth` sees the front third of every lane, `queue_area` the middle third,
 * `entrance` the back third and the approach road. A camera's detection count is exactly the number
 * of occupied slots it sees, and its frame draws exactly those cars, so the two cannot disagree.
 */
import { laneCapacity, routeLanes, type Lane, type TerminalLayout } from './lane-geometry';

export const CAMERA_LOCATIONS = ['entrance', 'queue_area', 'booth'] as const;
export type CameraLocation = (typeof CAMERA_LOCATIONS)[number];

export interface OccupiedSlot {
  laneId: string;
  slot: number;
}

export interface Occupancy {
  /** Cars standing in lanes, by lane id, as the number of slots filled from the front. */
  filled: Record<string, number>;
  /** Cars per route that did not fit in the route's lanes (waiting on the approach road). */
  overflow: Record<string, number>;
}

/** Fills each route's lanes with that route's count, front first. */
export function fillLanes(
  layout: Pick<TerminalLayout, 'lanes'>,
  countsByRoute: Readonly<Record<string, number>>,
): Occupancy {
  const filled: Record<string, number> = {};
  const overflow: Record<string, number> = {};
  for (const lane of layout.lanes) filled[lane.id] = 0;
  for (const [routeId, count] of Object.entries(countsByRoute)) {
    let left = Math.max(0, Math.floor(count));
    for (const lane of routeLanes(layout, routeId)) {
      const take = Math.min(left, laneCapacity(lane));
      filled[lane.id] = take;
      left -= take;
    }
    if (left > 0) overflow[routeId] = left;
  }
  return { filled, overflow };
}

/** The camera that sees slot `slot` of a lane holding `capacity` cars. */
export function cameraForSlot(slot: number, capacity: number): CameraLocation {
  if (capacity <= 0) return 'entrance';
  const third = slot / capacity;
  if (third < 1 / 3) return 'booth';
  if (third < 2 / 3) return 'queue_area';
  return 'entrance';
}

/** The occupied slots the camera at `location` sees, lane by lane. */
export function slotsSeenBy(
  layout: Pick<TerminalLayout, 'lanes'>,
  occupancy: Occupancy,
  location: CameraLocation,
): OccupiedSlot[] {
  const seen: OccupiedSlot[] = [];
  for (const lane of layout.lanes) {
    const capacity = laneCapacity(lane);
    const count = occupancy.filled[lane.id] ?? 0;
    for (let slot = 0; slot < count; slot += 1) {
      if (cameraForSlot(slot, capacity) === location) seen.push({ laneId: lane.id, slot });
    }
  }
  return seen;
}

/** Cars on the approach road (overflow of every route): only the entrance camera sees them. */
export function approachRoadCars(occupancy: Occupancy): number {
  return Object.values(occupancy.overflow).reduce((sum, n) => sum + n, 0);
}

/** Vehicles the camera at `location` counts. Summed over the three cameras: every car, once. */
export function cameraCount(
  layout: Pick<TerminalLayout, 'lanes'>,
  occupancy: Occupancy,
  location: CameraLocation,
): number {
  const inLanes = slotsSeenBy(layout, occupancy, location).length;
  return location === 'entrance' ? inLanes + approachRoadCars(occupancy) : inLanes;
}

/** The slice of `lane` a camera at `location` looks at, as [from, to) slot indices. */
export function cameraSlotRange(lane: Pick<Lane, 'points'>, location: CameraLocation): [number, number] {
  const capacity = laneCapacity(lane);
  let from = capacity;
  let to = 0;
  for (let slot = 0; slot < capacity; slot += 1) {
    if (cameraForSlot(slot, capacity) !== location) continue;
    from = Math.min(from, slot);
    to = Math.max(to, slot + 1);
  }
  return from >= to ? [0, 0] : [from, to];
}

/**
 * Splits a terminal's total count across its routes in proportion to `weights` (largest remainder),
 * so the parts always add up to the total. Routes with no weight get nothing; with no weight at
 * all, the total goes to the first route.
 */
export function splitCount(total: number, weights: Readonly<Record<string, number>>): Record<string, number> {
  const routes = Object.keys(weights);
  const out: Record<string, number> = {};
  for (const r of routes) out[r] = 0;
  const whole = Math.max(0, Math.floor(total));
  if (routes.length === 0 || whole === 0) return out;
  const sum = routes.reduce((s, r) => s + Math.max(0, weights[r] ?? 0), 0);
  if (sum <= 0) {
    out[routes[0]!] = whole;
    return out;
  }
  const shares = routes.map((r) => ({ r, exact: (whole * Math.max(0, weights[r] ?? 0)) / sum }));
  let given = 0;
  for (const s of shares) {
    out[s.r] = Math.floor(s.exact);
    given += out[s.r]!;
  }
  shares
    .sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || a.r.localeCompare(b.r))
    .slice(0, whole - given)
    .forEach((s) => {
      out[s.r] = (out[s.r] ?? 0) + 1;
    });
  return out;
}
