/**
 * Ninja Booking requests the offline-first way (DESIGN.md "Data flow (client)"): a new request is
 * a local row (queued) plus its outbox POST in one transaction, and so is a cancel. The list is
 * pulled from GET /api/ninja-booking/requests; a local row still queued (or acknowledged after the
 * pull started) wins over the server's answer, so nothing made offline vanishes from the list.
 */
import type { DeckhandDB, NinjaRequestRow } from '@/data/db';
import { cancelNinjaRequest, createNinjaRequest, listNinjaRequests } from '@/domain/contracts/ninja-booking';
import type { FlexibilityHours, NinjaRequestView } from '@/domain/ninja';
import { callApi, callTarget } from '@/lib/api-client';
import { requestBackgroundSync } from '@/lib/pwa';
import { flushNow } from '@/sync/flush-now';
import { enqueue, saveWithOutbox } from '@/sync/outbox';

export type NinjaInput = Omit<
  NinjaRequestView,
  'id' | 'status' | 'currentAttempts' | 'lastCheckedAt' | 'expiresAt' | 'createdAt' | 'booking' | 'flexibilityHours'
> & {
  flexibilityHours: FlexibilityHours;
};
export type WriteOutcome = 'sent' | 'queued' | 'failed';

const LIFETIME_MS = 30 * 24 * 60 * 60_000;

export async function queueNinjaRequest(database: DeckhandDB, input: NinjaInput): Promise<NinjaRequestRow> {
  const now = Date.now();
  const row: NinjaRequestRow = {
    ...input,
    id: crypto.randomUUID(),
    status: 'active',
    currentAttempts: 0,
    lastCheckedAt: null,
    // Shown until the server's own answer replaces it.
    expiresAt: new Date(now + LIFETIME_MS).toISOString(),
    createdAt: new Date(now).toISOString(),
    booking: null,
    syncState: 'queued',
  };
  const body = { id: row.id, ...input };
  await saveWithOutbox(database, database.ninjaRequests, row, { ...callTarget(createNinjaRequest, { body }), body });
  return row;
}

export async function queueNinjaCancel(database: DeckhandDB, id: string): Promise<void> {
  await database.transaction('rw', database.ninjaRequests, database.outbox, async () => {
    await database.ninjaRequests.update(id, { status: 'cancelled', syncState: 'queued' });
    await enqueue(database, {
      ...callTarget(cancelNinjaRequest, { params: { id } }),
      localTable: database.ninjaRequests.name,
      localKey: id,
    });
  });
}

/** Asks for Background Sync and, online, flushes now; answers where the row stands afterwards. */
export async function deliverNinjaWrite(database: DeckhandDB, id: string, online: boolean): Promise<WriteOutcome> {
  requestBackgroundSync().catch((error: unknown) => console.warn('Background sync unavailable', error));
  if (!online) return 'queued';
  await flushNow(database);
  const row = await database.ninjaRequests.get(id);
  return row?.syncState === 'sent' ? 'sent' : row?.syncState === 'failed' ? 'failed' : 'queued';
}

export async function pullNinjaRequests(database: DeckhandDB): Promise<void> {
  const startedAt = Date.now();
  const views = await callApi(listNinjaRequests, {});
  await database.transaction('rw', database.ninjaRequests, async () => {
    const local = await database.ninjaRequests.toArray();
    const keep = new Set(
      local
        .filter((row) => row.syncState === 'queued' || row.syncState === 'failed' || (row.syncedAt ?? 0) > startedAt)
        .map((row) => row.id),
    );
    const fromServer = new Set(views.map((v) => v.id));
    await database.ninjaRequests.bulkDelete(
      local.filter((row) => !keep.has(row.id) && !fromServer.has(row.id)).map((row) => row.id),
    );
    await database.ninjaRequests.bulkPut(
      views.filter((v) => !keep.has(v.id)).map((v) => ({ ...v, syncState: 'sent' as const })),
    );
  });
}
