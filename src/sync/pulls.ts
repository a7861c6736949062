/**
 * A pull as the engine schedules it: what it reads from the server into Dexie (the data modules hold
 * the pulls themselves), and the name its failure is logged under. Screens never await pulls: they
 * render whatever the local tables hold and update through useLiveQuery when a pull lands.
 */
import type { DeckhandDB } from '@/data/db';
import { yieldToMain } from '@/lib/time-slice';

import { logFailure } from './log-failure';

export interface Pull {
  /** Logged on failure as "<name> failed" (offline is normal; the stored data stays). */
  name: string;
  run: (database: DeckhandDB) => Promise<unknown>;
}

/**
 * Starts every pull, each in a task of its own (starting a request costs a slow phone a few
 * milliseconds: five at once were one long task), without waiting for any to finish; each failure is
 * logged on its own. Never rejects.
 */
export async function runPulls(database: DeckhandDB, pulls: readonly Pull[]): Promise<unknown[]> {
  const running: Promise<unknown>[] = [];
  for (const [index, pull] of pulls.entries()) {
    if (index > 0) await yieldToMain();
    running.push(pull.run(database).catch(logFailure(pull.name)));
  }
  return Promise.all(running);
}
