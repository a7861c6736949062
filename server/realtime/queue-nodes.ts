/**
 * Turns lane counts into one multi-path update of the realtime nodes (rider-core §3):
 * `queue_data/{terminalId}` = the latest count, and `queue_history/{terminalId}/{timestamp}` = one
 * entry per count, the oldest removed beyond QUEUE_HISTORY_LIMIT. Keys are the count's timestamp, so
 * entries sort in time order and several servers writing the same (deterministic) count converge on
 * the same key instead of duplicating it.
 */
import { REALTIME_PATHS, type QueueDataValue } from '@/domain/realtime';

/** Entries kept per terminal under queue_history. */
export const QUEUE_HISTORY_LIMIT = 10;

export type MultiPathUpdate = Record<string, QueueDataValue | null>;

export class QueueHistoryLog {
  private readonly keys = new Map<string, string[]>();
  /** Entries written from the simulator's queue model (not riders' reports), per terminal. */
  private readonly modelled = new Map<string, Set<string>>();
  /** Terminals whose queue_data node holds a modelled count. */
  private readonly modelledLatest = new Set<string>();

  /** Entries already in the database (e.g. written before a restart), so trimming includes them. */
  seed(terminalId: string, existingKeys: readonly string[]): void {
    const merged = new Set([...(this.keys.get(terminalId) ?? []), ...existingKeys]);
    this.keys.set(terminalId, [...merged].sort(compareKeys));
  }

  /** The update that records `counts`, trimming each terminal's history to the newest entries. */
  updateFor(counts: readonly QueueDataValue[]): MultiPathUpdate {
    const update: MultiPathUpdate = {};
    for (const count of counts) {
      const value: QueueDataValue = { ...count };
      update[REALTIME_PATHS.queueData(count.terminalId)] = value;
      const history = REALTIME_PATHS.queueHistory(count.terminalId);
      const key = String(count.timestamp);
      const keys = this.keys.get(count.terminalId) ?? [];
      if (!keys.includes(key)) keys.push(key);
      keys.sort(compareKeys);
      update[`${history}/${key}`] = value;
      const modelled = this.modelled.get(count.terminalId) ?? new Set<string>();
      if (count.userReported) {
        modelled.delete(key);
        this.modelledLatest.delete(count.terminalId);
      } else {
        modelled.add(key);
        this.modelledLatest.add(count.terminalId);
      }
      this.modelled.set(count.terminalId, modelled);
      while (keys.length > QUEUE_HISTORY_LIMIT) {
        const oldest = keys.shift();
        if (oldest !== undefined) {
          update[`${history}/${oldest}`] = null;
          modelled.delete(oldest);
        }
      }
      this.keys.set(count.terminalId, keys);
    }
    return update;
  }

  /**
   * The update that removes every modelled (simulated) count written so far, keeping riders'
   * reports: when a real source replaces the simulator, its counts must not pass for the terminal's.
   */
  withdrawModelled(): MultiPathUpdate {
    const update: MultiPathUpdate = {};
    for (const [terminalId, modelled] of this.modelled) {
      const history = REALTIME_PATHS.queueHistory(terminalId);
      for (const key of modelled) update[`${history}/${key}`] = null;
      this.keys.set(
        terminalId,
        (this.keys.get(terminalId) ?? []).filter((key) => !modelled.has(key)),
      );
      modelled.clear();
    }
    for (const terminalId of this.modelledLatest) update[REALTIME_PATHS.queueData(terminalId)] = null;
    this.modelledLatest.clear();
    return update;
  }
}

function compareKeys(a: string, b: string): number {
  return Number(a) - Number(b) || a.localeCompare(b);
}
