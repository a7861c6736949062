/** Will it sail: the weather level of the upcoming sailings (src/domain/weather-risk.ts). */
import { z } from 'zod/mini';

import { weatherRiskAnswerSchema } from '../weather-risk';
import { defineContract } from './contract';

export const getWeatherRisk = defineContract({
  method: 'GET',
  path: '/api/weather-risk',
  summary:
    "The weather level (none, Be aware, Disruption likely) of every upcoming sailing, with its reason, from Environment and Climate Change Canada's marine forecasts and warnings, the forecasts it rests on, their source and age, and the level's measured accuracy; `route` and `from` (ids) narrow the sailings (404 for an unknown route or terminal)",
  tag: 'Forecasts',
  access: 'anyone',
  query: z.object({
    route: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    from: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  }),
  responses: { 200: weatherRiskAnswerSchema },
});
