/**
 * GET /api/weather-risk?route=&from= → the weather level of every upcoming sailing
 * (server/weather/weather-risk-service.ts): level, reason, the forecasts it rests on with their issue
 * time, when the server last read them and why it fails while it does, and the level's accuracy.
 */
import type { FastifyInstance } from 'fastify';

import { getWeatherRisk } from '@/domain/contracts/weather-risk';
import { routeById, terminalById } from '@/domain/terminals';

import { route } from '../http/contract-route';
import { httpError } from '../http/errors';
import type { WeatherRiskService } from '../weather/weather-risk-service';

export function registerWeatherRiskRoutes(api: FastifyInstance, deps: { weather: WeatherRiskService }): void {
  route(api, getWeatherRisk, {}, async (request, reply) => {
    const query = request.query;
    if (query.route !== undefined && !routeById(query.route))
      throw httpError(404, 'unknown_route', `No route called "${query.route}"`);
    if (query.from !== undefined && !terminalById(query.from))
      throw httpError(404, 'unknown_terminal', `No terminal called "${query.from}"`);
    reply.header('Cache-Control', 'no-store');
    return deps.weather.answer({ routeId: query.route, from: query.from });
  });
}
