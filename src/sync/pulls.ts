/**
 * A pull as the engine schedules it: what it reads from the server into Dexie (the data modules hold
 * the pulls themselves), and the name its failure is logged under. Screens never await pulls: they
 * render whatever the local tables hold and update through useLiveQuery when a pull lands.
 */
import { yieldToMain } from '@/lib/time-slice';

import { logFailure } from './log-failure';
import type { SyncDatabase } from './sync-database';

export interface Pull<Database extends SyncDatabase = SyncDatabase> {
  /** Logged on failure as "<name> failed" (offline is normal; the stored data stays). */
  name: string;
  run: (database: Database) => Promise<unknown>;
}

/**
 * Starts every pull, each in a task of its own (starting a request costs a slow phone a few
 * milliseconds: five at once were one long task), without waiting for any to finish; each failure is
 * logged on its own. Never rejects.
 */
export async function runPulls<Database extends SyncDatabase>(
  database: Database,
  pulls: readonly Pull<Database>[],
): Promise<unknown[]> {
  const running: Promise<unknown>[] = [];
  for (const [index, pull] of pulls.entries()) {
    if (index > 0) await yieldToMain();
    running.push(pull.run(database).catch(logFailure(pull.name)));
  }
  return Promise.all(running);
}
