/**
 * The outbox: every write meant for the server is queued here in the SAME Dexie transaction as the
 * local row it mirrors (DESIGN.md "Data flow (client)"), so a crash or quota error can never leave a
 * local row without its pending write, or a write without its row. The flusher (./flusher.ts) sends
 * the rows later with the row's UUID as the Idempotency-Key.
 *
 * Safe in the page and the service worker: only Dexie and the outbox row's shape are imported.
 */
import Dexie, { type Table } from 'dexie';

import type { OutboxRow, SyncDatabase } from './sync-database';

export interface OutboxWrite {
  method: OutboxRow['method'];
  path: string;
  body?: unknown;
  /** The local table and primary key this write mirrors; the flusher records the outcome there. */
  localTable?: string;
  localKey?: string;
  /** 'multipart' sends `body` (strings and UploadFiles) as multipart/form-data. */
  encoding?: OutboxRow['encoding'];
}

/**
 * Queue a write. Must be called inside the caller's `database.transaction('rw', <local table>,
 * database.outbox, …)`; throws otherwise, because a write outside that transaction could commit
 * without its local row (or the other way round).
 */
export async function enqueue(database: SyncDatabase, write: OutboxWrite): Promise<OutboxRow> {
  const tx = Dexie.currentTransaction;
  if (!tx || tx.db !== database || tx.mode !== 'readwrite' || !tx.storeNames.includes(database.outbox.name)) {
    throw new Error('enqueue() must run inside a read-write transaction that includes the outbox table');
  }
  const now = Date.now();
  const row: OutboxRow = {
    id: crypto.randomUUID(),
    method: write.method,
    path: write.path,
    body: write.body,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: 0,
    status: 'pending',
    localTable: write.localTable,
    localKey: write.localKey,
    ...(write.encoding ? { encoding: write.encoding } : {}),
  };
  const seq = await database.outbox.add(row);
  return { ...row, seq };
}

/**
 * Put `row` into `table` and queue `write` for it in one transaction. The outbox row is linked to
 * the local row (table name + primary key) so the flusher can mark it sent or failed. The caller
 * then asks for a flush (see ./flush-now.ts and `requestBackgroundSync` in @/lib/pwa).
 */
export async function saveWithOutbox<T, K extends string | number>(
  database: SyncDatabase,
  table: Table<T, K>,
  row: T,
  write: Omit<OutboxWrite, 'localTable' | 'localKey'>,
): Promise<OutboxRow> {
  return database.transaction('rw', table, database.outbox, async () => {
    const key = await table.put(row);
    return enqueue(database, { ...write, localTable: table.name, localKey: String(key) });
  });
}
