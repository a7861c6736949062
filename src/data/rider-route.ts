/**
 * The rider's route and its stored sailings as every card reads them (src/domain/rider-route.ts
 * decides): the rider's terminal (./rider-terminal.ts), the destination picked for it on this device
 * (else the terminal's first route), that route's stored sailings from the terminal, and the vessel
 * list that stands in before the device has any timetable. Reads only the local store, so it answers
 * offline; which sailings are still ahead is decided by the caller with its own clock.
 */
import type { Ferry } from '@/domain/ferry';
import { riderRoute, riderSailingNow, type RiderRoute, type RiderSailing } from '@/domain/rider-route';
import type { Sailing } from '@/domain/sailing';

import { db, META, type DeckhandDB } from './db';
import { readRiderTerminal, type RiderTerminalState } from './rider-terminal';
import { sharedLiveRead, useSharedLiveRead } from './shared-live-read';

export interface RiderRouteState {
  terminal: RiderTerminalState;
  route: RiderRoute | null;
  /** The route's stored sailings from the rider's terminal (any time, any status). */
  sailings: Sailing[];
  /** The device holds any sailings at all; false before the first sailings pull. */
  timetable: boolean;
  /** The vessel list (stands in without a timetable; carries the modelled figures). */
  ferries: Ferry[];
}

export async function readRiderRoute(database: DeckhandDB): Promise<RiderRouteState> {
  const [terminal, chosen, ferries, stored] = await Promise.all([
    readRiderTerminal(database),
    database.meta.get(META.chosenRoute),
    database.ferries.toArray(),
    database.sailings.count(),
  ]);
  const route = riderRoute(terminal.terminalId, chosen?.value);
  const sailings = route
    ? await database.sailings.where('[routeId+from]').equals([route.routeId, route.terminalId]).toArray()
    : [];
  return { terminal, route, sailings, timetable: stored > 0, ferries };
}

/**
 * The rider's sailing from what the device holds, at `now` (src/domain/rider-route.ts riderSailingNow):
 * the one every card shows. The queue position counts only while it decides the terminal (a lane).
 */
export function riderSailingIn(state: RiderRouteState, now: number): RiderSailing | null {
  if (!state.route) return null;
  const { terminal } = state;
  return riderSailingNow({
    sailings: state.sailings,
    timetable: state.timetable,
    ferries: state.ferries,
    route: state.route,
    position: terminal.source === 'queue' ? terminal.queuePosition : null,
    now,
  });
}

/** Every card on screen reads one shared query: a change to the sailings or the vessels is read once. */
const sharedRiderRoute = sharedLiveRead(readRiderRoute, { what: "The rider's route", eachInOwnTask: true });

/** undefined while the first read is under way. */
export function useRiderRoute(database: DeckhandDB = db): RiderRouteState | undefined {
  return useSharedLiveRead(sharedRiderRoute(database));
}

/** Remember the rider's destination on this device (a local setting: nothing is sent). */
export async function chooseRoute(database: DeckhandDB, routeId: string): Promise<void> {
  await database.meta.put({ key: META.chosenRoute, value: routeId, updatedAt: Date.now() });
}
