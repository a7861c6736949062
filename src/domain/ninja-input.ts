/**
 * POST /api/ninja-booking/requests body (membership §3, §5), for the server's route. Kept apart from
 * ./ninja.ts so the client bundle does not pull in the validators only the server needs.
 * Dates are "YYYY-MM-DD" (a full ISO date-time, as the spec's client sent Date values, is cut to
 * its date) and must be a day the calendar has; the departure date may not be before today, which
 * the route checks on its clock.
 */
import { z } from 'zod/mini';

import {
  NINJA_FEE_MAX,
  NINJA_FEE_MIN,
  NINJA_PASSENGERS_MAX,
  NINJA_PASSENGERS_MIN,
  NINJA_PRIORITIES,
  NINJA_ROUTE_NAMES,
  NINJA_VEHICLE_TYPES,
  VEHICLE_LENGTH_MAX_FT,
} from './ninja';
import { NINJA_TIME_PATTERN } from './ninja-sailing-times';
import { calendarDateInRange } from './value-ranges';

const dateValue = z.pipe(
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'Dates are YYYY-MM-DD')),
  z.pipe(
    z.transform((value: string) => value.slice(0, 10)),
    z.string().check(z.refine(calendarDateInRange, 'Dates must be real days between the years 2000 and 2100')),
  ),
);
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));

export const ninjaRequestInputSchema = z.object({
  id: z.uuid(),
  route: z.enum(NINJA_ROUTE_NAMES as [string, ...string[]], 'Please select a route and departure date.'),
  departureDate: dateValue,
  // A sailing of the route's timetable ("08:40 AM", src/domain/ninja-sailing-times.ts), or any time.
  departureTime: z.optional(
    z.nullable(
      z.union([z.string().check(z.regex(NINJA_TIME_PATTERN, 'Departure times are like 08:40 AM')), z.literal('')]),
    ),
  ),
  returnDate: z.optional(z.nullable(z.union([dateValue, z.literal('')]))),
  returnTime: optionalText(20),
  vehicleType: z.enum(NINJA_VEHICLE_TYPES),
  vehicleLength: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(VEHICLE_LENGTH_MAX_FT)))),
  passengerCount: z.int().check(z.gte(NINJA_PASSENGERS_MIN), z.lte(NINJA_PASSENGERS_MAX)),
  maxServiceFee: z.int().check(z.gte(NINJA_FEE_MIN), z.lte(NINJA_FEE_MAX)),
  isFlexible: z.boolean(),
  flexibilityHours: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(8)]),
  priority: z._default(z.enum(NINJA_PRIORITIES), 'medium'),
  autoBookEnabled: z.boolean(),
  notifyViaEmail: z.boolean(),
  notifyViaSms: z.boolean(),
  /** Where e-mail alerts go (riders have no e-mail on file); required only to actually send e-mail. */
  contactEmail: z.optional(z.nullable(z.union([z.literal(''), z.email()]))),
});
