/** What a rider can walk to from the lanes (rider-core §3 Amenity, §7). */
import { z } from 'zod/mini';

import { amenitySchema } from '../away';
import { TERMINALS } from '../terminals';
import { defineContract } from './contract';

const terminalIds = TERMINALS.map((t) => t.id) as [string, ...string[]];

export const listAmenities = defineContract({
  method: 'GET',
  path: '/api/amenities',
  summary:
    "Every terminal's amenities (or one terminal's), by terminal then id, each with the status riders last reported while it is recent",
  tag: 'Amenities',
  access: 'anyone',
  query: z.object({ terminalId: z.optional(z.enum(terminalIds)) }),
  responses: { 200: z.array(amenitySchema) },
});
