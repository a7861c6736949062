/**
 * The rider's active away session on the device (GET /api/away-sessions/active). A local row whose
 * start or exit is still queued (syncState 'queued') wins over the server. So does one whose change
 * the server acknowledged after this request started (syncedAt > startedAt): the answer may predate
 * it. Otherwise the server's answer is the truth: its active session is stored as sent, every other
 * local row goes.
 */
import { activeAwaySession } from '@/domain/contracts/away-sessions';
import { callApi } from '@/lib/api-client';

import type { AwaySessionRow, DeckhandDB } from './db';

/** True when the local row must not be overwritten by an answer to a request started at `startedAt`. */
function localWins(row: AwaySessionRow, startedAt: number): boolean {
  return row.syncState === 'queued' || (row.syncedAt !== undefined && row.syncedAt > startedAt);
}

export async function pullActiveAwaySession(database: DeckhandDB): Promise<void> {
  const startedAt = Date.now();
  const session = await callApi(activeAwaySession, {});
  await database.transaction('rw', database.awaySessions, async () => {
    const local = await database.awaySessions.toArray();
    if (local.some((row) => localWins(row, startedAt))) return;
    await database.awaySessions.bulkDelete(local.filter((row) => row.id !== session?.id).map((row) => row.id));
    if (session) await database.awaySessions.put({ ...session, syncState: 'sent' });
  });
}
