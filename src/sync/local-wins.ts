/**
 * The merge rule for a pull's answer against the rows changed on this device: a local change stands
 * while it has not reached the server (queued, or failed and shown to the rider), and also once the
 * server acknowledged it after the pull's request started: that answer may predate it.
 */
import type { SyncState } from '@/data/db';

export function localChangeStands(row: { syncState: SyncState; syncedAt?: number }, pullStartedAt: number): boolean {
  return row.syncState !== 'sent' || (row.syncedAt !== undefined && row.syncedAt > pullStartedAt);
}
