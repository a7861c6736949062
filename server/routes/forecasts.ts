/**
 * GET /api/forecasts?route=&from=&date= → the fill forecast of every upcoming sailing (today and the
 * next 7 days), in the shape of src/domain/sailing-forecast.ts, departure order: the sailings the feed
 * publishes and, after a route's last published one, those projected from the recorded timetable
 * (`timetableRecordedOn`; a source such as BC Ferries lists only today).
 * `route` a route id (e.g. "hsb-lng"), `from` a departure terminal id, `date` a local day
 * YYYY-MM-DD within today and the next 7 days; all optional. A sailing with too little recorded
 * history answers `status: "insufficient-history"` and no number.
 */
import type { FastifyInstance } from 'fastify';

import { listForecasts } from '@/domain/contracts/forecasts';
import { localDateKey } from '@/domain/ninja';
import { FORECAST_DAYS } from '@/domain/sailing-forecast';
import { routeById, terminalById } from '@/domain/terminals';

import type { ForecastService } from '../forecast/forecast-service';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';

export function registerForecastRoutes(
  api: FastifyInstance,
  deps: { forecasts: ForecastService; now?: () => number },
): void {
  const clock = deps.now ?? Date.now;
  route(api, listForecasts, {}, async (request, reply) => {
    const query = request.query;
    if (query.route !== undefined && !routeById(query.route))
      throw httpError(404, 'unknown_route', `No route called "${query.route}"`);
    if (query.from !== undefined && !terminalById(query.from))
      throw httpError(404, 'unknown_terminal', `No terminal called "${query.from}"`);
    if (query.date !== undefined) {
      const now = clock();
      const first = localDateKey(now);
      const last = localDateKey(now + FORECAST_DAYS * 86_400_000);
      if (query.date < first || query.date > last) {
        throw httpError(400, 'invalid_request', `Forecasts cover ${first} to ${last}`);
      }
    }
    reply.header('Cache-Control', 'no-store');
    return deps.forecasts.forecasts({ routeId: query.route, from: query.from, date: query.date });
  });
}
