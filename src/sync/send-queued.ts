/**
 * Sending a write the rider queued (its local row and outbox row saved in one transaction): ask the
 * service worker for Background Sync and, when online, flush from the page at once (./send-soon.ts),
 * then read the outcome back from the local row the flusher updated. Never throws: offline, or when
 * the server could not be reached, the write stays queued for the next trigger.
 */
import { sendSoon } from './send-soon';
import type { SyncDatabase, SyncState } from './sync-database';

/** What a local row says about its last queued write. */
export interface QueuedWriteRow {
  syncState: SyncState;
  syncError?: string;
  /** The server's answer, for tables that keep it. */
  serverAnswer?: unknown;
}

/**
 * Where a queued write stands: 'sent' (with the server's stored answer, where the table keeps one),
 * 'failed' (a final refusal, with the server's reason) or 'queued' (offline, unreachable, or waiting
 * behind a retry).
 */
export type QueuedWriteOutcome<Answer = unknown> =
  { state: 'sent'; answer: Answer } | { state: 'queued' } | { state: 'failed'; reason: string };

/** Readable by key: a Dexie table, or anything that answers a row by its key. */
interface RowsByKey {
  get(key: string): PromiseLike<QueuedWriteRow | undefined>;
}

export async function sendQueued<Answer = unknown>(
  database: SyncDatabase,
  table: RowsByKey,
  key: string,
): Promise<QueuedWriteOutcome<Answer>> {
  await sendSoon(database);
  const row = await table.get(key);
  if (row?.syncState === 'sent') return { state: 'sent', answer: row.serverAnswer as Answer };
  if (row?.syncState === 'failed') return { state: 'failed', reason: row.syncError ?? '' };
  return { state: 'queued' };
}
