/**
 * The amenities a rider can walk to from the lanes (rider-core §3 Amenity), each with the status
 * riders last reported for it through Amenity Status when that report is recent enough.
 */
import { and, asc, eq, gte } from 'drizzle-orm';

import type { Amenity } from '@/domain/away';

import type { Db } from '../db/db-handle';
import { amenities, amenityStatuses } from '../db/schema';

/** Every amenity (or one terminal's), by terminal then id; `riderStatus` only from reports at or after `freshSince`. */
export async function amenitiesWithStatus(
  db: Db,
  filter: { terminalId?: string; freshSince: Date },
): Promise<Amenity[]> {
  const rows = await db
    .select({ amenity: amenities, status: amenityStatuses.status })
    .from(amenities)
    .leftJoin(
      amenityStatuses,
      and(eq(amenityStatuses.amenityId, amenities.id), gte(amenityStatuses.reportedAt, filter.freshSince)),
    )
    .where(filter.terminalId ? eq(amenities.terminalId, filter.terminalId) : undefined)
    .orderBy(asc(amenities.terminalId), asc(amenities.id));
  return rows.map(({ amenity: row, status }) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    terminalId: row.terminalId,
    riderStatus: status,
  }));
}
