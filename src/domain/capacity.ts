/**
 * Honest capacity for a driver: the car deck decides whether a car gets on, so it is shown as its
 * own figure, labelled, beside the passenger figure (rider-core §9 "capacity percentage is the
 * rounded ratio of current passengers to capacity" stays the passenger figure).
 *
 * "Sailing waits" (BC Ferries' idea): will a car that joins the lane now board this sailing, the
 * next, or the one after? From the queue model: the car is behind every car already waiting for the
 * route, and boards the first sailing whose free vehicle spaces, added up in departure order, reach
 * its place (the same rule as the rider's own boarding estimate, ./queue-estimate.ts).
 */
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
 * Sailings a car joining the lane now waits before it boards (0 = it boards the first of
 * `sailings`), capped at SAILING_WAITS_MAX (also when the listed sailings cannot take it).
 */
export function sailingWaits(carsWaiting: number, sailings: readonly UpcomingSailing[], now: number): number {
  const estimate = estimateBoarding(Math.max(0, Math.floor(carsWaiting)) + 1, sailings, now);
  return estimate ? Math.min(SAILING_WAITS_MAX, estimate.sailingsToWait) : SAILING_WAITS_MAX;
}

/** How the rider reads it, for a car arriving now. */
export function sailingWaitsText(waits: number): string {
  if (waits <= 0) return 'Arrive now and you board this sailing';
  if (waits === 1) return '1 sailing wait: arrive now and you board the next one';
  if (waits === 2) return '2 sailing waits: arrive now and you board the one after next';
  return `${SAILING_WAITS_MAX}+ sailing waits: arrive now and you wait three sailings or more`;
}

export type WillMakeIt = 'yes' | 'next' | 'later' | 'unknown';

/**
 * Whether the rider will make this sailing: from their own boarding estimate when they are in the
 * lane (the sailing their car fits on), else from the sailing waits of a car arriving now.
 */
export function willMakeIt(input: { ferryId: string; boardingFerryId?: string | null; sailingWaits?: number | null }): WillMakeIt {
  if (input.boardingFerryId) return input.boardingFerryId === input.ferryId ? 'yes' : 'next';
  if (input.sailingWaits === null || input.sailingWaits === undefined) return 'unknown';
  if (input.sailingWaits <= 0) return 'yes';
  return input.sailingWaits === 1 ? 'next' : 'later';
}

export const WILL_MAKE_IT_TEXT: Record<WillMakeIt, string> = {
  yes: 'You should make this sailing',
  next: 'This sailing looks full for you: expect the next one',
  later: 'Expect to wait two sailings or more',
  unknown: 'Space on this sailing is not known yet',
};
