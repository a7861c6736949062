/**
 * Path and query parameters several contracts share: a row id in a path (`/…/:id`) is a positive
 * int4 (src/domain/value-ranges.ts), since a number beyond PG_INT_MAX can name no row.
 */
export { serialIdParam } from '../value-ranges';
