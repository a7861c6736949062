/**
 * The Drizzle handle's type, on its own so the seed files and queries can name it without importing
 * server/db/client.ts (which imports the seed: that would be an import cycle).
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

import type * as schema from './schema';

/** The Drizzle handle routes use; the same query API on both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
