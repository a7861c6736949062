/**
 * Files a complaint the offline-first way (DESIGN.md "Data flow (client)"): the local row (queued)
 * and its outbox row (POST /api/complaints) commit in ONE transaction, then Background Sync is
 * requested and, when online, the page flushes at once so the rider learns the outcome.
 *
 * The outcome is read back from the local row the flusher updated: 'sent', 'failed' (a final 4xx,
 * with the server's reason) or 'queued' (offline, network failure, or waiting behind a retry).
 */
import { type ComplaintRow, type DeckhandDB } from '@/data/db';
import type { ComplaintInput } from '@/domain/complaint';
import { fileComplaint } from '@/domain/contracts/complaints';
import { callTarget } from '@/lib/api-client';
import { requestBackgroundSync } from '@/lib/pwa';
import { flushNow } from '@/sync/flush-now';
import { saveWithOutbox } from '@/sync/outbox';

export type ComplaintOutcome = { state: 'sent' } | { state: 'queued' } | { state: 'failed'; reason: string };

export async function queueComplaint(database: DeckhandDB, input: ComplaintInput): Promise<ComplaintRow> {
  const row: ComplaintRow = {
    localId: crypto.randomUUID(),
    category: input.category,
    description: input.description.trim(),
    ...(input.terminalId ? { terminalId: input.terminalId } : {}),
    ...(input.note?.trim() ? { note: input.note.trim() } : {}),
    createdAt: Date.now(),
    syncState: 'queued',
  };
  const body = { category: row.category, description: row.description, terminalId: row.terminalId, note: row.note };
  await saveWithOutbox(database, database.complaints, row, { ...callTarget(fileComplaint, { body }), body });
  return row;
}

/** After `queueComplaint`: ask for Background Sync and, when online, flush now and report how it went. */
export async function deliverComplaint(
  database: DeckhandDB,
  localId: string,
  online: boolean,
): Promise<ComplaintOutcome> {
  requestBackgroundSync().catch((error: unknown) => console.warn('Background sync unavailable', error));
  if (!online) return { state: 'queued' };
  await flushNow(database);
  const stored = await database.complaints.get(localId);
  if (stored?.syncState === 'sent') return { state: 'sent' };
  if (stored?.syncState === 'failed') return { state: 'failed', reason: stored.syncError ?? '' };
  return { state: 'queued' };
}
