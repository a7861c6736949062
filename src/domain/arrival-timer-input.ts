/**
 * POST /api/arrival-timers body (rider-core §7), for the server's route. Kept apart from
 * ./arrival-timer.ts so the client bundle does not pull in the zod validators only the server needs.
 */
import { z } from 'zod/mini';

import { ARRIVAL_BUFFER_MAX, ARRIVAL_BUFFER_MIN, ARRIVAL_LOCATION_MAX, ARRIVAL_TRAVEL_MINUTES } from './arrival-timer';
import { instantSchema } from './value-ranges';

/**
 * POST /api/arrival-timers (rider-core §7). `id` is a client-made UUID so a timer made offline can be
 * cancelled offline. targetDeparture (the chosen sailing) is required; cutoffTime/alarmTime may be sent
 * but the server recomputes them (src/domain/arrival-timer.ts arrivalPlan); travelTime must be 45 when
 * sent. Bounds on bufferTime are enforced here (400 outside 5-60).
 */
export const arrivalTimerInputSchema = z.object({
  id: z.uuid(),
  ferryId: z.string().check(z.minLength(1), z.maxLength(100)),
  departureLocation: z
    .string()
    .check(z.trim(), z.minLength(1, 'Departure location is required'), z.maxLength(ARRIVAL_LOCATION_MAX)),
  /** The chosen sailing's departure (an instant); the timer's cutoff and leave time follow from it. */
  targetDeparture: instantSchema,
  bufferTime: z.int().check(z.gte(ARRIVAL_BUFFER_MIN), z.lte(ARRIVAL_BUFFER_MAX)),
  travelTime: z.optional(z.literal(ARRIVAL_TRAVEL_MINUTES)),
  cutoffTime: z.optional(z.string()),
  alarmTime: z.optional(z.string()),
});

export type ArrivalTimerInput = z.infer<typeof arrivalTimerInputSchema>;
