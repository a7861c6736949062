/**
 * GET /api/amenities (rider-core §3 Amenity, §7): what a rider can walk to from the lanes, in the
 * Amenity shape `{ id, name, type, terminalId, riderStatus }` (riderStatus: open/closed/busy as riders
 * last reported it through Amenity Status, within AMENITY_STATUS_FRESH_MS; else null), ordered by terminal then id. `?terminalId=` narrows
 * the list to one terminal; an unknown terminal id is a 400 (it is a caller's mistake, not an empty
 * terminal). The client offers at most MAX_QUICK_AWAY_BUTTONS of them; the server answers them all.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Amenity } from '@/domain/away';
import { AMENITY_STATUS_FRESH_MS } from '@/domain/contributions';
import { TERMINALS } from '@/domain/terminals';
import { listAmenities } from '../amenities/amenity-repository';
import type { Database } from '../db/client';
import { parseQuery } from '../http/errors';

const TERMINAL_IDS = TERMINALS.map((t) => t.id) as [string, ...string[]];
const querySchema = z.object({ terminalId: z.enum(TERMINAL_IDS).optional() });

export function registerAmenityRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { db } = deps.database;

  api.get('/amenities', async (request): Promise<Amenity[]> => {
    const { terminalId } = parseQuery(querySchema, request.query);
    const freshSince = new Date((deps.now ?? Date.now)() - AMENITY_STATUS_FRESH_MS);
    return listAmenities(db, { terminalId, freshSince });
  });
}
