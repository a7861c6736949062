/**
 * Reads from the server into Dexie (DESIGN.md "Data flow (client)"): screens never await these; they
 * render whatever the local tables hold and update through useLiveQuery when a pull lands.
 *
 * Answers are validated with the shared zod schemas before they touch the store, so a bad answer
 * throws here and the previous data stays. Callers log and carry on (offline is normal).
 */
import type { InsertType, Table, UpdateSpec } from 'dexie';
import { z } from 'zod/mini';
import { db as defaultDatabase, META, type ComplaintRow, type DeckhandDB } from '@/data/db';
import { storeProfile } from './profile-sync';
import { apiGet } from '@/lib/api-client';
import { complaintSchema } from '@/domain/complaint';
import type { Ferry } from '@/domain/ferry';
import { ferryListSchema } from '@/domain/ferry';
import { clientConfigSchema, type ClientConfig } from '@/domain/realtime';

/** `.catch(logFailure('Ferry pull'))`: a failed pull or flush is logged and the cached data stays. */
export const logFailure = (what: string) => (error: unknown) => console.warn(`${what} failed`, error);

/**
 * Replace `table` with `rows` and, given `metaKey`, stamp when they were fetched, in one transaction so
 * a reader never sees the new list with the old age (or an empty table in between). Every pull of a
 * server-owned list goes through here.
 */
export async function replaceTable<T, K>(
  database: DeckhandDB,
  table: Table<T, K>,
  rows: readonly T[],
  metaKey?: string,
  fetchedAt = Date.now(),
): Promise<void> {
  const tables = metaKey === undefined ? [table] : [table, database.meta];
  await database.transaction('rw', tables, async () => {
    await table.clear();
    await table.bulkPut(rows);
    if (metaKey !== undefined) await database.meta.put({ key: metaKey, value: fetchedAt, updatedAt: fetchedAt });
  });
}

/** The ferries table and its fetch time; shared by the REST pull and the realtime channel. */
export function storeFerries(database: DeckhandDB, ferries: Ferry[], fetchedAt = Date.now()): Promise<void> {
  return replaceTable(database, database.ferries, ferries, META.ferriesFetchedAt, fetchedAt);
}

/**
 * The ferry list /app's HTML came with (src/app/first-screen-data.ts), kept unless the device already
 * has a list fetched later (a pull or the realtime channel got there first).
 */
export async function storeFerriesUnlessNewer(database: DeckhandDB, ferries: Ferry[], fetchedAt: number): Promise<void> {
  await database.transaction('rw', [database.ferries, database.meta], async () => {
    const stored = await database.meta.get(META.ferriesFetchedAt);
    if (typeof stored?.value === 'number' && stored.value >= fetchedAt) return;
    await storeFerries(database, ferries, fetchedAt);
  });
}

export async function pullFerries(database: DeckhandDB): Promise<Ferry[]> {
  const ferries = ferryListSchema.parse(await apiGet<unknown>('/api/ferries'));
  await storeFerries(database, ferries);
  return ferries;
}

const complaintListSchema = z.array(complaintSchema);

/** Local id of a row first seen through a pull (made on another device, or before a reinstall). */
const pulledLocalId = (serverId: number) => `server-${serverId}`;

/**
 * Merge one server row into a table of locally made rows keyed by localId and indexed by serverId:
 * unknown, it is added as `added()` under pulledLocalId; known, every local copy gets `changes`.
 * Rows only local (queued or failed) are never touched. If a row was pulled before the flusher
 * recorded the serverId of the local original (a crash between send and commit), the pulled copy is
 * removed so the row shows once. Call inside a 'rw' transaction on `table`.
 */
export async function mergePulledRow<Row extends { localId: string }>(
  table: Table<Row, string, InsertType<Row, 'localId'>>,
  serverId: number,
  added: (localId: string) => NoInfer<Row>,
  changes: NoInfer<UpdateSpec<InsertType<Row, 'localId'>>>,
): Promise<void> {
  const known = await table.where('serverId').equals(serverId).toArray();
  if (known.length === 0) {
    await table.put(added(pulledLocalId(serverId)));
    return;
  }
  const duplicates = known.length > 1 ? known.filter((row) => row.localId === pulledLocalId(serverId)) : [];
  await table.bulkDelete(duplicates.map((row) => row.localId));
  for (const row of known) {
    if (!duplicates.includes(row)) await table.update(row.localId, changes);
  }
}

/** Merge the rider's complaints from the server by serverId (see mergePulledRow): the server's status wins. */
export async function pullComplaints(database: DeckhandDB): Promise<void> {
  const complaints = complaintListSchema.parse(await apiGet<unknown>('/api/complaints'));
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

export async function pullClientConfig(database: DeckhandDB): Promise<ClientConfig> {
  const config = clientConfigSchema.parse(await apiGet<unknown>('/api/config'));
  const now = Date.now();
  await database.meta.put({ key: META.clientConfig, value: config, updatedAt: now });
  return config;
}

const sessions = new WeakMap<DeckhandDB, Promise<unknown>>();

/**
 * GET /api/users/profile once per app start. A browser without an account gets the guest profile
 * (id null): the server creates the account, and sets the session cookie, on the first write the
 * outbox sends. A failure (offline) is not remembered: the next call tries again.
 */
export function ensureSession(database: DeckhandDB = defaultDatabase): Promise<unknown> {
  const existing = sessions.get(database);
  if (existing) return existing;
  const startedAt = Date.now();
  const attempt = apiGet<unknown>('/api/users/profile').then((profile) => storeProfile(database, profile, startedAt));
  sessions.set(database, attempt);
  attempt.catch(() => sessions.delete(database));
  return attempt;
}
