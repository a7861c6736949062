/**
 * Sends queued outbox rows to the server (DESIGN.md "Data flow (client)").
 *
 * Runs in the page AND in the service worker (Background Sync), so it imports only Dexie, the
 * outbox row's shape, the api-client and domain code — no window, document, React or zustand.
 *
 * Invariants:
 * - One pass at a time: per database a module-level in-flight promise coalesces callers in this
 *   context, and a Web Lock (when available) keeps the page and the worker from flushing together.
 *   A call made during a pass gets one trailing pass, so a row queued mid-pass is not left behind.
 * - Order is kept: rows go in `seq` order and the pass stops at the first row that is not sent
 *   (still in backoff, or a retryable failure). Final failures do not block later rows.
 * - Every send carries `Idempotency-Key: row.id`; the server replays the first answer for a repeat,
 *   so a retry after a lost response cannot deliver a write twice.
 * - A 4xx other than 408/429 (and the 409 "same key still running") is final: the row stays in the outbox as `failed` with the server's
 *   message, visible to the user, never resent unless the user retries it. Anything else retries
 *   with exponential backoff.
 * - Local keys are stored as strings (every client table's primary key is a string).
 * - What follows an acknowledgement (store the server's answer, re-pull a list) is declared per
 *   write kind by the data modules (./acknowledged.ts); the flusher only runs it.
 */
import { outboxBackoffMs } from '@/domain/backoff';
import { ApiError, apiRequest, type UploadFile } from '@/lib/api-client';

import { afterAcknowledged, ANY_WRITE, writeKind } from './acknowledged';
import type { OutboxRow, SyncDatabase } from './sync-database';
import { reportUploadProgress } from './upload-progress';

export interface FlushProgress {
  sent: number;
  failed: number;
  /** Rows still waiting to be sent (pending rows, including the one being sent). */
  remaining: number;
}

export type FlushResult = FlushProgress;

export interface FlushOptions {
  database: SyncDatabase;
  send?: typeof apiRequest;
  now?: () => number;
  onProgress?: (progress: FlushProgress) => void;
}

/** A pass's result and the kinds of write it had acknowledged (their follow-ups run after the pass). */
interface PassOutcome {
  result: FlushResult;
  acknowledged: ReadonlySet<string | undefined>;
}

interface FlushState {
  running: Promise<PassOutcome> | null;
  trailing: Promise<FlushResult> | null;
}

const states = new WeakMap<SyncDatabase, FlushState>();

/** Statuses that look like client errors but mean "try again later" (RFC 9110 408, RFC 6585 429). */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 429]);
/** Error code of the server's 409 while an earlier request with the same Idempotency-Key is running. */
const IDEMPOTENCY_IN_PROGRESS = 'idempotency_in_progress';

export function isFinalFailure(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    !RETRYABLE_CLIENT_STATUSES.has(error.status) &&
    // The server is still answering the first delivery of this very key: ask again later.
    !(error.status === 409 && error.code === IDEMPOTENCY_IN_PROGRESS)
  );
}

export function flushOutbox(options: FlushOptions): Promise<FlushResult> {
  let state = states.get(options.database);
  if (!state) {
    state = { running: null, trailing: null };
    states.set(options.database, state);
  }
  const current = state;
  if (current.running) {
    // Coalesce every caller that arrives during a pass into ONE trailing pass.
    current.trailing ??= current.running
      .catch(() => undefined)
      .then(() => {
        current.trailing = null;
        return startPass(current, options);
      });
    return current.trailing;
  }
  return startPass(current, options);
}

/**
 * One pass under the lock, then what the acknowledged writes call for (./acknowledged.ts: store an
 * answer's extras, re-pull a list) outside it, so the other context and the next pass never wait on
 * those reads. The callers of a pass resolve once its follow-ups have run.
 */
function startPass(state: FlushState, options: FlushOptions): Promise<FlushResult> {
  const pass = withCrossContextLock(options.database.name, () => runPass(options)).finally(() => {
    if (state.running === pass) state.running = null;
  });
  state.running = pass;
  return pass.then(async ({ result, acknowledged }) => {
    if (result.sent > 0) await runAfterPass(options.database, [ANY_WRITE, ...acknowledged]);
    return result;
  });
}

/** Serialise with the other context (page vs service worker) through the Web Locks API if present. */
function withCrossContextLock<T>(databaseName: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return task();
  return locks.request(`deckhand-outbox-flush:${databaseName}`, task);
}

async function runPass({
  database,
  send = apiRequest,
  now = Date.now,
  onProgress,
}: FlushOptions): Promise<PassOutcome> {
  const queue = await database.outbox
    .orderBy('seq')
    .filter((row) => row.status === 'pending')
    .toArray();
  const progress: FlushProgress = { sent: 0, failed: 0, remaining: queue.length };
  const acknowledgedKinds = new Set<string | undefined>();
  onProgress?.({ ...progress });

  for (const queued of queue) {
    // The user may have discarded or retried the row since the pass started: re-read it.
    const row = queued.seq === undefined ? undefined : await database.outbox.get(queued.seq);
    if (!row || row.status !== 'pending') {
      progress.remaining -= 1;
      continue;
    }
    if (row.nextAttemptAt > now()) break;

    let response: unknown;
    const sentAt = now();
    try {
      response = await send(
        row.path,
        row.encoding === 'multipart'
          ? {
              method: row.method,
              form: row.body as Record<string, string | UploadFile>,
              idempotencyKey: row.id,
              onUploadProgress: (fraction) => reportUploadProgress(row.id, fraction),
            }
          : { method: row.method, body: row.body ?? undefined, idempotencyKey: row.id },
      );
    } catch (error) {
      reportUploadProgress(row.id, null);
      if (isFinalFailure(error)) {
        await markFailed(database, row, error.userMessage, error.status);
        progress.failed += 1;
        progress.remaining -= 1;
        onProgress?.({ ...progress });
        continue;
      }
      await scheduleRetry(database, row, now());
      break;
    }
    reportUploadProgress(row.id, null);
    await markSent(database, row, response, now());
    const kind = writeKind(row);
    acknowledgedKinds.add(kind);
    await afterAcknowledged(kind)?.each?.(database, { row, answer: response, sentAt });
    progress.sent += 1;
    progress.remaining -= 1;
    onProgress?.({ ...progress });
  }

  const remaining = await database.outbox.where('status').equals('pending').count();
  return { result: { sent: progress.sent, failed: progress.failed, remaining }, acknowledged: acknowledgedKinds };
}

/** Each acknowledged kind's follow-up, in turn; a failure is logged and the written rows stay sent. */
async function runAfterPass(database: SyncDatabase, kinds: Iterable<string | undefined>): Promise<void> {
  for (const kind of new Set(kinds)) {
    await afterAcknowledged(kind)
      ?.afterPass?.(database)
      .catch((error: unknown) => console.warn(`After sending "${kind}" writes`, error));
  }
}

function localTableOf(database: SyncDatabase, row: OutboxRow) {
  if (!row.localTable || row.localKey === undefined) return undefined;
  return database.tables.find((table) => table.name === row.localTable);
}

/**
 * The local row gets syncState 'sent', the server's id, its whole answer (`serverAnswer`: points a
 * photo earned, a claim's code) and `syncedAt` (epoch ms the server's answer arrived): a pull that
 * was started before that instant may not reflect the write yet.
 */
async function markSent(database: SyncDatabase, row: OutboxRow, response: unknown, syncedAt: number): Promise<void> {
  const local = localTableOf(database, row);
  const serverId =
    response && typeof response === 'object' && 'id' in response ? (response as { id: unknown }).id : undefined;
  await database.transaction('rw', [database.outbox, ...(local ? [local] : [])], async () => {
    await database.outbox.delete(row.seq!);
    if (local)
      await local.update(row.localKey!, {
        syncState: 'sent',
        serverId,
        serverAnswer: response,
        syncError: undefined,
        syncedAt,
      });
  });
}

async function markFailed(database: SyncDatabase, row: OutboxRow, message: string, status: number): Promise<void> {
  const local = localTableOf(database, row);
  await database.transaction('rw', [database.outbox, ...(local ? [local] : [])], async () => {
    await database.outbox.update(row.seq!, {
      status: 'failed',
      lastError: message,
      lastStatus: status,
      attempts: row.attempts + 1,
    });
    if (local) await local.update(row.localKey!, { syncState: 'failed', syncError: message, syncErrorStatus: status });
  });
}

async function scheduleRetry(database: SyncDatabase, row: OutboxRow, at: number): Promise<void> {
  await database.outbox.update(row.seq!, {
    attempts: row.attempts + 1,
    nextAttemptAt: at + outboxBackoffMs(row.attempts),
  });
}

/**
 * The connection came back: waiting out a backoff earned while offline only delays the rider's
 * writes, so pending rows become due at once (attempt counts stay, so a still-failing server keeps
 * its growing backoff from the next failure on).
 */
export async function clearBackoff(database: SyncDatabase): Promise<void> {
  await database.outbox.where('status').equals('pending').modify({ nextAttemptAt: 0 });
}

/**
 * The user asks to send a finally-rejected write again. It gets a fresh Idempotency-Key: the
 * server refused the old one without acting, and would replay that refusal for the same key.
 * The caller then triggers a flush.
 */
export async function retryFailed(database: SyncDatabase, id: string): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    const row = await database.outbox.where('id').equals(id).first();
    if (!row || row.status !== 'failed') return;
    await database.outbox.update(row.seq!, {
      id: crypto.randomUUID(),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: undefined,
      lastStatus: undefined,
    });
    const local = localTableOf(database, row);
    if (local)
      await local.update(row.localKey!, { syncState: 'queued', syncError: undefined, syncErrorStatus: undefined });
  });
}

/**
 * The user gives up on a finally-rejected write: the outbox row and the local row it mirrored go
 * (the server never accepted it, so nothing remains to show).
 */
export async function discardFailed(database: SyncDatabase, id: string): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    const row = await database.outbox.where('id').equals(id).first();
    if (!row || row.status !== 'failed') return;
    await database.outbox.delete(row.seq!);
    const local = localTableOf(database, row);
    if (local) await local.delete(row.localKey!);
  });
}
