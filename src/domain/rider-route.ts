/**
 * The rider's route and its next sailings: the one rule every card asks (Next Ferry, the queue card's
 * boarding, the away overlay, the tracker, the arrival timer, the departure calculator, Ninja
 * Booking), so after the 3:40 pm sailing to Langdale has left every card shows the 6:00 pm one, not a
 * Departure Bay sailing and not the vessel's next departure from the far side.
 *
 * - The rider's route is their terminal (./rider-terminal.ts) plus a destination: the route they
 *   picked for that terminal (remembered on the device), else the terminal's first route in ROUTES
 *   (Horseshoe Bay has three: Departure Bay, Langdale, Snug Cove).
 * - Its sailings are the stored timetable's sailings of that route leaving that terminal that have
 *   not left (status departed or arrived, or departure more than a minute ago), soonest first, by
 *   their expected departure when a source knows the delay. Cancelled sailings stay in the list (a
 *   rider must see them) but are never "the next sailing".
 * - Before the device has any timetable (a first visit, an older server) the vessel list stands in:
 *   each vessel's next departure from the terminal, the route's first, with the list's source when
 *   it names one (else modelled: "estimated", ./figure-label.ts).
 */
import { announcedDepartureFill } from './capacity';
import type { Ferry } from './ferry';
import { boardingStartOf } from './queue-estimate';
import { currentPosition, type QueuePosition } from './queue-position';
import type { Provenance, Sailing, SailingStatus } from './sailing';
import { directedRouteName, routeById, ROUTES, terminalById, type FerryRoute } from './terminals';

/** Routes with a terminal at `terminalId`, in ROUTES order (the first is the default). */
export function routesServing(terminalId: string): FerryRoute[] {
  return ROUTES.filter((r) => r.from === terminalId || r.to === terminalId);
}

export interface RiderRoute {
  terminalId: string;
  routeId: string;
  /** The terminal at the other end. */
  destinationId: string;
  /** "Horseshoe Bay - Langdale", in the direction of travel. */
  name: string;
  source: 'chosen' | 'default';
}

/** The rider's route from `terminalId`: the pick when it serves that terminal, else its first route. */
export function riderRoute(terminalId: string, chosenRouteId: unknown): RiderRoute | null {
  const serving = routesServing(terminalId);
  const chosen = serving.find((r) => r.id === chosenRouteId);
  const route = chosen ?? serving[0];
  if (!route) return null;
  return {
    terminalId,
    routeId: route.id,
    destinationId: route.from === terminalId ? route.to : route.from,
    name: directedRouteName(route, terminalId),
    source: chosen ? 'chosen' : 'default',
  };
}

/** "Langdale": what the destination picker lists for a route from `terminalId`. */
export function destinationName(route: FerryRoute, terminalId: string): string {
  const other = route.from === terminalId ? route.to : route.from;
  return terminalById(other)?.name ?? other;
}

/** One of the rider's route's sailings as the cards show it, whichever list it came from. */
export interface RouteSailing {
  /** The sailing's id (./sailing.ts sailingId), or the vessel's id when only the vessel list knows it. */
  id: string;
  routeId: string;
  /** Departure terminal (named as on Ferry so the shared sailing helpers apply) and arrival terminal. */
  terminalId: string;
  to: string;
  /** "Horseshoe Bay - Langdale". */
  route: string;
  /** Expected departure when known, else the timetabled one (ISO). */
  departureTime: string;
  scheduledDeparture: string;
  /** null when only the vessel list knows the sailing. */
  status: SailingStatus | null;
  /** Why it is cancelled, when the source says (./sailing-cancellation.ts). */
  statusReason?: string;
  delayMinutes?: number;
  /** Percent full: car deck and overall; absent when the source has no capacity data. */
  carFill?: number;
  fill?: number;
  vesselName?: string;
  /** The vessel's fleet id when known (an away session names it). */
  vesselId?: string;
  /** Source and age of the schedule, status and fill; null = modelled (the vessel list). */
  provenance: Provenance | null;
  /** Source and age of the delay, when it came from elsewhere (e.g. AIS). */
  delayProvenance?: Provenance;
  /** Source and age of carFill and fill when older than the status (a last known fill kept: ./sailing-fill.ts). */
  fillProvenance?: Provenance;
  /** The vessel list's entry for the same departure: its modelled figures (passengers, waits, boarding). */
  ferry: Ferry | null;
}

const LEFT: ReadonlySet<SailingStatus> = new Set(['departed', 'arrived']);
/** A sailing this far past its departure without a "departed" status is taken to have left. */
const LEFT_AFTER_MS = 60_000;

export const sailingDepartureTime = (s: Pick<Sailing, 'scheduledDeparture' | 'expectedDeparture'>): string =>
  s.expectedDeparture ?? s.scheduledDeparture;

/** The vessel list's entry for the same departure (same terminal and route, within a minute of the timetable). */
export function matchingFerry(
  ferries: readonly Ferry[],
  sailing: Pick<Sailing, 'from' | 'routeId' | 'scheduledDeparture'>,
): Ferry | null {
  const at = Date.parse(sailing.scheduledDeparture);
  return (
    ferries.find(
      (f) =>
        f.terminalId === sailing.from &&
        f.routeId === sailing.routeId &&
        Math.abs(Date.parse(f.scheduledDepartureTime ?? f.departureTime) - at) < LEFT_AFTER_MS,
    ) ?? null
  );
}

function fromSailing(sailing: Sailing, ferries: readonly Ferry[], terminalId: string): RouteSailing {
  const route = routeById(sailing.routeId);
  return {
    id: sailing.id,
    routeId: sailing.routeId,
    terminalId: sailing.from,
    to: sailing.to,
    route: route
      ? directedRouteName(route, terminalId)
      : `${terminalById(sailing.from)?.name ?? sailing.from} - ${terminalById(sailing.to)?.name ?? sailing.to}`,
    departureTime: sailingDepartureTime(sailing),
    scheduledDeparture: sailing.scheduledDeparture,
    status: sailing.status,
    ...(sailing.statusReason ? { statusReason: sailing.statusReason } : {}),
    delayMinutes: sailing.delayMinutes,
    carFill: sailing.carFill,
    fill: sailing.fill,
    vesselName: sailing.vesselName,
    vesselId: sailing.vesselId ?? matchingFerry(ferries, sailing)?.id,
    provenance: { source: sailing.source, observedAt: sailing.observedAt },
    delayProvenance: sailing.delayProvenance,
    ...(sailing.fillProvenance ? { fillProvenance: sailing.fillProvenance } : {}),
    ferry: matchingFerry(ferries, sailing),
  };
}

function fromFerry(ferry: Ferry): RouteSailing {
  const fill = announcedDepartureFill(ferry);
  const route = ferry.routeId ? routeById(ferry.routeId) : undefined;
  const to = route && ferry.terminalId ? (route.from === ferry.terminalId ? route.to : route.from) : '';
  return {
    id: ferry.id,
    routeId: ferry.routeId ?? '',
    terminalId: ferry.terminalId ?? '',
    to,
    route: ferry.route,
    departureTime: ferry.departureTime,
    scheduledDeparture: ferry.scheduledDepartureTime ?? ferry.departureTime,
    status: null,
    delayMinutes: ferry.delayMinutes,
    ...(fill ? { carFill: fill.carDeck } : {}),
    vesselName: ferry.name,
    vesselId: ferry.id,
    provenance: ferry.source && ferry.observedAt ? { source: ferry.source, observedAt: ferry.observedAt } : null,
    ferry,
  };
}

export interface RouteSailingsInput {
  /** Stored sailings (any route, or already only the route's). */
  sailings: readonly Sailing[];
  /** The device holds a timetable at all (default: `sailings` is not empty); without one the vessel list stands in. */
  timetable?: boolean;
  ferries: readonly Ferry[];
  route: Pick<RiderRoute, 'terminalId' | 'routeId'>;
  now: number;
}

/**
 * The route's sailings from the rider's terminal (the timetable's, else the vessel list's from the
 * terminal), soonest first, whether or not they have left: the part of routeSailingsAhead that does
 * not depend on the time. Every ticking card asks for it every second with the same stored lists, so
 * it is built once per pair of lists and shared (the device's lists are replaced, never changed in
 * place, when its data changes; callers do not change the sailings they get).
 */
const byTimeCache = new WeakMap<readonly Sailing[], WeakMap<readonly Ferry[], Map<string, RouteSailing[]>>>();

function routeSailingsByTime(
  sailings: readonly Sailing[],
  ferries: readonly Ferry[],
  route: Pick<RiderRoute, 'terminalId' | 'routeId'>,
  timetable: boolean,
): RouteSailing[] {
  let byFerries = byTimeCache.get(sailings);
  if (!byFerries) byTimeCache.set(sailings, (byFerries = new WeakMap()));
  let byKey = byFerries.get(ferries);
  if (!byKey) byFerries.set(ferries, (byKey = new Map()));
  const key = `${timetable}|${route.terminalId}|${route.routeId}`;
  const cached = byKey.get(key);
  if (cached) return cached;
  const byTime = (a: RouteSailing, b: RouteSailing) => Date.parse(a.departureTime) - Date.parse(b.departureTime);
  const list = timetable
    ? sailings
        .filter((s) => s.routeId === route.routeId && s.from === route.terminalId && !LEFT.has(s.status))
        .map((s) => fromSailing(s, ferries, route.terminalId))
        .sort(byTime)
    : ferries
        .filter((f) => f.terminalId === route.terminalId)
        .map(fromFerry)
        .sort(byTime);
  byKey.set(key, list);
  return list;
}

/** The route's sailings from the rider's terminal that have not left, soonest first (cancelled ones included). */
export function routeSailingsAhead({
  sailings,
  ferries,
  route,
  now,
  timetable = sailings.length > 0,
}: RouteSailingsInput): RouteSailing[] {
  const ahead = (s: RouteSailing) => Date.parse(s.departureTime) > now - LEFT_AFTER_MS;
  const listed = routeSailingsByTime(sailings, ferries, route, timetable).filter(ahead);
  if (timetable) return listed;
  // The vessel list: the route's sailings from the terminal; where none is ahead, the terminal's.
  const onRoute = listed.filter((s) => s.routeId === route.routeId);
  return onRoute.length > 0 ? onRoute : listed;
}

/** Sailings that can be taken: not cancelled. */
export function takeableSailings(list: readonly RouteSailing[]): RouteSailing[] {
  return list.filter((s) => s.status !== 'cancelled');
}

/** The queue position's fields that name the sailing the rider's car boards. */
export type BoardingPosition = Pick<QueuePosition, 'ferryId' | 'sailingDepartureTime' | 'lastUpdated'>;

const sameInstant = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) < LEFT_AFTER_MS;

/** Is `s` the sailing the queue position says the car boards: the same departure, else (no departure named) the same id. */
function boardsOn(s: RouteSailing, position: Pick<BoardingPosition, 'ferryId' | 'sailingDepartureTime'>): boolean {
  const departs = position.sailingDepartureTime;
  if (departs) return sameInstant(s.scheduledDeparture, departs) || sameInstant(s.departureTime, departs);
  return Boolean(position.ferryId) && (s.id === position.ferryId || s.ferry?.id === position.ferryId);
}

/**
 * The sailing the rider is waiting for: the one their queue position says their car boards (the
 * same departure, or by id when the position names none) when it is on the route, else the route's
 * next sailing that is not cancelled.
 */
export function riderNextSailing(
  list: readonly RouteSailing[],
  position?: Pick<BoardingPosition, 'ferryId' | 'sailingDepartureTime'> | null,
): RouteSailing | null {
  const takeable = takeableSailings(list);
  const boarding = position ? takeable.find((s) => boardsOn(s, position)) : undefined;
  return boarding ?? takeable[0] ?? null;
}

/**
 * No public source publishes when a sailing starts boarding. The simulator's vessel list carries its
 * own (labelled "simulated", with its age); anything else is modelled from the departure, "estimated".
 */
export function boardingStartProvenance(sailing: Pick<RouteSailing, 'ferry'>): Provenance | null {
  const ferry = sailing.ferry;
  if (ferry?.boardingStartTime && ferry.source === 'simulator' && ferry.observedAt)
    return { source: 'simulator', observedAt: ferry.observedAt };
  return null;
}

/** The rider's sailing with when its cars start boarding. */
export interface RiderSailing {
  sailing: RouteSailing;
  /** When the lanes start moving (epoch ms): the vessel list's boarding start, else BOARDING_WINDOW_MIN before departure. */
  boardingStart: number;
  /** Where boardingStart comes from (boardingStartProvenance): the simulator's, else null, modelled ("estimated"). */
  boardingStartProvenance: Provenance | null;
  /** The rider's queue position names this sailing (their car is expected to board it). */
  boardsWithPosition: boolean;
  /** The route's sailings ahead it was picked from, soonest first (cancelled ones included). */
  ahead: RouteSailing[];
}

export interface RiderSailingInput extends RouteSailingsInput {
  /** The rider's queue position, when it decides their terminal (they are in its lane); ignored once it has ended. */
  position?: BoardingPosition | null;
}

/**
 * THE rider's sailing, which Next Ferry, the tracker, the queue card and away mode (its card, its
 * countdown and its overlay) all show: the queue position's sailing when it still holds and is on the
 * route, else the route's next sailing that can be taken (routeSailingsAhead), with its boarding start.
 * Null when the route lists none.
 */
export function riderSailingNow(input: RiderSailingInput): RiderSailing | null {
  const position = currentPosition(input.position ?? null, input.now);
  const ahead = routeSailingsAhead(input);
  const sailing = riderNextSailing(ahead, position);
  if (!sailing) return null;
  return {
    sailing,
    ahead,
    boardingStart: boardingStartOf({
      departureTime: sailing.departureTime,
      boardingStartTime: sailing.ferry?.boardingStartTime,
    }),
    boardingStartProvenance: boardingStartProvenance(sailing),
    boardsWithPosition: position ? boardsOn(sailing, position) : false,
  };
}
