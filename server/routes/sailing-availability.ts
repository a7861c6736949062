/**
 * GET /api/sailings/availability?route=&date= → the reservable spaces of every sailing of a route on
 * a local day (server/feed/reservations.ts, less what Deckhand booked), with the time of the data:
 *   { route, date, dataTime, sailings: [{ sailingId, routeId, from, to, departureTime,
 *     vehicleSpaces: { standard, oversized, motorcycle }, passengerSpaces }] }
 * `route` is a route id (both directions) or a Ninja route name (one direction); `date` YYYY-MM-DD,
 * default today. A Ninja route the simulator does not sail answers an empty list.
 */
import type { FastifyInstance } from 'fastify';

import { sailingAvailability } from '@/domain/contracts/sailing-availability';
import { localDateKey, ninjaRoute } from '@/domain/ninja';
import { routeById } from '@/domain/terminals';

import { routeAvailability } from '../booking-agent/availability';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';

export function registerSailingAvailabilityRoutes(
  api: FastifyInstance,
  deps: { database: Database; now?: () => number },
): void {
  const clock = deps.now ?? Date.now;
  route(api, sailingAvailability, {}, async (request) => {
    const { query } = request;
    const now = clock();
    const date = query.date ?? localDateKey(now);
    const [year, month, day] = date.split('-').map(Number);
    const localDay = { year: year ?? 0, month: month ?? 0, day: day ?? 0 };
    const named = ninjaRoute(query.route);
    const routeId = named ? named.routeId : routeById(query.route)?.id;
    if (routeId === undefined) throw httpError(404, 'unknown_route', `No route called "${query.route}"`);
    const sailings =
      routeId === null
        ? []
        : await routeAvailability(deps.database.db, routeId, localDay, now, named?.from ?? undefined);
    return {
      route: query.route,
      date,
      dataTime: new Date(now).toISOString(),
      sailings: sailings.map(({ localMinute: _minute, ...rest }) => rest),
    };
  });
}
