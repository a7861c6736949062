/** One round trip to the database, for the health check: resolves when it answers, rejects when it does not. */
import { sql } from 'drizzle-orm';

import type { Database } from '../db/client';

export async function pingDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`select 1`);
}
