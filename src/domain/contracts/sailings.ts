/** The sailings the feed knows and the vessels' latest positions (src/domain/sailing.ts, vessel-position.ts). */
import { z } from 'zod/mini';

import { sailingListSchema } from '../sailing';
import { ROUTES, TERMINALS } from '../terminals';
import { instantSchema } from '../value-ranges';
import { vesselPositionListSchema } from '../vessel-position';
import { defineContract } from './contract';

const routeIds = ROUTES.map((r) => r.id) as [string, ...string[]];
const terminalIds = TERMINALS.map((t) => t.id) as [string, ...string[]];

/** A YYYY-MM-DD that names a real calendar day. */
function isCalendarDay(day: string): boolean {
  return !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && new Date(`${day}T12:00:00Z`).toISOString().startsWith(day);
}

export const listSailings = defineContract({
  method: 'GET',
  path: '/api/sailings',
  summary:
    "The sailings the feed knows, each with its source and the time it was observed, earliest first: today's and later service days, or the `date` given; `route`, `from`, `before` and `after` (scheduled to leave before, or at or after, that ISO instant) narrow them",
  tag: 'Ferry feed',
  access: 'anyone',
  query: z.strictObject({
    route: z.optional(z.enum(routeIds, { message: `route must be one of ${routeIds.join(', ')}` })),
    from: z.optional(z.enum(terminalIds, { message: `from must be one of ${terminalIds.join(', ')}` })),
    date: z.optional(
      z
        .string()
        .check(
          z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD'),
          z.refine(isCalendarDay, 'date is not a calendar day'),
        ),
    ),
    before: z.optional(instantSchema),
    after: z.optional(instantSchema),
  }),
  responses: { 200: sailingListSchema },
});

export const listVessels = defineContract({
  method: 'GET',
  path: '/api/vessels',
  summary:
    'The latest position of each vessel with its time (older than ten minutes: shown as "position unknown since …")',
  tag: 'Ferry feed',
  access: 'anyone',
  query: z.strictObject({}),
  responses: { 200: vesselPositionListSchema },
});
