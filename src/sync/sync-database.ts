/**
 * What the sync engine needs of the device's database: a Dexie database with the outbox table, and
 * the row shapes the flusher reads and writes. The data layer's database (src/data/db.ts, which
 * declares every table) is one; the engine is handed it (src/data/sync-plan.ts, and each caller's
 * `database` argument) and hands it back to the data modules' pulls, realtime handlers and
 * acknowledgement follow-ups, typed as the data layer declares it.
 */
import type Dexie from 'dexie';
import type { EntityTable } from 'dexie';

/** Where a locally created row stands with the server. */
export type SyncState = 'queued' | 'sent' | 'failed';

export type OutboxStatus = 'pending' | 'failed';

export interface OutboxRow {
  /** Auto-increment: the order rows are sent in. */
  seq?: number;
  /** UUID, sent as the Idempotency-Key header. */
  id: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: unknown;
  createdAt: number;
  attempts: number;
  /** Epoch ms before which the flusher must not retry this row (backoff). */
  nextAttemptAt: number;
  /** pending = will be (re)sent; failed = final 4xx, kept visible, never resent. */
  status: OutboxStatus;
  lastError?: string;
  /** The HTTP status of the final refusal (with `lastError`): whether Retry can help (src/domain/refusal.ts). */
  lastStatus?: number;
  /** The local row this write mirrors: the flusher records the outcome there. */
  localTable?: string;
  localKey?: string;
  /** 'multipart': `body` is a record of strings and UploadFiles sent as multipart/form-data (photos). */
  encoding?: 'json' | 'multipart';
}

/** The device's database as the engine sees it: any Dexie database with an outbox table. */
export interface SyncDatabase extends Dexie {
  outbox: EntityTable<OutboxRow, 'seq'>;
}
