/**
 * Terminal lane geometry (rider-core §2 "Queue detection widget"): where a GPS point sits in
 * a terminal's vehicle lanes, and how many car lengths of lane lie between it and the booth.
 *
 * Model: each lane is a polyline that starts at its front (by the ticket booth, where the lane is
 * released first) and runs back towards the entrance. A lane holds floor(length / CAR_SPACING_M) cars,
 * slot 0 at the front. Lanes of one route fill and load in `laneNumber` order, so the car lengths
 * ahead of a point are the capacities of the route's earlier lanes plus the point's slot.
 *
 * Distances use a local equirectangular projection around the terminal: over a few hundred metres
 * its error is far below a car length. Pure: no I/O.
 */
import { z } from 'zod/mini';

export interface LatLng {
  lat: number;
  lng: number;
}

export const latLngSchema = z.object({
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
});

export interface Lane {
  id: string;
  terminalId: string;
  /** The route whose cars wait in this lane (src/domain/terminals.ts ROUTES). */
  routeId: string;
  /** Fill and load order among the route's lanes, 1 first. */
  laneNumber: number;
  /** Front (booth end) first. At least two points. */
  points: LatLng[];
}

export interface TerminalLayout {
  terminalId: string;
  entrance: LatLng;
  booth: LatLng;
  lanes: Lane[];
}

/** Bumper-to-bumper spacing of a queued car: a 4.8 m car plus a 1.7 m gap. */
export const CAR_SPACING_M = 6.5;
/** A point further than this from every lane centre line is not in a lane (lanes are ~4 m wide; GPS errs). */
export const MAX_LANE_OFFSET_M = 20;
/** A point this close to the entrance counts as "at the terminal" even when it is in no lane. */
export const TERMINAL_RADIUS_M = 1_500;

const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;

export interface Point2 {
  x: number;
  y: number;
}

/** Metres east (x) and north (y) of `origin`. */
export function toLocalMeters(origin: LatLng, point: LatLng): Point2 {
  return {
    x: (point.lng - origin.lng) * RAD * EARTH_RADIUS_M * Math.cos(origin.lat * RAD),
    y: (point.lat - origin.lat) * RAD * EARTH_RADIUS_M,
  };
}

/** The inverse of toLocalMeters. */
export function fromLocalMeters(origin: LatLng, point: Point2): LatLng {
  return {
    lat: origin.lat + point.y / (RAD * EARTH_RADIUS_M),
    lng: origin.lng + point.x / (RAD * EARTH_RADIUS_M * Math.cos(origin.lat * RAD)),
  };
}

export function distanceMeters(a: LatLng, b: LatLng): number {
  const p = toLocalMeters(a, b);
  return Math.hypot(p.x, p.y);
}

export function polylineLength(points: readonly LatLng[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i += 1) total += distanceMeters(points[i - 1]!, points[i]!);
  return total;
}

export interface Projection {
  /** Metres along the polyline from its first point to the foot of the perpendicular. */
  distanceAlong: number;
  /** Metres from the point to the polyline. */
  offset: number;
  /** The foot of the perpendicular. */
  foot: LatLng;
}

/** The closest point of `points` to `point` (ties: the earliest segment). */
export function projectOntoPolyline(points: readonly LatLng[], point: LatLng): Projection {
  if (points.length === 0) throw new Error('A polyline needs at least one point');
  const origin = points[0]!;
  const p = toLocalMeters(origin, point);
  if (points.length === 1) return { distanceAlong: 0, offset: Math.hypot(p.x, p.y), foot: origin };
  let best: Projection | null = null;
  let walked = 0;
  for (let i = 1; i < points.length; i += 1) {
    const a = toLocalMeters(origin, points[i - 1]!);
    const b = toLocalMeters(origin, points[i]!);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSq = dx * dx + dy * dy;
    const t = lengthSq === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSq));
    const fx = a.x + t * dx;
    const fy = a.y + t * dy;
    const offset = Math.hypot(p.x - fx, p.y - fy);
    const length = Math.sqrt(lengthSq);
    if (!best || offset < best.offset - 1e-9) {
      best = { distanceAlong: walked + t * length, offset, foot: fromLocalMeters(origin, { x: fx, y: fy }) };
    }
    walked += length;
  }
  return best!;
}

/** The point `distance` metres along the polyline, clamped to its ends. */
export function pointAlong(points: readonly LatLng[], distance: number): LatLng {
  if (points.length === 0) throw new Error('A polyline needs at least one point');
  if (distance <= 0 || points.length === 1) return points[0]!;
  let walked = 0;
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const length = distanceMeters(a, b);
    if (walked + length >= distance) {
      const t = length === 0 ? 0 : (distance - walked) / length;
      return { lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t };
    }
    walked += length;
  }
  return points[points.length - 1]!;
}

/** Cars a lane holds nose to tail. */
export function laneCapacity(lane: Pick<Lane, 'points'>): number {
  return Math.floor(polylineLength(lane.points) / CAR_SPACING_M);
}

/** The slot (0 = front) of a car whose position is `distanceAlong` metres from the lane's front. */
export function slotAt(distanceAlong: number): number {
  return Math.max(0, Math.floor(distanceAlong / CAR_SPACING_M));
}

/** The route's lanes in fill order. */
export function routeLanes(layout: Pick<TerminalLayout, 'lanes'>, routeId: string): Lane[] {
  return layout.lanes.filter((l) => l.routeId === routeId).sort((a, b) => a.laneNumber - b.laneNumber);
}

export interface LanePlacement {
  lane: Lane;
  /** The car's slot in its lane, 0 at the front, capped at the lane's last slot. */
  slot: number;
  /** Car lengths of lane ahead of the car along its route's fill order (earlier lanes + slot). */
  carsAheadByGeometry: number;
  projection: Projection;
}

/**
 * Where `point` stands in the layout's lanes: the nearest lane within MAX_LANE_OFFSET_M, or null
 * when it is in none of them.
 */
export function placeInLanes(layout: Pick<TerminalLayout, 'lanes'>, point: LatLng): LanePlacement | null {
  let nearest: { lane: Lane; projection: Projection } | null = null;
  for (const lane of layout.lanes) {
    const projection = projectOntoPolyline(lane.points, point);
    if (!nearest || projection.offset < nearest.projection.offset) nearest = { lane, projection };
  }
  if (!nearest || nearest.projection.offset > MAX_LANE_OFFSET_M) return null;
  const { lane, projection } = nearest;
  const capacity = laneCapacity(lane);
  const slot = Math.min(slotAt(projection.distanceAlong), Math.max(0, capacity - 1));
  const earlier = routeLanes(layout, lane.routeId)
    .filter((l) => l.laneNumber < lane.laneNumber)
    .reduce((sum, l) => sum + laneCapacity(l), 0);
  return { lane, slot, carsAheadByGeometry: earlier + slot, projection };
}
