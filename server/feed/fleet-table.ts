/**
 * The BC Ferries vessels a real source (the BC Ferries document, an AIS stream) may name, with the
 * capacities Deckhand turns the document's percentages into counts with, and their AIS MMSIs.
 *
 * Vessels the simulator sails come from ./fleet.ts (same ids and capacities). Capacities of the
 * others are BC Ferries' published fleet figures (passengers, car-equivalent vehicles).
 * MMSI: filled in only where at least two of the three public vessel lists found (open-source BC
 * Ferries AIS trackers, 2025-2026) agree; no official registry could be consulted from here, so
 * treat every MMSI as checked against those lists only. A vessel whose lists disagree or that only
 * one list names has no MMSI (the conflicting values are noted) and an AIS position reaches it by
 * its ship name instead (./sources/ais-source.ts).
 */
import { FLEET } from '../db/fleet';

export interface FleetVessel {
  id: string;
  name: string;
  passengerCapacity: number;
  vehicleCapacity: number;
  serviceSpeedKnots: number;
  mmsi?: number;
}

/** MMSIs by vessel id (see the header for how each was checked). */
const MMSI: Readonly<Record<string, number>> = {
  'spirit-of-british-columbia': 316001268,
  'spirit-of-vancouver-island': 316001269,
  'coastal-celebration': 316011409,
  'coastal-inspiration': 316011408,
  'coastal-renaissance': 316011407,
  'queen-of-alberni': 316001245,
  'queen-of-coquitlam': 316001249,
  // queen-of-cowichan: unverified (lists say 316001248 and 316001251).
  'queen-of-new-westminster': 316001255,
  'queen-of-oak-bay': 316001257,
  'queen-of-surrey': 316001262,
  'queen-of-capilano': 316001247,
  'queen-of-cumberland': 316001252,
  'salish-orca': 316030627,
  'salish-eagle': 316030626,
  'salish-raven': 316030628,
  'salish-heron': 316047943,
  'skeena-queen': 316001267,
  // mayne-queen (316001238), bowen-queen (316001232), island-discovery (316039864): one list each, unverified.
};

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const OTHERS: ReadonlyArray<Omit<FleetVessel, 'id'>> = [
  { name: 'Coastal Renaissance', passengerCapacity: 1604, vehicleCapacity: 310, serviceSpeedKnots: 21 },
  { name: 'Queen of New Westminster', passengerCapacity: 1332, vehicleCapacity: 254, serviceSpeedKnots: 19 },
  { name: 'Queen of Alberni', passengerCapacity: 1200, vehicleCapacity: 280, serviceSpeedKnots: 20 },
  { name: 'Queen of Surrey', passengerCapacity: 1494, vehicleCapacity: 316, serviceSpeedKnots: 20 },
  { name: 'Queen of Cumberland', passengerCapacity: 462, vehicleCapacity: 112, serviceSpeedKnots: 13 },
  { name: 'Salish Orca', passengerCapacity: 600, vehicleCapacity: 138, serviceSpeedKnots: 15.5 },
  { name: 'Salish Eagle', passengerCapacity: 600, vehicleCapacity: 138, serviceSpeedKnots: 15.5 },
  { name: 'Salish Raven', passengerCapacity: 600, vehicleCapacity: 138, serviceSpeedKnots: 15.5 },
  { name: 'Salish Heron', passengerCapacity: 600, vehicleCapacity: 138, serviceSpeedKnots: 15.5 },
  { name: 'Skeena Queen', passengerCapacity: 600, vehicleCapacity: 92, serviceSpeedKnots: 14 },
  { name: 'Mayne Queen', passengerCapacity: 400, vehicleCapacity: 58, serviceSpeedKnots: 13 },
  { name: 'Bowen Queen', passengerCapacity: 380, vehicleCapacity: 61, serviceSpeedKnots: 13 },
  { name: 'Island Discovery', passengerCapacity: 300, vehicleCapacity: 47, serviceSpeedKnots: 12 },
];

const withMmsi = (v: FleetVessel): FleetVessel => (MMSI[v.id] === undefined ? v : { ...v, mmsi: MMSI[v.id] });

export const FLEET_TABLE: readonly FleetVessel[] = [
  ...FLEET.map(({ id, name, passengerCapacity, vehicleCapacity, serviceSpeedKnots }) => ({
    id,
    name,
    passengerCapacity,
    vehicleCapacity,
    serviceSpeedKnots,
  })),
  ...OTHERS.map((v) => ({ ...v, id: slug(v.name) })),
].map(withMmsi);

const byMmsi = new Map(FLEET_TABLE.filter((v) => v.mmsi !== undefined).map((v) => [v.mmsi, v]));

/** The vessel an AIS report's MMSI names, when its MMSI is in the table. */
export function vesselByMmsi(mmsi: number): FleetVessel | undefined {
  return byMmsi.get(mmsi);
}

const byName = new Map(FLEET_TABLE.map((v) => [v.name.toLowerCase(), v]));

/** The vessel a source names ("Queen of Coquitlam", any case, surrounding spaces ignored). */
export function vesselByName(name: string): FleetVessel | undefined {
  return byName.get(name.trim().toLowerCase().replace(/\s+/g, ' '));
}

/** Deckhand's id for a vessel a source names: the table's, else a slug of the name. */
export function vesselIdForName(name: string): string {
  return vesselByName(name)?.id ?? slug(name);
}
