/** The fill forecasts of the upcoming sailings (src/domain/sailing-forecast.ts). */
import { z } from 'zod/mini';

import { FORECAST_DAYS, sailingForecastListSchema } from '../sailing-forecast';
import { instantSchema } from '../value-ranges';
import { defineContract } from './contract';

export const listForecasts = defineContract({
  method: 'GET',
  path: '/api/forecasts',
  summary: `The fill forecast of every sailing from today to ${FORECAST_DAYS} days ahead, departure order; \`route\`, \`from\` (ids), \`date\` (a local YYYY-MM-DD) \`before\` and \`after\` (scheduled to leave before, or at or after, that ISO instant) narrow them (404 for an unknown route or terminal)`,
  tag: 'Forecasts',
  access: 'anyone',
  query: z.object({
    route: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    from: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    date: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date is YYYY-MM-DD'))),
    before: z.optional(instantSchema),
    after: z.optional(instantSchema),
  }),
  responses: { 200: sailingForecastListSchema },
});

const instant = () =>
  z
    .string()
    .check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'an ISO instant'));

/** The chance of a place on the route's sailings for a car arriving at a time (src/domain/sailing-chance.ts). */
export const sailingChanceListSchema = z.object({
  /** The arrival the chances are for (ISO instants). */
  arrival: z.object({ at: z.string(), earliest: z.string(), latest: z.string() }),
  /** Earlier, Estimated and Later (those there are), departure order. */
  chances: z.array(
    z.object({
      place: z.enum(['Earlier', 'Estimated', 'Later']),
      sailingId: z.string(),
      departureTime: z.string(),
      /** Whole percent; null when Unknown. */
      percent: z.nullable(z.int().check(z.minimum(0), z.maximum(100))),
      band: z.enum(['green', 'orange', 'red', 'unknown']),
      reason: z.optional(z.enum(['stale-reading', 'short-history', 'no-forecast', 'not-published'])),
      closed: z.optional(z.boolean()),
      /** As the app words it: "72% · likely", "Unknown: ...". */
      text: z.string(),
    }),
  ),
});

export const listSailingChances = defineContract({
  method: 'GET',
  path: '/api/sailing-chances',
  summary:
    'The chance of a place on board for a car reaching `from` at `arrive` (default now; `earliest` and `latest` its window, at most 6 hours, default `arrive`): the sailing of `route` it likely makes and the ones either side, by the rule the app runs offline (404 for an unknown route or terminal, 400 for a bad window)',
  tag: 'Forecasts',
  access: 'anyone',
  query: z.object({
    route: z.string().check(z.minLength(1), z.maxLength(100)),
    from: z.string().check(z.minLength(1), z.maxLength(100)),
    arrive: z.optional(instant()),
    earliest: z.optional(instant()),
    latest: z.optional(instant()),
  }),
  responses: { 200: sailingChanceListSchema },
});
