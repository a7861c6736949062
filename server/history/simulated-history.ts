/**
 * History recorded from the simulator without running a server: the simulator is a pure function of
 * the clock, so sampling its sailings every `stepMs` over a span and passing each observation
 * through the history's rule (./recorded-state.ts) gives, in seconds, what the recorder would have
 * stored watching the feed over those weeks. The backtest (bench/forecast-backtest.ts) and
 * `npm run history:simulate` (scripts/simulate-history.ts) use it.
 */
import type { Sailing } from '@/domain/sailing';

import type { Database } from '../db/client';
import { recordedSailings } from '../db/schema';
import { simulatedSailings } from '../feed/simulated-sailings';
import { hasFigures, observeSailing, type RecordedState } from './recorded-state';
import { recordedRow } from './sailing-recorder';

export interface SimulatedRecord {
  sailing: Sailing;
  state: RecordedState;
}

/** Every sailing seen from `fromMs` to `toMs`, sampled every `stepMs`, with what the history keeps of it. */
export function recordSimulatedHistory(
  fromMs: number,
  toMs: number,
  stepMs: number,
  sample: (now: number) => readonly Sailing[] = simulatedSailings,
): Map<string, SimulatedRecord> {
  const records = new Map<string, SimulatedRecord>();
  for (let t = fromMs; t <= toMs; t += stepMs) {
    for (const s of sample(t)) {
      if (!hasFigures(s)) continue;
      const before = records.get(s.id);
      const change = observeSailing(before?.state, s);
      if (change) records.set(s.id, { sailing: s, state: change.state });
    }
  }
  return records;
}

/**
 * Stores the simulated sailings that left as recorded sailings (source `simulator`), leaving any
 * sailing already recorded as it is; answers how many were added. For development and demos with
 * the simulator: its forecasts then have weeks of history from the first start.
 */
export async function storeSimulatedHistory(
  database: Database,
  records: Map<string, SimulatedRecord>,
): Promise<number> {
  const rows = [...records.values()]
    .filter(({ state }) => state.finalCarFill !== null)
    .map(({ sailing, state }) => recordedRow(sailing, state));
  let added = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await database.db
      .insert(recordedSailings)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: recordedSailings.sailingId });
    added += inserted.length;
  }
  return added;
}
