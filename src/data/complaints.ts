/**
 * The rider's complaints on the device: filing one (the local row, queued, and its outbox row
 * POST /api/complaints commit in ONE transaction; `sendQueued` then sends it and reads the outcome
 * back), the pull that merges the server's list into the rows made here (the server's status and
 * staff's reply win), and what follows a complaint the server acknowledged: the list is pulled
 * again, so "Recent" shows the server's status.
 */
import type { ComplaintInput } from '@/domain/complaint';
import { fileComplaint, listComplaints } from '@/domain/contracts/complaints';
import { callApi, callTarget } from '@/lib/api-client';
import type { AfterAcknowledged } from '@/sync/acknowledged';
import { saveWithOutbox } from '@/sync/outbox';

import type { ComplaintRow, DeckhandDB } from './db';
import { mergePulledRow } from './pulled-rows';

/** Saves the complaint and its outbox row; send it with `sendQueued(database, database.complaints, localId)`. */
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

/** Merge the rider's complaints from the server by serverId (see mergePulledRow): the server's status wins. */
export async function pullComplaints(database: DeckhandDB): Promise<void> {
  const complaints = await callApi(listComplaints, {});
  await database.transaction('rw', database.complaints, async () => {
    for (const complaint of complaints) {
      await mergePulledRow(
        database.complaints,
        complaint.id,
        (localId): ComplaintRow => ({
          localId,
          category: complaint.category,
          description: complaint.description,
          createdAt: Date.parse(complaint.createdAt) || Date.now(),
          syncState: 'sent',
          serverId: complaint.id,
          status: complaint.status,
          reply: complaint.reply ?? null,
          terminalId: complaint.terminalId ?? undefined,
          note: complaint.note ?? undefined,
        }),
        { status: complaint.status, reply: complaint.reply ?? null, syncState: 'sent', syncError: undefined },
      );
    }
  });
}

/** A complaint reached the server: pull the list again so "Recent" shows its status. */
export const complaintsAcknowledged: AfterAcknowledged<DeckhandDB> = {
  afterPass: (database) =>
    pullComplaints(database).catch((error: unknown) => console.warn('Could not refresh complaints', error)),
};
