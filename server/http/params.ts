/**
 * Path parameters shared by routes. Row ids are PostgreSQL `serial` (int4): a number beyond
 * 2,147,483,647 can name no row and would fail in the database, so it is a 400 at validation.
 */
import { z } from 'zod';

import { PG_INT_MAX } from '@/domain/value-ranges';

export { PG_INT_MAX };

/** A positive int4 id from the path, e.g. /api/staff/orders/:id/status. */
export const serialId = z.coerce.number().int().positive().max(PG_INT_MAX);
