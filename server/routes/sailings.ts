/**
 * GET /api/sailings: the sailings the feed knows (the sailing is the unit: src/domain/sailing.ts),
 * each with its source and the time it was observed, earliest scheduled departure first.
 *   ?route=hsb-lng        only that route (src/domain/terminals.ts ROUTES), both directions
 *   ?from=horseshoe-bay   only departures from that terminal
 *   ?date=2026-07-10      only that service day (departures after midnight belong to the evening's
 *                         day: src/domain/service-day.ts); without it, today's and the next days'
 * An unknown route or terminal, or a malformed date, is a 400 `invalid_request`. A day the sources
 * publish nothing for is an empty list: real sources publish today only, the simulator a week.
 *
 * GET /api/vessels: the latest position of each vessel (src/domain/vessel-position.ts); a position
 * older than ten minutes is still listed with its time, and clients show it as "position unknown
 * since …", never as where the vessel is.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Sailing } from '@/domain/sailing';
import { serviceDayOf } from '@/domain/service-day';
import { ROUTES, TERMINALS } from '@/domain/terminals';
import { parseQuery } from '../http/errors';
import type { FerryFeed } from '../feed/ferry-feed';

const routeIds = ROUTES.map((r) => r.id) as [string, ...string[]];
const terminalIds = TERMINALS.map((t) => t.id) as [string, ...string[]];

const querySchema = z
  .object({
    route: z.enum(routeIds, { message: `route must be one of ${routeIds.join(', ')}` }).optional(),
    from: z.enum(terminalIds, { message: `from must be one of ${terminalIds.join(', ')}` }).optional(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
      .refine((d) => !Number.isNaN(Date.parse(`${d}T12:00:00Z`)) && new Date(`${d}T12:00:00Z`).toISOString().startsWith(d), 'date is not a calendar day')
      .optional(),
  })
  .strict();

const jsonCache = new WeakMap<readonly unknown[], string>();
function listJson(list: readonly unknown[]): string {
  let json = jsonCache.get(list);
  if (json === undefined) {
    json = JSON.stringify(list);
    jsonCache.set(list, json);
  }
  return json;
}

/** The sailings of `date` (or of today and later, by service day), optionally of one route and end. */
export function selectSailings(
  sailings: readonly Sailing[],
  filter: { route?: string; from?: string; date?: string },
  now: number,
): readonly Sailing[] {
  const today = serviceDayOf(now);
  const kept = sailings.filter((s) => {
    if (filter.route && s.routeId !== filter.route) return false;
    if (filter.from && s.from !== filter.from) return false;
    const day = serviceDayOf(Date.parse(s.scheduledDeparture));
    return filter.date ? day === filter.date : day >= today;
  });
  // The feed's own list when nothing was left out, so its JSON is cached across requests.
  return kept.length === sailings.length ? sailings : kept;
}

export function registerSailingRoutes(api: FastifyInstance, deps: { feed: FerryFeed; now?: () => number }): void {
  const clock = deps.now ?? Date.now;
  api.get('/sailings', async (request, reply) => {
    const filter = parseQuery(querySchema, request.query);
    reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8');
    return listJson(selectSailings(deps.feed.sailings(), filter, clock()));
  });
  api.get('/vessels', async (request, reply) => {
    parseQuery(z.object({}).strict(), request.query);
    reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8');
    return listJson(deps.feed.vessels());
  });
}
