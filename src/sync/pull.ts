/**
 * Reads from the server into Dexie (DESIGN.md "Data flow (client)"): screens never await these; they
 * render whatever the local tables hold and update through useLiveQuery when a pull lands.
 *
 * Answers are validated with the shared zod schemas before they touch the store, so a bad answer
 * throws here and the previous data stays. Callers log and carry on (offline is normal).
 */
import { z } from 'zod/mini';
import { db as defaultDatabase, META, type ComplaintRow, type DeckhandDB } from '@/data/db';
import { apiGet } from '@/lib/api-client';
import { complaintSchema } from '@/domain/complaint';
import type { Ferry } from '@/domain/ferry';
import { ferryListSchema } from '@/domain/ferry';
import { clientConfigSchema, type ClientConfig } from '@/domain/realtime';

/**
 * Replace the ferries table with `ferries` and stamp when they were fetched, in one transaction so a
 * reader never sees the new list with the old age (or an empty table in between). Shared by the
 * REST pull and the realtime channel.
 */
export async function storeFerries(database: DeckhandDB, ferries: Ferry[], fetchedAt = Date.now()): Promise<void> {
  await database.transaction('rw', database.ferries, database.meta, async () => {
    await database.ferries.clear();
    await database.ferries.bulkPut(ferries);
    await database.meta.put({ key: META.ferriesFetchedAt, value: fetchedAt, updatedAt: fetchedAt });
  });
}

export async function pullFerries(database: DeckhandDB): Promise<Ferry[]> {
  const ferries = ferryListSchema.parse(await apiGet<unknown>('/api/ferries'));
  await storeFerries(database, ferries);
  return ferries;
}

const complaintListSchema = z.array(complaintSchema);

/** Local id of a complaint first seen through a pull (made on another device, or before a reinstall). */
const pulledLocalId = (serverId: number) => `server-${serverId}`;

/**
 * Merge the rider's complaints from the server by serverId. Rows still queued or failed locally are
 * never dropped; rows the server knows get its status. If a row was pulled before the flusher
 * recorded the serverId of the local original (a crash between send and commit), the pulled copy is
 * removed so the complaint shows once.
 */
export async function pullComplaints(database: DeckhandDB): Promise<void> {
  const complaints = complaintListSchema.parse(await apiGet<unknown>('/api/complaints'));
  await database.transaction('rw', database.complaints, async () => {
    for (const complaint of complaints) {
      const known = await database.complaints.where('serverId').equals(complaint.id).toArray();
      if (known.length === 0) {
        const row: ComplaintRow = {
          localId: pulledLocalId(complaint.id),
          category: complaint.category,
          description: complaint.description,
          createdAt: Date.parse(complaint.createdAt) || Date.now(),
          syncState: 'sent',
          serverId: complaint.id,
          status: complaint.status,
        };
        await database.complaints.put(row);
        continue;
      }
      const duplicates = known.length > 1 ? known.filter((row) => row.localId === pulledLocalId(complaint.id)) : [];
      await database.complaints.bulkDelete(duplicates.map((row) => row.localId));
      for (const row of known) {
        if (duplicates.includes(row)) continue;
        await database.complaints.update(row.localId, { status: complaint.status, syncState: 'sent', syncError: undefined });
      }
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
 * GET /api/users/profile once per app start: the server creates the rider account and sets the
 * session cookie on the first visit, so this goes before any other call that needs the session.
 * A failure (offline) is not remembered: the next call tries again.
 */
export function ensureSession(database: DeckhandDB = defaultDatabase): Promise<unknown> {
  const existing = sessions.get(database);
  if (existing) return existing;
  const attempt = apiGet<unknown>('/api/users/profile').then(async (profile) => {
    const now = Date.now();
    await database.meta.put({ key: META.userProfile, value: profile, updatedAt: now });
    return profile;
  });
  sessions.set(database, attempt);
  attempt.catch(() => sessions.delete(database));
  return attempt;
}
