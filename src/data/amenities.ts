/** The terminal amenities on the device (GET /api/amenities), in the server's order as `order`. */
import { listAmenities } from '@/domain/contracts/amenities';
import { callApi } from '@/lib/api-client';

import type { DeckhandDB } from './db';
import { replaceTable } from './pulled-rows';

export async function pullAmenities(database: DeckhandDB): Promise<void> {
  const amenities = await callApi(listAmenities, {});
  await replaceTable(
    database,
    database.amenities,
    amenities.map((amenity, order) => ({ ...amenity, order })),
  );
}
