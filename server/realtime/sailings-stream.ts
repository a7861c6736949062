/**
 * The /ws sailings stream (src/domain/sailing-changes.ts): the live window's snapshot, made once per
 * version and only when a socket needs it (a connect, a resync, a socket that skipped messages), and
 * after each feed change one `sailings_changed` message, serialised once for every socket, whose size
 * follows the change rather than the window.
 */
import type { Sailing } from '@/domain/sailing';
import { isEmptyChange, sailingChanges, sailingWindow } from '@/domain/sailing-changes';

/** Service days the stream carries: today and tomorrow (GET /api/sailings serves later days). */
export const LIVE_SERVICE_DAYS = 2;

export interface SailingsStream {
  readonly version: number;
  /** `{"type":"sailings","data":{version,days,sailings}}` of the current version. */
  snapshot(): Buffer;
  /** Takes the feed's new list; the `sailings_changed` message, or undefined when the window did not change. */
  change(sailings: readonly Sailing[]): Buffer | undefined;
}

export function createSailingsStream(initial: readonly Sailing[]): SailingsStream {
  let version = 0;
  let window = sailingWindow(initial, LIVE_SERVICE_DAYS);
  let snapshot: Buffer | undefined;
  return {
    get version() {
      return version;
    },
    snapshot() {
      snapshot ??= Buffer.from(
        `{"type":"sailings","data":${JSON.stringify({ version, days: window.days, sailings: window.sailings })}}`,
      );
      return snapshot;
    },
    change(sailings) {
      const next = sailingWindow(sailings, LIVE_SERVICE_DAYS);
      const change = sailingChanges(window.sailings, next.sailings);
      const sameDays = next.days.join() === window.days.join();
      if (isEmptyChange(change) && sameDays) return undefined;
      const from = version;
      version += 1;
      window = next;
      snapshot = undefined;
      return Buffer.from(
        `{"type":"sailings_changed","data":${JSON.stringify({ from, version, days: next.days, ...change })}}`,
      );
    },
  };
}
