/**
 * The rider's complaints on the device: the pull that merges the server's list into the rows made
 * here (the server's status and staff's reply win), and what follows a complaint the server
 * acknowledged: the list is pulled again, so "Recent" shows the server's status.
 */
import { listComplaints } from '@/domain/contracts/complaints';
import { callApi } from '@/lib/api-client';
import type { AfterAcknowledged } from '@/sync/acknowledged';

import type { ComplaintRow, DeckhandDB } from './db';
import { mergePulledRow } from './pulled-rows';

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
export const complaintsAcknowledged: AfterAcknowledged = {
  afterPass: (database) =>
    pullComplaints(database).catch((error: unknown) => console.warn('Could not refresh complaints', error)),
};
