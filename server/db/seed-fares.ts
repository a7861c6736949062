/**
 * rider-core §9's fare table (CAD), as the seed stores it and GET /api/fares answers it. Data only
 * (the schema is imported for its type), so tests can take their fares from here.
 */
import type { fares } from './schema';

type FareRow = typeof fares.$inferInsert;
const mainRouteFare = (routeId: string, description: string): FareRow => ({
  routeId,
  adult: '18.50',
  child: '9.25',
  infant: '0.00',
  vehicleUnder20: '61.45',
  vehicle20To25: '82.60',
  vehicleOver25: '103.75',
  motorcycle: '30.75',
  bicycle: '2.25',
  peakMultiplier: '1.15',
  description,
});

/** rider-core §9 Fares (CAD). Langdale peak 1.10 and Snug Cove 1.05 (the spec leaves the pairing open). */
export const FARE_ROWS: FareRow[] = [
  mainRouteFare('hsb-nan', 'Main route: Horseshoe Bay to Nanaimo Departure Bay'),
  mainRouteFare('tsa-swb', 'Main route: Tsawwassen to Swartz Bay (Victoria)'),
  mainRouteFare('tsa-duk', 'Main route: Tsawwassen to Nanaimo Duke Point'),
  {
    routeId: 'hsb-lng',
    adult: '15.80',
    child: '7.90',
    infant: '0.00',
    vehicleUnder20: '52.20',
    vehicle20To25: '70.15',
    vehicleOver25: '88.10',
    motorcycle: '26.10',
    bicycle: null,
    peakMultiplier: '1.10',
    description: 'Sunshine Coast: Horseshoe Bay to Langdale',
  },
  {
    routeId: 'hsb-snug',
    adult: '12.90',
    child: '6.45',
    infant: '0.00',
    vehicleUnder20: '42.65',
    vehicle20To25: '57.35',
    vehicleOver25: '72.05',
    motorcycle: '21.35',
    bicycle: null,
    peakMultiplier: '1.05',
    description: 'Bowen Island: Horseshoe Bay to Snug Cove',
  },
];
