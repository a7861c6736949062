/**
 * The fare calculator (rider-core §2 Help page, §5, §9), shared by the help page and the server's
 * chat, which quotes it. Fares arrive as decimal strings from GET /api/fares; this module turns a
 * request (passengers, vehicle, bicycles, peak) into a breakdown in integer cents.
 *
 * Arithmetic (documented rounding, half-up on the cent):
 * - base = Σ count × unit price, exact in cents;
 * - peak surcharge = round(base × (multiplier − 1)), the multiplier read exactly in hundredths;
 * - subtotal = base + surcharge;
 * - tax = round(subtotal × 12 %) (rider-core §9 "Tax 12% on the subtotal");
 * - total = subtotal + tax.
 * Infants (0-4) travel free; a vehicle type or bicycle a route does not price cannot be chosen.
 */
import { z } from 'zod/mini';

import { divideRoundHalfUp, toCents } from './money';
import { ROUTES } from './terminals';

const price = z.string().check(z.regex(/^\d{1,6}\.\d{2}$/));

export const fareSchema = z.object({
  routeId: z.string(),
  routeName: z.string(),
  adult: price,
  child: price,
  infant: price,
  vehicleUnder20: z.nullable(price),
  vehicle20To25: z.nullable(price),
  vehicleOver25: z.nullable(price),
  motorcycle: z.nullable(price),
  bicycle: z.nullable(price),
  /** e.g. "1.15". */
  peakMultiplier: z.string().check(z.regex(/^\d\.\d{2}$/)),
  description: z.string(),
});
export type Fare = z.infer<typeof fareSchema>;
export const fareListSchema = z.array(fareSchema);

/** rider-core §5: passenger counts are whole numbers 0-20 per type. Bicycles use the same bounds. */
export const PASSENGER_MIN = 0;
export const PASSENGER_MAX = 20;
/** rider-core §9: tax 12 % on the subtotal. */
export const FARE_TAX_PERCENT = 12;

/** rider-core §5 age bands, as the calculator labels them. */
export const PASSENGER_TYPES = [
  { key: 'adults', label: 'Adults', ages: '12 and over' },
  { key: 'children', label: 'Children', ages: '5-11' },
  { key: 'infants', label: 'Infants', ages: '0-4, free' },
] as const;
export type PassengerKey = (typeof PASSENGER_TYPES)[number]['key'];

export const VEHICLE_TYPES = [
  { key: 'none', label: 'No vehicle', field: null },
  { key: 'under20', label: 'Vehicle under 20 ft', field: 'vehicleUnder20' },
  { key: '20to25', label: 'Vehicle 20-25 ft', field: 'vehicle20To25' },
  { key: 'over25', label: 'Vehicle over 25 ft', field: 'vehicleOver25' },
  { key: 'motorcycle', label: 'Motorcycle', field: 'motorcycle' },
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number]['key'];

export interface FareRequest {
  adults: number;
  children: number;
  infants: number;
  vehicle: VehicleType;
  bicycles: number;
  peak: boolean;
}

export const EMPTY_FARE_REQUEST: FareRequest = {
  adults: 1,
  children: 0,
  infants: 0,
  vehicle: 'none',
  bicycles: 0,
  peak: false,
};

export interface FareLine {
  label: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

export interface FareQuote {
  lines: FareLine[];
  baseCents: number;
  /** The multiplier applied ("1.00" off-peak). */
  multiplier: string;
  peakSurchargeCents: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** Vehicle types this route prices ("No vehicle" always). */
export function vehicleTypesFor(fare: Fare): (typeof VEHICLE_TYPES)[number][] {
  return VEHICLE_TYPES.filter((type) => type.field === null || fare[type.field] !== null);
}

export function bicyclePriced(fare: Fare): boolean {
  return fare.bicycle !== null;
}

/** A typed count forced into 0-20 whole numbers (empty or non-numeric → 0). */
export function clampCount(value: number): number {
  if (!Number.isFinite(value)) return PASSENGER_MIN;
  return Math.min(PASSENGER_MAX, Math.max(PASSENGER_MIN, Math.trunc(value)));
}

function checkCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < PASSENGER_MIN || value > PASSENGER_MAX) {
    throw new RangeError(`${name} must be a whole number from ${PASSENGER_MIN} to ${PASSENGER_MAX}`);
  }
}

/** The full breakdown. Throws RangeError for counts outside 0-20 or a vehicle/bicycle the route does not price. */
export function quoteFare(fare: Fare, request: FareRequest): FareQuote {
  checkCount('adults', request.adults);
  checkCount('children', request.children);
  checkCount('infants', request.infants);
  checkCount('bicycles', request.bicycles);

  const lines: FareLine[] = [];
  const add = (label: string, quantity: number, unit: string) => {
    if (quantity === 0) return;
    const unitCents = toCents(unit);
    lines.push({ label, quantity, unitCents, amountCents: unitCents * quantity });
  };
  add('Adult', request.adults, fare.adult);
  add('Child', request.children, fare.child);
  add('Infant', request.infants, fare.infant);

  const vehicle = VEHICLE_TYPES.find((type) => type.key === request.vehicle);
  if (!vehicle) throw new RangeError(`Unknown vehicle type ${request.vehicle}`);
  if (vehicle.field !== null) {
    const vehiclePrice = fare[vehicle.field];
    if (vehiclePrice === null) throw new RangeError(`${vehicle.label} is not priced on ${fare.routeName}`);
    add(vehicle.label, 1, vehiclePrice);
  }
  if (request.bicycles > 0) {
    if (fare.bicycle === null) throw new RangeError(`Bicycles are not priced on ${fare.routeName}`);
    add('Bicycle', request.bicycles, fare.bicycle);
  }

  const baseCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const multiplierHundredths = request.peak ? toCents(fare.peakMultiplier) : 100;
  const peakSurchargeCents = divideRoundHalfUp(baseCents * (multiplierHundredths - 100), 100);
  const subtotalCents = baseCents + peakSurchargeCents;
  const taxCents = divideRoundHalfUp(subtotalCents * FARE_TAX_PERCENT, 100);
  return {
    lines,
    baseCents,
    multiplier: request.peak ? fare.peakMultiplier : '1.00',
    peakSurchargeCents,
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
  };
}

/** Fares in the route table's order (main routes first), as the calculator lists them. */
export function sortFares<T extends Pick<Fare, 'routeId'>>(fares: readonly T[]): T[] {
  const rank = (routeId: string) => {
    const index = ROUTES.findIndex((route) => route.id === routeId);
    return index === -1 ? ROUTES.length : index;
  };
  return [...fares].sort((a, b) => rank(a.routeId) - rank(b.routeId));
}
