/**
 * GET /api/sailings: the sailings the feed knows (the sailing is the unit: src/domain/sailing.ts),
 * each with its source and the time it was observed, earliest scheduled departure first.
 *   ?route=hsb-lng        only that route (src/domain/terminals.ts ROUTES), both directions
 *   ?from=horseshoe-bay   only departures from that terminal
 *   ?date=2026-07-10      only that service day (departures after midnight belong to the evening's
 *                         day: src/domain/service-day.ts); without it, today's and the next days'
 *   ?before=2026-07-11T10:00:00Z  only sailings scheduled to leave before that instant, ?after= at
 *                         or after it (a pull's two steps: the days its first screen shows, the rest later)
 * An unknown route or terminal, or a malformed date, is a 400 `invalid_request`. A day the sources
 * publish nothing for is an empty list: real sources publish today only, the simulator a week.
 *
 * GET /api/vessels: the latest position of each vessel (src/domain/vessel-position.ts); a position
 * older than ten minutes is still listed with its time, and clients show it as "position unknown
 * since …", never as where the vessel is.
 */
import type { FastifyInstance } from 'fastify';

import { listSailings, listVessels } from '@/domain/contracts/sailings';
import type { Sailing } from '@/domain/sailing';
import { serviceDayOf } from '@/domain/service-day';

import type { FerryFeed } from '../feed/ferry-feed';
import { route } from '../http/contract-route';

const jsonCache = new WeakMap<readonly unknown[], string>();
function listJson(list: readonly unknown[]): string {
  let json = jsonCache.get(list);
  if (json === undefined) {
    json = JSON.stringify(list);
    jsonCache.set(list, json);
  }
  return json;
}

/** The sailings of `date` (or of today and later, by service day), optionally of one route and end, leaving before or after an instant. */
export function selectSailings(
  sailings: readonly Sailing[],
  filter: { route?: string; from?: string; date?: string; before?: string; after?: string },
  now: number,
): readonly Sailing[] {
  const today = serviceDayOf(now);
  const before = filter.before === undefined ? Infinity : Date.parse(filter.before);
  const after = filter.after === undefined ? -Infinity : Date.parse(filter.after);
  const kept = sailings.filter((s) => {
    if (filter.route && s.routeId !== filter.route) return false;
    if (filter.from && s.from !== filter.from) return false;
    const departs = Date.parse(s.scheduledDeparture);
    if (!(departs < before && departs >= after)) return false;
    const day = serviceDayOf(departs);
    return filter.date ? day === filter.date : day >= today;
  });
  // The feed's own list when nothing was left out, so its JSON is cached across requests.
  return kept.length === sailings.length ? sailings : kept;
}

export function registerSailingRoutes(api: FastifyInstance, deps: { feed: FerryFeed; now?: () => number }): void {
  const clock = deps.now ?? Date.now;
  // The lists are sent as the JSON text cached per feed list (a string is not serialised again).
  route(api, listSailings, {}, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8');
    return reply.send(listJson(selectSailings(deps.feed.sailings(), request.query, clock())));
  });
  route(api, listVessels, {}, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8');
    return reply.send(listJson(deps.feed.vessels()));
  });
}
