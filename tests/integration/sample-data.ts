/**
 * Sample rows the integration tests store in Dexie, written once: a Ferry in the spec's shape and an
 * active away session. Each test passes only what it asserts on as overrides, so the figure a test
 * checks is visible in the test itself.
 */
import type { AwaySessionRow } from '@/data/db';
import type { Banner } from '@/domain/banner';
import type { Ferry } from '@/domain/ferry';

const MINUTE = 60_000;

/** Queen of Oak Bay, docked at Horseshoe Bay, leaving in 40 minutes. */
export function sampleFerry(overrides: Partial<Ferry> = {}): Ferry {
  return {
    id: 'queen-of-oak-bay',
    name: 'Queen of Oak Bay',
    route: 'Horseshoe Bay - Departure Bay',
    departureTime: new Date(Date.now() + 40 * MINUTE).toISOString(),
    capacity: 1200,
    currentPassengers: 540,
    currentVehicles: 120,
    vehicleCapacity: 320,
    status: 'docked',
    speed: 0,
    routeId: 'hsb-nan',
    terminalId: 'horseshoe-bay',
    ...overrides,
  };
}

/** An away session the server already has: boarding in 30 minutes, alert 5 minutes before. */
export function sampleAwaySession(overrides: Partial<AwaySessionRow> = {}): AwaySessionRow {
  return {
    id: 's1',
    ferryId: 'queen-of-oak-bay',
    queuePosition: 26,
    estimatedBoardingTime: new Date(Date.now() + 30 * MINUTE).toISOString(),
    alertThresholdMinutes: 5,
    currentLocation: 'Washrooms',
    alertAt: new Date(Date.now() + 25 * MINUTE).toISOString(),
    createdAt: new Date().toISOString(),
    status: 'active',
    syncState: 'sent',
    ...overrides,
  };
}

/** Home's banners: a rule that cannot be dismissed, first, then a tip that can. */
export const SAMPLE_BANNERS: Banner[] = [
  {
    id: 'rule',
    title: 'Lanes move before departure',
    message: 'Be back at your vehicle.',
    icon: 'clock',
    dismissible: false,
  },
  { id: 'tip', title: 'Snacks to your car', message: 'Order from the store.', dismissible: true },
];
