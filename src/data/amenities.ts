/** The terminal amenities on the device (GET /api/amenities), in the server's order as `order`. */
import { z } from 'zod/mini';
import { amenitySchema } from '@/domain/away';
import { apiGet } from '@/lib/api-client';
import type { DeckhandDB } from './db';
import { replaceTable } from './pulled-rows';

const amenityListSchema = z.array(amenitySchema);

export async function pullAmenities(database: DeckhandDB): Promise<void> {
  const amenities = amenityListSchema.parse(await apiGet<unknown>('/api/amenities'));
  await replaceTable(database, database.amenities, amenities.map((amenity, order) => ({ ...amenity, order })));
}
