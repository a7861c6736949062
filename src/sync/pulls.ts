/**
 * A pull as the engine schedules it: what it reads from the server into Dexie (the data modules hold
 * the pulls themselves), and the name its failure is logged under. Screens never await pulls: they
 * render whatever the local tables hold and update through useLiveQuery when a pull lands.
 */
import type { DeckhandDB } from '@/data/db';

import { logFailure } from './log-failure';

export interface Pull {
  /** Logged on failure as "<name> failed" (offline is normal; the stored data stays). */
  name: string;
  run: (database: DeckhandDB) => Promise<unknown>;
}

/** Starts every pull at once; each failure is logged on its own. Never rejects. */
export function runPulls(database: DeckhandDB, pulls: readonly Pull[]): Promise<unknown[]> {
  return Promise.all(pulls.map((pull) => pull.run(database).catch(logFailure(pull.name))));
}
