/** The fill forecasts of the upcoming sailings (src/domain/sailing-forecast.ts). */
import { z } from 'zod/mini';

import { FORECAST_DAYS, sailingForecastListSchema } from '../sailing-forecast';
import { defineContract } from './contract';

export const listForecasts = defineContract({
  method: 'GET',
  path: '/api/forecasts',
  summary: `The fill forecast of every sailing from today to ${FORECAST_DAYS} days ahead, departure order; \`route\`, \`from\` (ids) and \`date\` (a local YYYY-MM-DD) narrow them (404 for an unknown route or terminal)`,
  tag: 'Forecasts',
  access: 'anyone',
  query: z.object({
    route: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    from: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    date: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'date is YYYY-MM-DD'))),
  }),
  responses: { 200: sailingForecastListSchema },
});
