/**
 * Honest capacity for a driver: the car deck decides whether a car gets on, so it is shown as its
 * own figure, labelled, beside the passenger figure (rider-core §9 "capacity percentage is the
 * rounded ratio of current passengers to capacity" stays the passenger figure).
 *
 * "Sailing waits" (BC Ferries' idea): will a car that joins the lane now board this sailing, the
 * next, or the one after? From the queue model: the car is behind every car already waiting for the
 * route, and boards the first sailing whose free vehicle spaces, added up in departure order, reach
 * its place (the rule of the rider's own boarding estimate, ./queue-estimate.ts). A car arriving now
 * also has to make a sailing's check-in cut-off (30 min before departure, as the arrival timer and
 * the departure calculator say), so a sailing whose cut-off has passed boards only the cars already
 * waiting.
 */
import { CHECKIN_CUTOFF_MINUTES } from './constants';
import type { Ferry } from './ferry';
import { estimateBoarding, type UpcomingSailing } from './queue-estimate';

/** Sailing waits of this many or more are told as "3+". */
export const SAILING_WAITS_MAX = 3;

export function vehicleDeckPercent(ferry: Pick<Ferry, 'currentVehicles' | 'vehicleCapacity'>): number {
  if (ferry.vehicleCapacity <= 0) return 0;
  return Math.min(100, Math.round((ferry.currentVehicles / ferry.vehicleCapacity) * 100));
}

export function passengerPercent(ferry: Pick<Ferry, 'currentPassengers' | 'capacity'>): number {
  if (ferry.capacity <= 0) return 0;
  return Math.min(100, Math.round((ferry.currentPassengers / ferry.capacity) * 100));
}

/**
 * Whether a vessel list entry's counts are the load of the departure it announces (its
 * `departureTime` from `terminalId`), so that the spaces left on that sailing can be counted from
 * them. They are the load of the crossing the vessel is on: at the berth, the departure it is
 * loading for; while it crosses (`en_route`), the crossing under way, whose cars and passengers get
 * off before the announced departure boards. Never when no source reported a load
 * (`loadReported: false`: the counts are 0 placeholders).
 */
export function loadIsForAnnouncedDeparture(ferry: Pick<Ferry, 'status' | 'loadReported'>): boolean {
  return ferry.loadReported !== false && ferry.status !== 'en_route';
}

/**
 * The load of the departure a vessel list entry announces: the `departureLoad` its source published
 * for it; without one, at the berth the entry's own counts. While the vessel crosses its counts are
 * another sailing's, so without a `departureLoad` there is none (null, as when no source read the
 * load): the card says "Not reported" rather than show another crossing's load as this departure's.
 */
function announcedDepartureLoad(
  ferry: Pick<Ferry, 'status' | 'loadReported' | 'currentPassengers' | 'currentVehicles' | 'departureLoad'>,
): { passengers: number; vehicles: number } | null {
  if (ferry.departureLoad) return ferry.departureLoad;
  if (ferry.status === 'en_route') return null;
  if (ferry.loadReported === false) return null;
  return { passengers: ferry.currentPassengers, vehicles: ferry.currentVehicles };
}

/**
 * The announced departure's fill as percentages (rider-core §9: passengers are the rounded ratio of
 * current passengers to capacity; the car deck the same for vehicles), or null when not reported.
 */
export function announcedDepartureFill(
  ferry: Pick<
    Ferry,
    | 'status'
    | 'loadReported'
    | 'currentPassengers'
    | 'currentVehicles'
    | 'departureLoad'
    | 'capacity'
    | 'vehicleCapacity'
  >,
): { carDeck: number; passengers: number } | null {
  const load = announcedDepartureLoad(ferry);
  if (!load) return null;
  return {
    carDeck: vehicleDeckPercent({ currentVehicles: load.vehicles, vehicleCapacity: ferry.vehicleCapacity }),
    passengers: passengerPercent({ currentPassengers: load.passengers, capacity: ferry.capacity }),
  };
}

/** The assistant's words for the announced departure's fill, or that no source reported it. */
export function announcedDepartureFillText(ferry: Parameters<typeof announcedDepartureFill>[0]): string {
  const fill = announcedDepartureFill(ferry);
  return fill
    ? `car deck ${fill.carDeck}% full, passengers ${fill.passengers}%`
    : 'car deck and passengers not reported';
}

/** The sailing that carries a car joining the lane now, and how long it waits for it. */
export interface ArrivingCarWait {
  /** Sailings that leave before it (0 = the first of the sailings given). */
  sailingsToWait: number;
  /** ISO departure of the sailing that carries it. */
  departureTime: string;
  /** Whole minutes from now until that sailing leaves (rounded up, never below 0). */
  minutes: number;
}

/**
 * THE wait rule (sailing waits on home, the tracker's median wait, the assistant's wait): a car joining
 * the lane behind `carsWaiting` cars boards the first sailing whose free vehicle spaces, added up in
 * departure order, reach its place, and waits until that sailing leaves. So a wait is bounded by the
 * sailings that will carry the cars (about cars ÷ spaces per sailing × the interval), never cars × a
 * fixed time per car. Null when the sailings given cannot carry it (the caller says so, not a figure).
 */
export function arrivingCarWait(
  carsWaiting: number,
  sailings: readonly UpcomingSailing[],
  now: number,
): ArrivingCarWait | null {
  // Check-in closes in departure order, so the closed sailings are the first ones: they take only
  // cars already waiting, and the arriving car's place is counted among the sailings still open.
  const closed = sailings.filter((s) => checkInClosed(s.departureTime, now));
  const open = sailings.filter((s) => !checkInClosed(s.departureTime, now));
  const boardClosed = closed.reduce((sum, s) => sum + Math.max(0, Math.floor(s.spaces)), 0);
  const ahead = Math.max(0, Math.floor(carsWaiting) - boardClosed);
  const estimate = estimateBoarding(ahead + 1, open, now);
  if (!estimate) return null;
  return {
    sailingsToWait: closed.length + estimate.sailingsToWait,
    departureTime: estimate.departureTime,
    minutes: Math.max(0, Math.ceil((Date.parse(estimate.departureTime) - now) / 60_000)),
  };
}

/**
 * Sailings a car joining the lane now waits before it boards (0 = it boards the first of
 * `sailings`), capped at SAILING_WAITS_MAX (also when the listed sailings cannot take it).
 */
export function sailingWaits(carsWaiting: number, sailings: readonly UpcomingSailing[], now: number): number {
  const wait = arrivingCarWait(carsWaiting, sailings, now);
  return wait ? Math.min(SAILING_WAITS_MAX, wait.sailingsToWait) : SAILING_WAITS_MAX;
}

/**
 * The listed sailings leaving `terminalId` after `now`, soonest first, with their free vehicle spaces
 * (a vessel still crossing towards the terminal arrives empty of waiting cars; one at the berth may
 * already carry some): what the device and the assistant know of the sailings that will carry the cars.
 */
export function listedSailingsFrom(
  ferries: readonly Pick<
    Ferry,
    'id' | 'departureTime' | 'terminalId' | 'status' | 'loadReported' | 'vehicleCapacity' | 'currentVehicles'
  >[],
  terminalId: string,
  now: number,
): UpcomingSailing[] {
  return ferries
    .filter((f) => f.terminalId === terminalId && Date.parse(f.departureTime) > now)
    .map((f) => ({
      ferryId: f.id,
      departureTime: f.departureTime,
      spaces: loadIsForAnnouncedDeparture(f) ? Math.max(0, f.vehicleCapacity - f.currentVehicles) : f.vehicleCapacity,
    }))
    .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime));
}

/**
 * The feed's sailing waits for `ferry` as of `now`. The figure was computed when the feed sent it and
 * may be read later (from the device, offline): once the sailing's check-in cut-off has passed, a car
 * arriving now waits at least one sailing whatever the figure said.
 */
export function sailingWaitsAt(ferry: Pick<Ferry, 'departureTime' | 'sailingWaits'>, now: number): number | undefined {
  if (ferry.sailingWaits === undefined) return undefined;
  return checkInClosed(ferry.departureTime, now) ? Math.max(1, ferry.sailingWaits) : ferry.sailingWaits;
}

/** Whether a sailing's check-in cut-off has passed at `now` (arriving exactly at it still makes it). */
export function checkInClosed(departureTime: string, now: number): boolean {
  return now > Date.parse(departureTime) - CHECKIN_CUTOFF_MINUTES * 60_000;
}

/** How the rider reads it, for a car arriving now. */
export function sailingWaitsText(waits: number): string {
  if (waits <= 0) return 'Arrive now and you board this sailing';
  if (waits === 1) return '1 sailing wait: arrive now and you board the next one';
  if (waits === 2) return '2 sailing waits: arrive now and you board the one after next';
  return `${SAILING_WAITS_MAX}+ sailing waits: arrive now and you wait three sailings or more`;
}

/**
 * Routes on which BC Ferries publishes no capacity figures (its "non-capacity routes"; of them
 * Deckhand serves Horseshoe Bay - Snug Cove, Bowen Island: Fulford Harbour and the Southern Gulf
 * Islands have no Deckhand terminal). Their sailings have times, a vessel and a status, never a fill.
 */
export const ROUTES_WITHOUT_CAPACITY_DATA: ReadonlySet<string> = new Set(['hsb-snug']);

/** What a sailing's figures say about its car deck. */
export type CarDeck = { kind: 'reported'; percent: number } | { kind: 'not-published' } | { kind: 'not-reported' };

/**
 * The car deck as the sailing's own figures tell it: the reported percent full when there is one;
 * else "not published" on a route whose operator publishes none, else "not reported" (yet).
 */
export function carDeckOf(sailing: { routeId: string; carFill?: number | null }): CarDeck {
  if (typeof sailing.carFill === 'number' && Number.isFinite(sailing.carFill)) {
    return { kind: 'reported', percent: Math.max(0, Math.min(100, Math.round(sailing.carFill))) };
  }
  return ROUTES_WITHOUT_CAPACITY_DATA.has(sailing.routeId) ? { kind: 'not-published' } : { kind: 'not-reported' };
}

export const CAR_DECK_TEXT = {
  notPublished: 'Not published for this route',
  notReported: 'Not reported',
} as const;

export function carDeckText(deck: CarDeck): string {
  if (deck.kind === 'reported') return `${deck.percent}% full`;
  return deck.kind === 'not-published' ? CAR_DECK_TEXT.notPublished : CAR_DECK_TEXT.notReported;
}

export type WillMakeIt = 'yes' | 'next' | 'later' | 'closed' | 'full' | 'space' | 'not-published' | 'unknown';

/**
 * Whether the rider will make this sailing, THE one rule (Next Ferry): from their own boarding
 * estimate when they are in the lane (the sailing their car fits on); else, for a car arriving now,
 * not once check-in has closed; not when the sailing's car deck is reported full; else from the
 * sailing waits; else from the car deck's reported figure ("had space"). Only a sailing with no
 * figure at all is "not known yet", and one on a route without capacity data says so instead: a
 * reported car-deck fill never stands beside "not known".
 */
export function willMakeIt(input: {
  ferryId: string;
  boardingFerryId?: string | null;
  sailingWaits?: number | null;
  checkInClosed?: boolean;
  /** The sailing's car deck (carDeckOf); absent = nothing reported. */
  carDeck?: CarDeck;
}): WillMakeIt {
  if (input.boardingFerryId) return input.boardingFerryId === input.ferryId ? 'yes' : 'next';
  if (input.checkInClosed) return 'closed';
  const deck = input.carDeck ?? { kind: 'not-reported' };
  if (deck.kind === 'reported' && deck.percent >= 100) return 'full';
  if (input.sailingWaits !== null && input.sailingWaits !== undefined) {
    if (input.sailingWaits <= 0) return 'yes';
    return input.sailingWaits === 1 ? 'next' : 'later';
  }
  if (deck.kind === 'reported') return 'space';
  return deck.kind === 'not-published' ? 'not-published' : 'unknown';
}

export const WILL_MAKE_IT_TEXT: Record<WillMakeIt, string> = {
  yes: 'You should make this sailing',
  next: 'This sailing looks full for you: expect the next one',
  later: 'Expect to wait two sailings or more',
  closed: `Check-in for this sailing has closed (${CHECKIN_CUTOFF_MINUTES} min before departure)`,
  full: 'The car deck is full: expect the next sailing',
  space: 'The car deck had space at the last report',
  'not-published': 'BC Ferries does not publish space on this route',
  unknown: 'Space on this sailing is not known yet',
};
