/**
 * GET /api/amenities (rider-core §3 Amenity, §7): what a rider can walk to from the lanes, in the
 * Amenity shape `{ id, name, type, terminalId, riderStatus }` (riderStatus: open/closed/busy as riders
 * last reported it through Amenity Status, within AMENITY_STATUS_FRESH_MS; else null), ordered by terminal then id. `?terminalId=` narrows
 * the list to one terminal; an unknown terminal id is a 400 (it is a caller's mistake, not an empty
 * terminal). The client offers at most MAX_QUICK_AWAY_BUTTONS of them; the server answers them all.
 */
import type { FastifyInstance } from 'fastify';

import { listAmenities } from '@/domain/contracts/amenities';
import { AMENITY_STATUS_FRESH_MS } from '@/domain/contributions';

import { amenitiesWithStatus } from '../amenities/amenity-repository';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';

export function registerAmenityRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const clock = deps.now ?? Date.now;
  route(api, listAmenities, {}, async (request) => {
    const freshSince = new Date(clock() - AMENITY_STATUS_FRESH_MS);
    return amenitiesWithStatus(deps.database.db, { terminalId: request.query.terminalId, freshSince });
  });
}
