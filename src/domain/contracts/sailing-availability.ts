/**
 * The reservable spaces of a route's sailings on a local day, less what Deckhand booked, with the
 * time of the data.
 */
import { z } from 'zod/mini';

import { defineContract } from './contract';

export const sailingSpacesSchema = z.object({
  sailingId: z.string(),
  routeId: z.string(),
  from: z.string(),
  to: z.string(),
  departureTime: z.string(),
  vehicleSpaces: z.object({ standard: z.int(), oversized: z.int(), motorcycle: z.int() }),
  passengerSpaces: z.int(),
});

export const sailingAvailability = defineContract({
  method: 'GET',
  path: '/api/sailings/availability',
  summary:
    'Every sailing of a route on a local day with its vehicle spaces by size and passenger spaces. `route` is a route id (both directions) or a Ninja route name (one direction; one the simulator does not sail answers an empty list); `date` defaults to today. 404 unknown_route',
  tag: 'Sailings',
  access: 'anyone',
  query: z.object({
    route: z.string().check(z.minLength(1), z.maxLength(100)),
    date: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date is YYYY-MM-DD'))),
  }),
  responses: {
    200: z.object({
      route: z.string(),
      date: z.string(),
      dataTime: z.string(),
      sailings: z.array(sailingSpacesSchema),
    }),
  },
});
