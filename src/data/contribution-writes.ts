/**
 * Contribution writes other than photos (wait reports, checks, validations, claims, the leaderboard
 * name): the local row and its outbox row in ONE transaction, then `deliver` sends it at once when
 * online (else the next flush or Background Sync does) and reads the outcome back from the row the
 * flusher updated. Shared by the contributions page and Settings (the leaderboard name, which both
 * save with `saveLeaderboardName`).
 */
import type { CallInput, Contract } from '@/domain/contracts/contract';
import { setDisplayName } from '@/domain/contracts/contributions';
import type { ContributionAnswer } from '@/domain/contributions';
import { callTarget } from '@/lib/api-client';
import { requestBackgroundSync } from '@/lib/pwa';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { flushNow } from '@/sync/flush-now';
import { enqueue } from '@/sync/outbox';

import type { ContributionWriteRow, DeckhandDB } from './db';

/** Queues the call `contract` describes with `input` (its body checked against the contract by the compiler). */
export async function queueContribution<C extends Contract & { method: 'POST' | 'PUT' }>(
  database: DeckhandDB,
  kind: ContributionWriteRow['kind'],
  subject: string,
  contract: C,
  input: CallInput<C>,
): Promise<ContributionWriteRow> {
  const row: ContributionWriteRow = {
    localId: crypto.randomUUID(),
    kind,
    subject,
    createdAt: Date.now(),
    syncState: 'queued',
  };
  const write = { ...callTarget(contract, input), body: (input as { body?: unknown }).body };
  await database.transaction('rw', database.contributionWrites, database.outbox, async () => {
    await database.contributionWrites.put(row);
    await enqueue(database, { ...write, localTable: database.contributionWrites.name, localKey: row.localId });
  });
  return row;
}

export type Outcome<T> = { state: 'sent'; answer: T } | { state: 'queued' } | { state: 'failed'; reason: string };

/**
 * After a queue call: ask for Background Sync, flush when online, and read the outcome back from the
 * local row the flusher updated.
 */
export async function deliver<T = ContributionAnswer>(
  database: DeckhandDB,
  table: 'photoContributions' | 'contributionWrites',
  localId: string,
  online: boolean,
): Promise<Outcome<T>> {
  requestBackgroundSync().catch((error: unknown) => console.warn('Background sync unavailable', error));
  if (!online) return { state: 'queued' };
  await flushNow(database);
  const stored = await database[table].get(localId);
  // The page refreshes balance, ranks and lists when it sees the row turn 'sent'.
  if (stored?.syncState === 'sent') return { state: 'sent', answer: stored.serverAnswer as T };
  if (stored?.syncState === 'failed') return { state: 'failed', reason: stored.syncError ?? '' };
  return { state: 'queued' };
}

/** The rider's leaderboard name, queued and sent when online. */
export async function saveLeaderboardName(database: DeckhandDB, name: string): Promise<Outcome<unknown>> {
  const row = await queueContribution(database, 'display_name', name, setDisplayName, { body: { displayName: name } });
  return deliver(database, 'contributionWrites', row.localId, useConnectivityStore.getState().online);
}
