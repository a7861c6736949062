/**
 * The ferry world as a pure function of the clock (DESIGN.md "Honest data": there is no public feed
 * for these terminals, so Deckhand models one).
 *
 * `simulate(now)` answers the vessels and the terminal lane counts at the minute containing `now`.
 * Nothing is stored between calls: every server instance, and every test that picks an instant, sees
 * the same world. The model, per sailing of the timetable (./timetable.ts):
 * - about 12 % of sailings are late by 5-25 min; a late arrival also pushes the vessel's next
 *   departure back when the turnaround would be shorter than MIN_TURNAROUND_MIN;
 * - demand (vehicles wanting that sailing) follows the time of day and weekday, with noise; it may
 *   exceed the vessel's capacity, and the cars left behind wait in the lane for the next sailing;
 * - cars reach the lane from 90 min before the scheduled time and board over the last 40 min
 *   before the actual departure; passengers are the cars' occupants plus foot passengers;
 * - a docked vessel has speed 0; under way it holds near its service speed, slower while leaving
 *   and approaching the berth.
 * Each vessel also carries its next departure's timetable minute and delay (once known, as its
 * sailing is published: ./simulated-sailings.ts), when boarding for it
 * starts (the lane starts to move: server/alerts/sources/queue-moving.ts), and the expected arrival:
 * of the crossing in progress while under way, of the coming departure while at the berth.
 */
import { dayKind } from '@/domain/bc-holidays';
import { sailingWaits } from '@/domain/capacity';
import type { Ferry } from '@/domain/ferry';
import { CAMERA_CONFIDENCE } from '@/domain/queue-estimate';
import type { QueueDataValue } from '@/domain/realtime';
import { directedRouteName, routeById, TERMINALS } from '@/domain/terminals';

import { addDays, dayKey, localDayOf } from './local-time';
import { hash01, hashInt } from './seeded-random';
import { ROTATIONS, vesselSailingsOn, type ScheduledSailing } from './timetable';

export type QueueCount = QueueDataValue;

export interface Simulation {
  /** Every vessel, by its next (or current, while loading) departure, earliest first. */
  ferries: Ferry[];
  /** One count per terminal of TERMINALS, in that order (cameras where the terminal has them). */
  queueCounts: QueueCount[];
}

/** The simulated world changes once a minute; `now` is floored to it. */
export const SIMULATION_STEP_MS = 60_000;
const MINUTE = 60_000;
/** Extra share of vehicle capacity wanting a sailing on a BC holiday or a long-weekend day. */
const HOLIDAY_DEMAND_BUMP = 0.25;
/** Share of sailings that leave late, and by how much (whole minutes). */
const DELAY_PROBABILITY = 0.12;
const DELAY_MIN_MINUTES = 5;
const DELAY_MAX_MINUTES = 25;
/** Shortest time at the berth between arriving and leaving again when running late. */
const MIN_TURNAROUND_MIN = 15;
/** Arriving cars drive off over this long after the vessel berths. */
const UNLOAD_MIN = 10;
/** Cars board over this long before the (actual) departure. */
const BOARDING_WINDOW_MIN = 40;
/** Cars join the lane from this long before the scheduled departure until LANE_CLOSE_MIN before it. */
const LANE_OPEN_MIN = 90;
const LANE_CLOSE_MIN = 10;
/** A delay is announced (status "delayed") this long before the scheduled departure. */
const DELAY_NOTICE_MIN = 45;
/** Minutes a vessel takes to reach service speed after leaving, and to slow down before arriving. */
const SPEED_RAMP_MIN = 6;
/**
 * Terminals without cameras (Langdale, Snug Cove) still have lanes; their count is modelled from the
 * timetable alone, so it is trusted less than a camera (0.85) or a rider's report (0.7).
 */
const MODEL_CONFIDENCE = 0.6;

interface Sailing extends ScheduledSailing {
  departMs: number;
  arriveMs: number;
  delayMinutes: number;
  /** Arrival of this vessel's previous sailing (-Infinity for the first of the day). */
  previousArriveMs: number;
  /** The vessel's previous sailing, for the cars still driving off when this one starts loading. */
  previous?: Sailing;
  demandVehicles: number;
  aboardVehicles: number;
  aboardPassengers: number;
}

interface World {
  /** Per vessel, its sailings over yesterday, today and tomorrow, in order. */
  chains: Sailing[][];
  /** Per departure terminal, its sailings. */
  byTerminal: Map<string, Sailing[]>;
  /** Departure of the next sailing on the same route from the same terminal, by sailing id. */
  nextOnRouteMs: Map<string, number>;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const smoothstep = (x: number) => {
  const f = clamp01(x);
  return f * f * (3 - 2 * f);
};
const bell = (minute: number, peak: number, width: number) => Math.exp(-(((minute - peak) / width) ** 2));

/** Share of vehicle capacity wanting this sailing: morning and afternoon peaks, busier Fri/Sun. */
function demandFactor(s: ScheduledSailing): number {
  const weekdayBump = s.weekday === 5 || s.weekday === 0 ? 0.12 : s.weekday === 6 ? 0.06 : 0;
  // BC statutory holidays and long weekends are busier still (the fill forecast learns this).
  const holidayBump = dayKind(s.day) === 'regular' ? 0 : HOLIDAY_DEMAND_BUMP;
  const timeOfDay = 0.25 * bell(s.localMinute, 8 * 60, 100) + 0.4 * bell(s.localMinute, 16 * 60 + 30, 130);
  const noise = (hash01('demand', s.id) - 0.5) * 0.3;
  return Math.min(1.25, Math.max(0.15, 0.35 + timeOfDay + weekdayBump + holidayBump + noise));
}

function planVessel(scheduled: ScheduledSailing[]): Sailing[] {
  const out: Sailing[] = [];
  let previous: Sailing | undefined;
  for (const s of scheduled) {
    const ownDelay =
      hash01('delayed', s.id) < DELAY_PROBABILITY ? hashInt(DELAY_MIN_MINUTES, DELAY_MAX_MINUTES, 'delay', s.id) : 0;
    const earliest = previous ? previous.arriveMs + MIN_TURNAROUND_MIN * MINUTE : -Infinity;
    const departMs = Math.max(s.scheduledMs + ownDelay * MINUTE, earliest);
    const demandVehicles = Math.round(demandFactor(s) * s.vessel.vehicleCapacity);
    const aboardVehicles = Math.min(demandVehicles, s.vessel.vehicleCapacity);
    const occupants = 1.8 + hash01('occupancy', s.id) * 0.8;
    const footPassengers = s.vessel.passengerCapacity * (0.02 + hash01('foot', s.id) * 0.1);
    const sailing: Sailing = {
      ...s,
      departMs,
      arriveMs: departMs + s.crossingMs,
      delayMinutes: Math.round((departMs - s.scheduledMs) / MINUTE),
      previousArriveMs: previous ? previous.arriveMs : -Infinity,
      previous,
      demandVehicles,
      aboardVehicles,
      aboardPassengers: Math.min(s.vessel.passengerCapacity, Math.round(aboardVehicles * occupants + footPassengers)),
    };
    out.push(sailing);
    previous = sailing;
  }
  return out;
}

const worlds = new Map<string, World>();
const WORLD_CACHE_SIZE = 3;

function worldAround(now: number): World {
  const today = localDayOf(now);
  const key = dayKey(today);
  const cached = worlds.get(key);
  if (cached) return cached;

  const days = [addDays(today, -1), today, addDays(today, 1)];
  const chains: Sailing[][] = [];
  for (const rotation of ROTATIONS) {
    rotation.vesselIds.forEach((_, index) => {
      chains.push(planVessel(days.flatMap((day) => vesselSailingsOn(rotation, index, day))));
    });
  }
  const byTerminal = new Map<string, Sailing[]>();
  const byRouteEnd = new Map<string, Sailing[]>();
  for (const s of chains.flat()) {
    byTerminal.set(s.from, [...(byTerminal.get(s.from) ?? []), s]);
    const routeEnd = `${s.routeId}|${s.from}`;
    byRouteEnd.set(routeEnd, [...(byRouteEnd.get(routeEnd) ?? []), s]);
  }
  const nextOnRouteMs = new Map<string, number>();
  for (const list of byRouteEnd.values()) {
    list.sort((a, b) => a.departMs - b.departMs);
    list.forEach((s, i) => nextOnRouteMs.set(s.id, list[i + 1]?.departMs ?? Infinity));
  }

  const world: World = { chains, byTerminal, nextOnRouteMs };
  worlds.set(key, world);
  if (worlds.size > WORLD_CACHE_SIZE) {
    const oldest = worlds.keys().next().value;
    if (oldest !== undefined) worlds.delete(oldest);
  }
  return world;
}

/**
 * When sailing `s`'s delay becomes known: DELAY_NOTICE_MIN before its timetable time or, when the
 * vessel's late previous crossing forces it (too short a turnaround), once that crossing has left:
 * its arrival, and so the turnaround, is known from then on.
 */
function delayKnownFromMs(s: Sailing): number {
  const notice = s.scheduledMs - DELAY_NOTICE_MIN * MINUTE;
  const forced = s.previous !== undefined && s.previousArriveMs + MIN_TURNAROUND_MIN * MINUTE > s.scheduledMs;
  return forced ? Math.min(notice, s.previous!.departMs) : notice;
}

/**
 * When cars start boarding sailing `s`: BOARDING_WINDOW_MIN before its departure (`departMs`, the
 * actual one unless given), or once the previous crossing's cars have driven off if the vessel
 * arrived late. The lane moves from then on.
 */
function loadStartMs(s: Sailing, departMs: number = s.departMs): number {
  return Math.max(s.previousArriveMs + UNLOAD_MIN * MINUTE, departMs - BOARDING_WINDOW_MIN * MINUTE);
}

/** Share of `s`'s load already aboard at `t`: 0 before boarding opens, 1 at departure. */
function boardedShare(s: Sailing, t: number): number {
  const loadStart = loadStartMs(s);
  if (t < loadStart) return 0;
  return smoothstep((t - loadStart) / Math.max(MINUTE, s.departMs - loadStart));
}

/** Vehicles and passengers aboard the vessel while it is at the berth before sailing `s`. */
function loadAtBerth(s: Sailing, t: number): { vehicles: number; passengers: number } {
  const arrived = s.previous;
  if (arrived && t >= arrived.arriveMs && t < arrived.arriveMs + UNLOAD_MIN * MINUTE) {
    const left = 1 - (t - arrived.arriveMs) / (UNLOAD_MIN * MINUTE);
    return {
      vehicles: Math.round(arrived.aboardVehicles * left),
      passengers: Math.round(arrived.aboardPassengers * left),
    };
  }
  return boardedLoad(s, t);
}

/** Cars that have reached the lane for sailing `s` by `t`: from LANE_OPEN_MIN to LANE_CLOSE_MIN before it is timetabled. */
function arrivedInLane(s: Pick<Sailing, 'scheduledMs' | 'demandVehicles'>, t: number): number {
  const laneOpens = s.scheduledMs - LANE_OPEN_MIN * MINUTE;
  const laneCloses = s.scheduledMs - LANE_CLOSE_MIN * MINUTE;
  if (t < laneOpens) return 0;
  return Math.round(s.demandVehicles * smoothstep((t - laneOpens) / (laneCloses - laneOpens)));
}

/**
 * The load sailing `s` publishes at `t`, as an operator's "% full" counts it: before it leaves, the
 * cars already in its lane that it will carry (and its passengers in proportion, not rounded); once
 * it has left, everyone aboard. The timetable's fill (./simulated-sailings.ts) and the vessel list's
 * load of the departure it announces are both this one figure.
 */
function publishedLoad(s: Sailing, t: number): { vehicles: number; passengers: number } {
  const vehicles = t >= s.departMs ? s.aboardVehicles : Math.min(s.aboardVehicles, arrivedInLane(s, t));
  const share = s.aboardVehicles > 0 ? vehicles / s.aboardVehicles : 0;
  return { vehicles, passengers: s.aboardPassengers * share };
}

/** The cars and passengers aboard for sailing `s` at `t` (none before its boarding starts). */
function boardedLoad(s: Sailing, t: number): { vehicles: number; passengers: number } {
  const share = boardedShare(s, t);
  return { vehicles: Math.round(s.aboardVehicles * share), passengers: Math.round(s.aboardPassengers * share) };
}

const wholeLoad = (load: { vehicles: number; passengers: number }) => ({
  vehicles: Math.round(load.vehicles),
  passengers: Math.round(load.passengers),
});

function speedUnderWay(s: Sailing, t: number): number {
  const elapsedMin = (t - s.departMs) / MINUTE;
  const remainingMin = (s.arriveMs - t) / MINUTE;
  const ramp = Math.min(1, (elapsedMin + 1) / SPEED_RAMP_MIN, remainingMin / SPEED_RAMP_MIN);
  const variation = 0.93 + hash01('speed', s.vessel.id, t) * 0.1;
  return Math.max(0.1, Math.round(s.vessel.serviceSpeedKnots * ramp * variation * 10) / 10);
}

/** Cars waiting in the lanes of `terminalId` for each route at `t` (before the camera's error). */
function waitingByRoute(world: World, terminalId: string, t: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of world.byTerminal.get(terminalId) ?? []) {
    const laneOpens = s.scheduledMs - LANE_OPEN_MIN * MINUTE;
    if (t < laneOpens) continue;
    let waiting = 0;
    if (t < s.departMs) {
      waiting = Math.max(0, arrivedInLane(s, t) - Math.round(s.aboardVehicles * boardedShare(s, t)));
    } else if (t < (world.nextOnRouteMs.get(s.id) ?? Infinity)) {
      // Cars that did not fit wait for the next sailing on the route.
      waiting = s.demandVehicles - s.aboardVehicles;
    }
    out[s.routeId] = (out[s.routeId] ?? 0) + waiting;
  }
  return out;
}

/**
 * Sailing waits of `next` for a car joining its route's lane at `t`: the car is behind every car
 * already waiting for the route and boards the first sailing (in departure order, from the sailings
 * on the route not yet gone) with room for it; counted from `next` (0 = it boards `next`).
 */
function sailingWaitsAt(world: World, next: Sailing, waiting: number, t: number): number {
  const onRoute = (world.byTerminal.get(next.from) ?? [])
    .filter((s) => s.routeId === next.routeId && s.departMs > t)
    .sort((a, b) => a.departMs - b.departMs);
  const sailings = onRoute.map((s) => ({
    ferryId: s.id,
    departureTime: new Date(s.departMs).toISOString(),
    spaces: Math.max(0, s.vessel.vehicleCapacity - Math.round(s.aboardVehicles * boardedShare(s, t))),
  }));
  const index = onRoute.findIndex((s) => s.id === next.id);
  return Math.max(0, sailingWaits(waiting, sailings.slice(Math.max(0, index)), t));
}

function ferryAt(world: World, chain: Sailing[], t: number): Ferry | undefined {
  let lastDeparted = -1;
  for (let i = 0; i < chain.length; i += 1) {
    const s = chain[i];
    if (s && s.departMs <= t) lastDeparted = i;
  }
  const current = chain[lastDeparted];
  const next = chain[lastDeparted + 1];
  if (!next) return undefined;
  const route = routeById(next.routeId);
  const vessel = next.vessel;
  const vehiclesWaiting = waitingByRoute(world, next.from, t)[next.routeId] ?? 0;
  // The next departure as its sailing publishes it (./simulated-sailings.ts): until its delay is
  // known the vessel's list shows it on time too, or a first screen drawn from this list and the app
  // drawn from the sailings disagree on the hour.
  const delayKnown = t >= delayKnownFromMs(next);
  const departMs = delayKnown ? next.departMs : next.scheduledMs;
  const delayMinutes = delayKnown ? next.delayMinutes : 0;
  const base = {
    id: vessel.id,
    name: vessel.name,
    // The departure this entry announces decides the direction shown.
    route: route ? directedRouteName(route, next.from) : next.routeId,
    departureTime: new Date(departMs).toISOString(),
    capacity: vessel.passengerCapacity,
    vehicleCapacity: vessel.vehicleCapacity,
    routeId: next.routeId,
    terminalId: next.from,
    scheduledDepartureTime: new Date(next.scheduledMs).toISOString(),
    delayMinutes,
    boardingStartTime: new Date(loadStartMs(next, departMs)).toISOString(),
    vehiclesWaiting,
    sailingWaits: sailingWaitsAt(world, next, vehiclesWaiting, t),
    // The departure it announces, as its sailing publishes it (the cars already in its lane), where
    // the counts below are the cars aboard (another crossing's while it crosses): the first screen,
    // drawn from this list, and the app, drawn from the timetable, show the same car deck.
    departureLoad: wholeLoad(publishedLoad(next, t)),
  };
  if (current && t < current.arriveMs) {
    return {
      ...base,
      currentPassengers: current.aboardPassengers,
      currentVehicles: current.aboardVehicles,
      status: 'en_route',
      speed: speedUnderWay(current, t),
      arrivalTime: new Date(current.arriveMs).toISOString(),
    };
  }
  const load = loadAtBerth(next, t);
  return {
    ...base,
    currentPassengers: load.passengers,
    currentVehicles: load.vehicles,
    status: delayMinutes > 0 ? 'delayed' : 'docked',
    speed: 0,
    arrivalTime: new Date(departMs + next.crossingMs).toISOString(),
  };
}

function laneCount(world: World, terminalId: string, t: number): number {
  let waiting = 0;
  for (const s of world.byTerminal.get(terminalId) ?? []) {
    const laneOpens = s.scheduledMs - LANE_OPEN_MIN * MINUTE;
    if (t < laneOpens) continue;
    if (t < s.departMs) {
      waiting += Math.max(0, arrivedInLane(s, t) - Math.round(s.aboardVehicles * boardedShare(s, t)));
    } else if (t < (world.nextOnRouteMs.get(s.id) ?? Infinity)) {
      // Cars that did not fit wait for the next sailing on the route.
      waiting += s.demandVehicles - s.aboardVehicles;
    }
  }
  if (waiting === 0) return 0;
  const cameraError = Math.round((hash01('camera', terminalId, t) - 0.5) * 4);
  return Math.max(0, waiting + cameraError);
}

export function simulate(now: number): Simulation {
  const t = Math.floor(now / SIMULATION_STEP_MS) * SIMULATION_STEP_MS;
  const world = worldAround(t);
  const ferries = world.chains
    .map((chain) => ferryAt(world, chain, t))
    .filter((f): f is Ferry => f !== undefined)
    .sort((a, b) => a.departureTime.localeCompare(b.departureTime) || a.id.localeCompare(b.id));
  const queueCounts = TERMINALS.map(({ id: terminalId, cameraPrefix }): QueueCount => ({
    terminalId,
    vehicleCount: laneCount(world, terminalId, t),
    timestamp: t,
    confidence: cameraPrefix ? CAMERA_CONFIDENCE : MODEL_CONFIDENCE,
    source: cameraPrefix ? 'camera' : 'timetable_model',
    userReported: false,
  }));
  return { ferries, queueCounts };
}

/**
 * Vehicles waiting at `terminalId` per route, before the camera's counting error. The queue
 * features split the terminal's count (simulate().queueCounts) across routes in these proportions,
 * so the per-route figures always add up to the published count.
 */
export function laneWaitingByRoute(now: number, terminalId: string): Record<string, number> {
  const t = Math.floor(now / SIMULATION_STEP_MS) * SIMULATION_STEP_MS;
  return waitingByRoute(worldAround(t), terminalId, t);
}

/** A sailing of the simulated world, with what ./simulated-sailings.ts needs to publish it. */
export interface SimulatedSailing extends ScheduledSailing {
  departMs: number;
  arriveMs: number;
  delayMinutes: number;
  /** When its delay becomes known (before then it is published on time). */
  delayKnownFromMs: number;
  /** When cars start boarding. */
  loadStartMs: number;
  aboardVehicles: number;
  aboardPassengers: number;
  /** Its load as it is published at `t` (`publishedLoad`). */
  publishedLoad(t: number): { vehicles: number; passengers: number };
  /** Speed over ground while under way at `t` (knots). */
  speedAt(t: number): number;
}

function published(s: Sailing): SimulatedSailing {
  return {
    ...s,
    delayKnownFromMs: delayKnownFromMs(s),
    loadStartMs: loadStartMs(s),
    publishedLoad: (t) => publishedLoad(s, t),
    speedAt: (t) => speedUnderWay(s, t),
  };
}

const laterDays = new Map<string, SimulatedSailing[]>();
/** The published sailings of each cached world: a world is a pure function of its day, so they are too. */
const publishedNear = new WeakMap<World, SimulatedSailing[]>();

/**
 * The simulated sailings from yesterday through `days - 1` days after today (local service days).
 * Days after tomorrow are planned on their own (a vessel's overnight lay-up separates them).
 */
export function simulatedWorld(now: number, days: number): SimulatedSailing[] {
  const t = Math.floor(now / SIMULATION_STEP_MS) * SIMULATION_STEP_MS;
  const world = worldAround(t);
  let near = publishedNear.get(world);
  if (!near) {
    near = world.chains.flat().map(published);
    publishedNear.set(world, near);
  }
  if (days <= 2) return near;
  const today = localDayOf(t);
  const key = `${dayKey(today)}|${days}`;
  let later = laterDays.get(key);
  if (!later) {
    later = [];
    for (let offset = 2; offset < days; offset += 1) {
      const day = addDays(today, offset);
      for (const rotation of ROTATIONS) {
        rotation.vesselIds.forEach((_, index) =>
          later?.push(...planVessel(vesselSailingsOn(rotation, index, day)).map(published)),
        );
      }
    }
    laterDays.clear();
    laterDays.set(key, later);
  }
  return [...near, ...later];
}
