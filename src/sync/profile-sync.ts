/**
 * The rider's profile on the device (META.userProfile) and the settings that change it.
 *
 * - `saveSettings` writes the new values into the cached profile, a `settingsWrites` row and its
 *   outbox PATCH in ONE transaction (DESIGN.md data flow), so the change shows at once, offline too.
 * - `storeProfile` keeps queued settings on top of what the server answers: a pull made before the
 *   PATCH reached the server must not bring the old values back. Rows the server has acknowledged
 *   are dropped once a later pull has them.
 */
import type { DeckhandDB, SettingsKind } from '@/data/db';
import { META } from '@/data/db';
import { apiGet } from '@/lib/api-client';
import { enqueue } from './outbox';
import { localChangeStands } from './local-wins';

const PATHS: Record<SettingsKind, string> = {
  account: '/api/users/profile',
  'animal-preferences': '/api/users/animal-preferences',
};

/** Stores a profile answered by the server at `startedAt`, with still-queued local settings on top. */
export async function storeProfile(database: DeckhandDB, profile: unknown, startedAt: number): Promise<unknown> {
  return database.transaction('rw', database.meta, database.settingsWrites, async () => {
    let merged = profile;
    for (const row of await database.settingsWrites.toArray()) {
      const stillLocal = localChangeStands(row, startedAt);
      if (stillLocal && merged && typeof merged === 'object') merged = { ...merged, ...row.values };
      else if (row.syncState === 'sent') await database.settingsWrites.delete(row.id);
    }
    await database.meta.put({ key: META.userProfile, value: merged, updatedAt: Date.now() });
    return merged;
  });
}

/** GET /api/users/profile into the cache (membership §4: "on success the profile is refetched"). */
export async function pullProfile(database: DeckhandDB): Promise<unknown> {
  const startedAt = Date.now();
  return storeProfile(database, await apiGet<unknown>('/api/users/profile'), startedAt);
}

/**
 * Pulls the profile again while the cached one is the guest's (id null): the server creates the
 * rider's account on their first write, so after a write lands the device must learn its id.
 */
export async function refreshGuestProfile(database: DeckhandDB): Promise<void> {
  const cached = (await database.meta.get(META.userProfile))?.value as { id?: unknown } | undefined;
  if (typeof cached?.id === 'number') return;
  await pullProfile(database);
}

/** Queues settings changes (each kind one PATCH) and shows them in the cached profile at once. */
export async function saveSettings(database: DeckhandDB, changes: Partial<Record<SettingsKind, Record<string, unknown>>>): Promise<SettingsKind[]> {
  const kinds = (Object.keys(changes) as SettingsKind[]).filter((kind) => changes[kind]);
  await database.transaction('rw', database.meta, database.settingsWrites, database.outbox, async () => {
    const cached = (await database.meta.get(META.userProfile))?.value;
    let profile = cached && typeof cached === 'object' ? cached : {};
    const now = Date.now();
    for (const kind of kinds) {
      const values = changes[kind]!;
      profile = { ...profile, ...values };
      await database.settingsWrites.put({ id: kind, values, createdAt: now, syncState: 'queued' });
      await enqueue(database, { method: 'PATCH', path: PATHS[kind], body: values, localTable: database.settingsWrites.name, localKey: kind });
    }
    await database.meta.put({ key: META.userProfile, value: profile, updatedAt: now });
  });
  return kinds;
}

/** True for a server answer that is a rider profile (what the profile PATCHes and a trial start answer). */
export function isProfileAnswer(value: unknown): boolean {
  return !!value && typeof value === 'object' && 'membershipType' in value && 'username' in value;
}
