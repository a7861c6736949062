/** Path and query parameters several contracts share. */
import { z } from 'zod/mini';
import { PG_INT_MAX } from '../value-ranges';

/**
 * A positive int4 row id from the path, e.g. /api/staff/orders/:id/status. Row ids are PostgreSQL
 * `serial`: a number beyond PG_INT_MAX can name no row and would fail in the database, so it is a 400.
 */
export const serialIdParam = z.coerce.number().check(z.int(), z.positive(), z.lte(PG_INT_MAX));
