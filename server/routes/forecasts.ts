/**
 * GET /api/forecasts?route=&from=&date= → the fill forecast of every upcoming sailing (today and the
 * next 7 days), in the shape of src/domain/sailing-forecast.ts, departure order: the sailings the feed
 * publishes and, after a route's last published one, those projected from the recorded timetable
 * (`timetableRecordedOn`; a source such as BC Ferries lists only today).
 * `route` a route id (e.g. "hsb-lng"), `from` a departure terminal id, `date` a local day
 * YYYY-MM-DD within today and the next 7 days; all optional. A sailing with too little recorded
 * history answers `status: "insufficient-history"` and no number.
 *
 * GET /api/sailing-chances?route=&from=&arrive=&earliest=&latest= → for a car reaching `from` at
 * `arrive` (default now) within [earliest, latest] (default `arrive`; at most MAX_ARRIVAL_WINDOW_MS
 * wide), the chance of a place on the sailing of `route` it likely makes and the ones either side, by
 * the rule the app runs on the device (src/domain/sailing-chance.ts), each with the app's words.
 */
import type { FastifyInstance } from 'fastify';

import { listForecasts, listSailingChances } from '@/domain/contracts/forecasts';
import { localDateKey } from '@/domain/ninja';
import { chanceText } from '@/domain/sailing-chance';
import { FORECAST_DAYS } from '@/domain/sailing-forecast';
import { routeById, terminalById } from '@/domain/terminals';

import type { ForecastService } from '../forecast/forecast-service';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';

/** The widest arrival window asked for. */
export const MAX_ARRIVAL_WINDOW_MS = 6 * 60 * 60_000;

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
    const instant = (iso: string | undefined) => (iso === undefined ? undefined : Date.parse(iso));
    const { route: routeId, from, date } = query;
    return deps.forecasts.forecasts({
      routeId,
      from,
      date,
      before: instant(query.before),
      after: instant(query.after),
    });
  });
  route(api, listSailingChances, {}, async (request, reply) => {
    const query = request.query;
    const served = routeById(query.route);
    if (!served) throw httpError(404, 'unknown_route', `No route called "${query.route}"`);
    if (!terminalById(query.from) || (served.from !== query.from && served.to !== query.from))
      throw httpError(404, 'unknown_terminal', `No terminal called "${query.from}" on that route`);
    const at = query.arrive === undefined ? clock() : Date.parse(query.arrive);
    const earliest = query.earliest === undefined ? at : Date.parse(query.earliest);
    const latest = query.latest === undefined ? at : Date.parse(query.latest);
    if ([at, earliest, latest].some(Number.isNaN))
      throw httpError(400, 'invalid_request', 'arrive, earliest and latest are ISO instants');
    if (!(earliest <= at && at <= latest) || latest - earliest > MAX_ARRIVAL_WINDOW_MS)
      throw httpError(400, 'invalid_request', 'earliest ≤ arrive ≤ latest, at most 6 hours apart');
    const arrival = { at, earliest, latest };
    const placed = await deps.forecasts.chances(query.route, query.from, arrival);
    reply.header('Cache-Control', 'no-store');
    return {
      arrival: {
        at: new Date(at).toISOString(),
        earliest: new Date(earliest).toISOString(),
        latest: new Date(latest).toISOString(),
      },
      chances: placed.map((c) => ({
        place: c.place,
        sailingId: c.sailingId,
        departureTime: c.departureTime,
        percent: c.percent,
        band: c.band,
        ...(c.reason ? { reason: c.reason } : {}),
        ...(c.closed ? { closed: true } : {}),
        text: chanceText(c),
      })),
    };
  });
}
