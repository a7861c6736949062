/**
 * The BC Ferries vessels a real source (the BC Ferries document, an AIS stream) may name, with the
 * capacities Deckhand turns the document's percentages into counts with, and their AIS MMSIs.
 *
 * Vessels the simulator sails come from ./fleet.ts (same ids and capacities). Capacities of the
 * others are BC Ferries' published fleet figures (passengers, car-equivalent vehicles).
 * MMSIs: src/domain/vessel-identities.ts (each with the public lists that give it); an AIS position
 * is matched by MMSI only (./sources/ais-source.ts).
 */
import { VESSEL_MMSI } from '@/domain/vessel-identities';

import { FLEET } from '../db/fleet';

export interface FleetVessel {
  id: string;
  name: string;
  passengerCapacity: number;
  vehicleCapacity: number;
  serviceSpeedKnots: number;
  mmsi?: number;
}

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

const withMmsi = (v: FleetVessel): FleetVessel =>
  VESSEL_MMSI[v.id] === undefined ? v : { ...v, mmsi: VESSEL_MMSI[v.id] };

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
