/**
 * The server's view of a terminal's queue: its seeded lane geometry, the feed's latest
 * count split across the terminal's routes, which lane slots those cars fill, and from that the
 * rider's position and boarding estimate. Camera detections (GET /api/queue/detections) and camera
 * frames (GET /api/cameras/:id/frame) are derived from the same occupancy, so they always agree.
 */
import { asc, eq } from 'drizzle-orm';

import { loadIsForAnnouncedDeparture } from '@/domain/capacity';
import type { Ferry } from '@/domain/ferry';
import {
  distanceMeters,
  placeInLanes,
  TERMINAL_RADIUS_M,
  type LanePlacement,
  type LatLng,
  type TerminalLayout,
} from '@/domain/lane-geometry';
import { fillLanes, splitCount, type Occupancy } from '@/domain/lane-occupancy';
import {
  correctedCarsAhead,
  estimateBoarding,
  positionBasis,
  positionConfidence,
  type UpcomingSailing,
} from '@/domain/queue-estimate';
import type { QueuePosition } from '@/domain/queue-position';
import type { QueueDataValue } from '@/domain/realtime';
import { matchingFerry, sailingDepartureTime } from '@/domain/rider-route';
import type { Sailing } from '@/domain/sailing';
import { routeById, terminalById } from '@/domain/terminals';

import type { Db } from '../db/db-handle';
import { FLEET } from '../db/fleet';
import { terminalLanes, terminalLayouts } from '../db/schema';
import type { FerryFeed } from '../feed/ferry-feed';
import { laneWaitingByRoute } from '../feed/simulator';
import { ROTATIONS } from '../feed/timetable';
import { httpError } from '../http/errors';

/** Later sailings added from the timetable's headway when the feed's next departures are not enough. */
const EXTRA_SAILINGS = 8;

export async function loadLayouts(db: Db): Promise<TerminalLayout[]> {
  const [layouts, lanes] = await Promise.all([
    db.select().from(terminalLayouts),
    db
      .select()
      .from(terminalLanes)
      .orderBy(asc(terminalLanes.terminalId), asc(terminalLanes.routeId), asc(terminalLanes.laneNumber)),
  ]);
  return layouts.map((l) => ({
    terminalId: l.terminalId,
    entrance: l.entrance,
    booth: l.booth,
    lanes: lanes.filter((lane) => lane.terminalId === l.terminalId),
  }));
}

export async function loadLayout(db: Db, terminalId: string): Promise<TerminalLayout | null> {
  const [layout] = await db.select().from(terminalLayouts).where(eq(terminalLayouts.terminalId, terminalId)).limit(1);
  if (!layout) return null;
  const lanes = await db
    .select()
    .from(terminalLanes)
    .where(eq(terminalLanes.terminalId, terminalId))
    .orderBy(asc(terminalLanes.laneNumber));
  return { terminalId, entrance: layout.entrance, booth: layout.booth, lanes };
}

export interface TerminalQueue {
  layout: TerminalLayout;
  /** The feed's latest count for the terminal (null if the feed has none). */
  count: QueueDataValue | null;
  countsByRoute: Record<string, number>;
  occupancy: Occupancy;
}

export function terminalQueue(layout: TerminalLayout, feed: FerryFeed): TerminalQueue {
  return queueAt(layout, feed.queueCounts().find((c) => c.terminalId === layout.terminalId) ?? null);
}

/** The terminal's queue for one count of it (the feed's latest, or the simulator's at another time). */
export function queueAt(layout: TerminalLayout, count: QueueDataValue | null): TerminalQueue {
  const routes = [...new Set(layout.lanes.map((l) => l.routeId))].sort();
  const waiting = count ? laneWaitingByRoute(count.timestamp, layout.terminalId) : {};
  const weights = Object.fromEntries(routes.map((r) => [r, waiting[r] ?? 0]));
  const countsByRoute = splitCount(count?.vehicleCount ?? 0, weights);
  return { layout, count, countsByRoute, occupancy: fillLanes(layout, countsByRoute) };
}

export interface Located {
  layout: TerminalLayout;
  placement: LanePlacement;
}

/**
 * The terminal lane `point` stands in. 422 `not_in_lane` when it is at a terminal but in none of its
 * lanes, 422 `not_at_terminal` when it is near no terminal.
 */
export function locate(layouts: readonly TerminalLayout[], point: LatLng): Located {
  let nearest: { layout: TerminalLayout; distance: number } | null = null;
  for (const layout of layouts) {
    const placement = placeInLanes(layout, point);
    if (placement) return { layout, placement };
    const distance = Math.min(distanceMeters(layout.entrance, point), distanceMeters(layout.booth, point));
    if (!nearest || distance < nearest.distance) nearest = { layout, distance };
  }
  if (nearest && nearest.distance <= TERMINAL_RADIUS_M) {
    const name = terminalById(nearest.layout.terminalId)?.name ?? nearest.layout.terminalId;
    throw httpError(
      422,
      'not_in_lane',
      `You are near ${name} but not in one of its vehicle lanes; try again once you are in line.`,
    );
  }
  throw httpError(
    422,
    'not_at_terminal',
    'Your location is not at a ferry terminal; queue positions are only known in the terminal lanes.',
  );
}

/** Headway between departures of `routeId` from one terminal, minutes. */
function headwayMinutes(routeId: string): number {
  const rotation = ROTATIONS.find((r) => r.routeId === routeId);
  const route = routeById(routeId);
  if (!rotation || !route) return 120;
  return (2 * (route.crossingMinutes + rotation.dwellMinutes)) / rotation.vesselIds.length;
}

/**
 * The route's timetabled sailings from the terminal that can still take a car, with their free vehicle
 * space, soonest first: the same sailings the rider's cards list (src/domain/rider-route.ts), so the
 * queue card's boarding falls in the sailing home shows. Empty when the feed has no timetable for it.
 */
function timetabledSailings(
  sailings: readonly Sailing[],
  ferries: readonly Ferry[],
  terminalId: string,
  routeId: string,
  now: number,
): UpcomingSailing[] {
  const fallback = FLEET.find((v) => v.routeId === routeId)?.vehicleCapacity ?? 0;
  return sailings
    .filter(
      (s) =>
        s.routeId === routeId &&
        s.from === terminalId &&
        s.status !== 'departed' &&
        s.status !== 'arrived' &&
        s.status !== 'cancelled',
    )
    .filter((s) => Date.parse(sailingDepartureTime(s)) >= now)
    .map((s) => {
      const listed = matchingFerry(ferries, s);
      const capacity = FLEET.find((v) => v.id === s.vesselId)?.vehicleCapacity ?? listed?.vehicleCapacity ?? fallback;
      // Cars already aboard take space; cars still in the lanes are the queue itself (a car-deck fill
      // counts them too, so it is not subtracted). Aboard: the vessel list's load while at this berth.
      const aboard = listed && loadIsForAnnouncedDeparture(listed) ? listed.currentVehicles : 0;
      return {
        ferryId: s.vesselId ?? listed?.id ?? s.id,
        departureTime: sailingDepartureTime(s),
        spaces: Math.max(0, capacity - aboard),
      };
    })
    .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime));
}

/**
 * The next sailings of `routeId` from `terminalId` with their free vehicle space, soonest first: the
 * feed's timetable when it lists the route; else (no timetable) each vessel's next departure plus
 * later ones at the timetable's headway.
 */
export function upcomingSailings(
  ferries: readonly Ferry[],
  terminalId: string,
  routeId: string,
  now: number,
  sailings: readonly Sailing[] = [],
): UpcomingSailing[] {
  if (sailings.some((s) => s.routeId === routeId && s.from === terminalId))
    return timetabledSailings(sailings, ferries, terminalId, routeId, now);
  const known = ferries
    .filter((f) => f.terminalId === terminalId && f.routeId === routeId && Date.parse(f.departureTime) >= now)
    .map((f) => ({
      ferryId: f.id,
      departureTime: f.departureTime,
      // While at this berth the vessel may already carry cars; otherwise the whole deck is free.
      spaces: loadIsForAnnouncedDeparture(f) ? Math.max(0, f.vehicleCapacity - f.currentVehicles) : f.vehicleCapacity,
    }))
    .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime));
  const vessels = FLEET.filter((v) => v.routeId === routeId);
  const capacity = vessels[0]?.vehicleCapacity ?? 0;
  if (capacity === 0) return known;
  const step = headwayMinutes(routeId) * 60_000;
  const lastKnown = known[known.length - 1];
  const last = lastKnown ? Date.parse(lastKnown.departureTime) : now;
  // Vessels take turns: the one after the last known departure's vessel sails next.
  const lastIndex = Math.max(
    -1,
    vessels.findIndex((v) => v.id === lastKnown?.ferryId),
  );
  const extra = Array.from({ length: EXTRA_SAILINGS }, (_, i) => ({
    ferryId: vessels[(lastIndex + 1 + i) % vessels.length]!.id,
    departureTime: new Date(last + (i + 1) * step).toISOString(),
    spaces: capacity,
  }));
  return [...known, ...extra];
}

export interface PositionFix {
  point: LatLng;
  accuracy?: number;
  verified?: boolean;
  /** When the fix was taken (epoch ms): the position's lastUpdated. Default: `now` (a fresh fix). */
  takenAt?: number;
  /** The sailing the car was expected to board when the fix was taken (stored with it). */
  sailing?: { ferryId: string | null; departureTime: string } | null;
}

export interface ComputedPosition {
  position: QueuePosition;
  laneId: string;
  carsAheadByGeometry: number;
  carsAhead: number;
  routeCount: number | null;
  /** The sailing the position belongs to (see PositionFix.sailing), null when none could take the car. */
  sailing: { ferryId: string | null; departureTime: string } | null;
}

/** What the feed lists: today's vessel list and the timetable's sailings (the position follows the timetable when it has the route). */
export interface FeedListing {
  ferries: readonly Ferry[];
  sailings: readonly Sailing[];
}

export function computePosition(
  located: Located,
  queue: TerminalQueue,
  listing: FeedListing,
  fix: PositionFix,
  now: number,
): ComputedPosition {
  const { placement } = located;
  const routeId = placement.lane.routeId;
  const routeCount = queue.count ? (queue.countsByRoute[routeId] ?? 0) : null;
  const carsAhead = correctedCarsAhead(placement.carsAheadByGeometry, routeCount);
  // Position and cars ahead follow one rule everywhere (carsAheadOf: position − 1).
  const positionInQueue = carsAhead + 1;
  const boarding = estimateBoarding(
    positionInQueue,
    upcomingSailings(listing.ferries, located.layout.terminalId, routeId, now, listing.sailings),
    now,
  );
  const confidence = positionConfidence({
    carsAheadByGeometry: placement.carsAheadByGeometry,
    countedCars: routeCount,
    countConfidence: queue.count?.confidence ?? 0,
    gpsAccuracyMeters: fix.accuracy,
    verified: fix.verified,
  });
  // A fresh fix is expected to board the estimated sailing; a stored fix keeps the sailing it had.
  const sailing =
    fix.sailing !== undefined
      ? fix.sailing
      : boarding
        ? { ferryId: boarding.ferryId, departureTime: boarding.departureTime }
        : null;
  return {
    position: {
      positionInQueue,
      estimatedBoardingTime: boarding?.boardingTime ?? new Date(now).toISOString(),
      confidence,
      basedOn: positionBasis({
        counted: routeCount !== null,
        countSource: queue.count?.source,
        verified: fix.verified,
      }),
      lastUpdated: new Date(fix.takenAt ?? now).toISOString(),
      ...(sailing ? { sailingDepartureTime: sailing.departureTime } : {}),
      verified: fix.verified ?? false,
      terminalId: located.layout.terminalId,
      lane: placement.lane.laneNumber,
      ...(boarding ? { ferryId: boarding.ferryId } : {}),
    },
    laneId: placement.lane.id,
    carsAheadByGeometry: placement.carsAheadByGeometry,
    carsAhead,
    routeCount,
    sailing,
  };
}
