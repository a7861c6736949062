/**
 * The rider's profile on the device (META.userProfile) and the settings that change it.
 *
 * - `ensureSession` reads the profile once per app start: the server makes the guest's session.
 * - A profile change (settings, a trial) answers with the rider's profile, which becomes the cached
 *   one (`profileAcknowledged`); a guest's first acknowledged write of any kind made their account,
 *   so the profile is pulled again to learn its id (`guestAccountAcknowledged`).
 * - `saveSettings` writes the new values into the cached profile, a `settingsWrites` row and its
 *   outbox PATCH in ONE transaction (DESIGN.md data flow), so the change shows at once, offline too.
 * - `storeProfile` keeps queued settings on top of what the server answers: a pull made before the
 *   PATCH reached the server must not bring the old values back. Rows the server has acknowledged
 *   are dropped once a later pull has them.
 *
 * No React here: the service worker's flusher stores acknowledged profiles too (./use-rider-profile.ts reads it).
 */
import { getProfile, saveAccount, saveAnimalPreferences } from '@/domain/contracts/users';
import { callApi } from '@/lib/api-client';
import type { AfterAcknowledged } from '@/sync/acknowledged';
import { enqueue } from '@/sync/outbox';

import { db as defaultDatabase, META, type DeckhandDB, type SettingsKind } from './db';
import { localChangeStands } from './pulled-rows';

/** Each kind of settings change is one PATCH (its method and path, from its contract). */
const TARGETS: Record<SettingsKind, { method: 'PATCH'; path: string }> = {
  account: { method: saveAccount.method, path: saveAccount.path },
  'animal-preferences': { method: saveAnimalPreferences.method, path: saveAnimalPreferences.path },
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

/**
 * GET /api/users/profile into the cache (membership §4: "on success the profile is refetched"),
 * checked against its contract first: an answer that is not a profile leaves the cached one.
 */
export async function pullProfile(database: DeckhandDB): Promise<unknown> {
  const startedAt = Date.now();
  return storeProfile(database, await callApi(getProfile, {}), startedAt);
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
export async function saveSettings(
  database: DeckhandDB,
  changes: Partial<Record<SettingsKind, Record<string, unknown>>>,
): Promise<SettingsKind[]> {
  const kinds = (Object.keys(changes) as SettingsKind[]).filter((kind) => changes[kind]);
  await database.transaction('rw', database.meta, database.settingsWrites, database.outbox, async () => {
    const cached = (await database.meta.get(META.userProfile))?.value;
    let profile = cached && typeof cached === 'object' ? cached : {};
    const now = Date.now();
    for (const kind of kinds) {
      const values = changes[kind]!;
      profile = { ...profile, ...values };
      await database.settingsWrites.put({ id: kind, values, createdAt: now, syncState: 'queued' });
      await enqueue(database, {
        ...TARGETS[kind],
        body: values,
        localTable: database.settingsWrites.name,
        localKey: kind,
      });
    }
    await database.meta.put({ key: META.userProfile, value: profile, updatedAt: now });
  });
  return kinds;
}

/** True for a server answer that is a rider profile (what the profile PATCHes and a trial start answer). */
export function isProfileAnswer(value: unknown): boolean {
  return !!value && typeof value === 'object' && 'membershipType' in value && 'username' in value;
}

/** A settings PATCH or trial start was acknowledged: its answer (the whole profile) becomes the cached one. */
export const profileAcknowledged: AfterAcknowledged<DeckhandDB> = {
  each: async (database, { answer, sentAt }) => {
    if (isProfileAnswer(answer)) await storeProfile(database, answer, sentAt);
  },
};

/** The first write a guest sends creates their account: learn its id (a failure is retried after the next pass). */
export const guestAccountAcknowledged: AfterAcknowledged<DeckhandDB> = {
  afterPass: (database) => refreshGuestProfile(database).catch(() => undefined),
};

const sessions = new WeakMap<DeckhandDB, Promise<unknown>>();

/**
 * GET /api/users/profile once per app start. A browser without an account gets the guest profile
 * (id null): the server creates the account, and sets the session cookie, on the first write the
 * outbox sends. A failure (offline, or an answer that is not a profile) is not remembered: the next
 * call tries again.
 */
export function ensureSession(database: DeckhandDB = defaultDatabase): Promise<unknown> {
  const existing = sessions.get(database);
  if (existing) return existing;
  const attempt = pullProfile(database);
  sessions.set(database, attempt);
  attempt.catch(() => sessions.delete(database));
  return attempt;
}
