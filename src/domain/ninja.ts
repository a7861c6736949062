/**
 * Ninja Booking rules (membership §2 "Ninja Booking", §3 entity, §5 validation, §9 constants), shared
 * by the /app/ninja form, the server's routes and its watcher engine (server/booking-agent/*).
 */
import { z } from 'zod/mini';

import { terminalWallClock } from './time';

/** membership §9: the success fee, charged only when a space is booked. */
export const NINJA_SUCCESS_FEE = 25;
/** membership §5, §9: maximum service fee 25-100; anything else falls back to 25. */
export const NINJA_FEE_MIN = 25;
export const NINJA_FEE_MAX = 100;
/** membership §5, §9: passengers 1-20; anything else falls back to 1. */
export const NINJA_PASSENGERS_MIN = 1;
export const NINJA_PASSENGERS_MAX = 20;
/** membership §5, §9: a request is watched for 30 days, or until a booking is obtained. */
export const NINJA_REQUEST_LIFETIME_MS = 30 * 24 * 60 * 60_000;
/** The open /app/ninja page re-reads its list this often: the watcher checks every 30 s (admin default). */
export const NINJA_LIST_REFRESH_MS = 30_000;
/** membership §9: flexibility ±1/2/4/8 hours, default 2, flexible by default. */
export const NINJA_FLEXIBILITY_HOURS = [1, 2, 4, 8] as const;
export const NINJA_DEFAULT_FLEXIBILITY = 2;
export const NINJA_PRIORITIES = ['low', 'medium', 'high'] as const;
export const NINJA_DEFAULT_PRIORITY = 'medium';
export const NINJA_VEHICLE_TYPES = ['standard', 'oversized', 'motorcycle'] as const;
export const NINJA_STATUSES = ['active', 'booked', 'expired', 'cancelled'] as const;
/** A vehicle longer than this (feet) needs an oversized space whatever its type says. */
export const STANDARD_VEHICLE_MAX_LENGTH_FT = 20;
export const VEHICLE_LENGTH_MAX_FT = 80;

export type NinjaPriority = (typeof NINJA_PRIORITIES)[number];
export type NinjaVehicleType = (typeof NINJA_VEHICLE_TYPES)[number];
export type FlexibilityHours = (typeof NINJA_FLEXIBILITY_HOURS)[number];

/**
 * membership §3 "Ninja routes", in the spec's order. `routeId`/`from` name the simulated route and
 * direction (src/domain/terminals.ts); the two Gulf Islands routes are not simulated, so their
 * requests are accepted but no availability is ever found for them (the page says so).
 */
export const NINJA_ROUTES: ReadonlyArray<{ name: string; routeId: string | null; from: string | null }> = [
  { name: 'Horseshoe Bay - Departure Bay', routeId: 'hsb-nan', from: 'horseshoe-bay' },
  { name: 'Horseshoe Bay - Langdale', routeId: 'hsb-lng', from: 'horseshoe-bay' },
  { name: 'Tsawwassen - Swartz Bay', routeId: 'tsa-swb', from: 'tsawwassen' },
  { name: 'Tsawwassen - Duke Point', routeId: 'tsa-duk', from: 'tsawwassen' },
  { name: 'Tsawwassen - Southern Gulf Islands', routeId: null, from: null },
  { name: 'Swartz Bay - Fulford Harbour', routeId: null, from: null },
  { name: 'Departure Bay - Horseshoe Bay', routeId: 'hsb-nan', from: 'departure-bay' },
  { name: 'Langdale - Horseshoe Bay', routeId: 'hsb-lng', from: 'langdale' },
  { name: 'Swartz Bay - Tsawwassen', routeId: 'tsa-swb', from: 'swartz-bay' },
];
export const NINJA_ROUTE_NAMES = NINJA_ROUTES.map((r) => r.name);

/** membership §3 "Preset departure times". */
export const PRESET_DEPARTURE_TIMES = [
  '06:20 AM',
  '08:20 AM',
  '10:30 AM',
  '12:30 PM',
  '02:30 PM',
  '04:30 PM',
  '06:30 PM',
  '08:30 PM',
] as const;

export function ninjaRoute(name: string) {
  return NINJA_ROUTES.find((r) => r.name === name);
}

/** membership §5: passengers 1-20, an invalid entry falls back to 1. */
export function passengersOrDefault(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  return Number.isInteger(n) && n >= NINJA_PASSENGERS_MIN && n <= NINJA_PASSENGERS_MAX ? n : NINJA_PASSENGERS_MIN;
}

/** membership §5: max service fee 25-100, an invalid entry falls back to 25. */
export function maxFeeOrDefault(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  return Number.isInteger(n) && n >= NINJA_FEE_MIN && n <= NINJA_FEE_MAX ? n : NINJA_FEE_MIN;
}

/** "08:20 AM" → minutes after local midnight (500); undefined for anything else. */
export function presetMinute(time: string): number | undefined {
  const match = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(time);
  if (!match) return undefined;
  const hours = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

/**
 * The departures a request accepts, in local minutes of its day (membership §2, §9): the chosen time
 * ± the flexibility hours when flexible, else that time alone (a sailing within 10 minutes of it,
 * so a timetable shifted by a few minutes still counts). No time chosen: the whole day.
 */
export function requestWindow(req: { departureTime: string | null; isFlexible: boolean; flexibilityHours: number }): {
  from: number;
  to: number;
} {
  const minute = req.departureTime ? presetMinute(req.departureTime) : undefined;
  if (minute === undefined) return { from: 0, to: 24 * 60 };
  const half = req.isFlexible ? req.flexibilityHours * 60 : 10;
  return { from: minute - half, to: minute + half };
}

export type SpacePool = 'standard' | 'oversized' | 'motorcycle';

/** The kind of vehicle space a request needs: longer than 20 ft always needs an oversized space. */
export function spacePoolFor(vehicleType: NinjaVehicleType, vehicleLengthFt: number | null): SpacePool {
  if (vehicleType === 'motorcycle') return 'motorcycle';
  if (vehicleType === 'oversized' || (vehicleLengthFt ?? 0) > STANDARD_VEHICLE_MAX_LENGTH_FT) return 'oversized';
  return 'standard';
}

const PRIORITY_RANK: Record<NinjaPriority, number> = { high: 0, medium: 1, low: 2 };

/**
 * Who gets a contested space (the watcher books in this order): higher priority first, then the
 * older request, then the lower id so the order is total.
 */
export function compareClaims(
  a: { priority: NinjaPriority; createdAt: number; id: string },
  b: { priority: NinjaPriority; createdAt: number; id: string },
): number {
  return PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || a.createdAt - b.createdAt || a.id.localeCompare(b.id);
}

/** The fee Deckhand records for a booking: the $25 success fee, never above the rider's maximum. */
export function successFee(maxServiceFee: number): number {
  return Math.min(NINJA_SUCCESS_FEE, maxServiceFee);
}

/** Today in the terminal zone as "YYYY-MM-DD" (the date input's minimum, membership §5). */
export function localDateKey(epochMs: number): string {
  const w = terminalWallClock(epochMs);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** A request as GET/POST /api/ninja-booking/requests answer it (membership §3 list items). */
export const ninjaRequestViewSchema = z.object({
  id: z.string(),
  route: z.string(),
  departureDate: z.string(),
  departureTime: z.nullable(z.string()),
  returnDate: z.nullable(z.string()),
  returnTime: z.nullable(z.string()),
  vehicleType: z.enum(NINJA_VEHICLE_TYPES),
  vehicleLength: z.nullable(z.int()),
  passengerCount: z.int(),
  maxServiceFee: z.int(),
  isFlexible: z.boolean(),
  flexibilityHours: z.int(),
  priority: z.enum(NINJA_PRIORITIES),
  autoBookEnabled: z.boolean(),
  notifyViaEmail: z.boolean(),
  notifyViaSms: z.boolean(),
  contactEmail: z.nullable(z.string()),
  status: z.enum(NINJA_STATUSES),
  currentAttempts: z.int(),
  lastCheckedAt: z.nullable(z.string()),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The sailing Deckhand booked and the success fee recorded, once booked. */
  booking: z.nullable(z.object({ departureTime: z.string(), successFee: z.string() })),
});
export type NinjaRequestView = z.infer<typeof ninjaRequestViewSchema>;
