/**
 * Ninja Booking requests on the device, offline-first (DESIGN.md "Data flow (client)"): a new request is
 * a local row (queued) plus its outbox POST in one transaction, and so is a cancel; either is then
 * sent with `sendQueued(database, database.ninjaRequests, id)`. The list is
 * pulled from GET /api/ninja-booking/requests; a local row still queued (or acknowledged after the
 * pull started) wins over the server's answer, so nothing made offline vanishes from the list.
 */
import { cancelNinjaRequest, createNinjaRequest, listNinjaRequests } from '@/domain/contracts/ninja-booking';
import type { FlexibilityHours, NinjaRequestView } from '@/domain/ninja';
import { callApi, callTarget } from '@/lib/api-client';
import { enqueue, saveWithOutbox } from '@/sync/outbox';

import type { DeckhandDB, NinjaRequestRow } from './db';

export type NinjaInput = Omit<
  NinjaRequestView,
  'id' | 'status' | 'currentAttempts' | 'lastCheckedAt' | 'expiresAt' | 'createdAt' | 'booking' | 'flexibilityHours'
> & {
  flexibilityHours: FlexibilityHours;
};

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
