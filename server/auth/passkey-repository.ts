/**
 * Rider passkeys as stored: the credentials (public key, signature counter, transports) and the
 * one-use challenges of the ceremonies in progress (./passkey-ceremony.ts). A challenge is taken
 * (deleted) when it is answered, so it serves once; storing one deletes every expired one, so
 * unanswered requests leave no rows behind.
 */
import { and, eq, gt, lte } from 'drizzle-orm';

import type { Database } from '../db/client';
import { passkeys, webauthnChallenges } from '../db/schema';

export type ChallengePurpose = 'register' | 'login';
export type StoredPasskey = typeof passkeys.$inferSelect;

/** Stores a new challenge valid for `ttlMs` and deletes every expired one. */
export async function storeChallenge(
  database: Database,
  row: { challenge: string; userId: number | null; purpose: ChallengePurpose },
  ttlMs: number,
): Promise<void> {
  const now = Date.now();
  await database.db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, new Date(now)));
  await database.db.insert(webauthnChallenges).values({ ...row, expiresAt: new Date(now + ttlMs) });
}

/** Takes (deletes and returns) an unexpired challenge of that purpose; null when there is none. */
export async function takeChallenge(database: Database, challenge: string, purpose: ChallengePurpose, now: Date) {
  const [row] = await database.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export function passkeysOf(database: Database, userId: number): Promise<StoredPasskey[]> {
  return database.db.select().from(passkeys).where(eq(passkeys.userId, userId));
}

export async function findPasskey(database: Database, credentialId: string): Promise<StoredPasskey | null> {
  const [row] = await database.db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row ?? null;
}

/** Stores a new credential; one already stored is left as it is. */
export async function savePasskey(database: Database, row: typeof passkeys.$inferInsert): Promise<void> {
  await database.db.insert(passkeys).values(row).onConflictDoNothing();
}

export async function savePasskeyCounter(database: Database, credentialId: string, counter: number): Promise<void> {
  await database.db.update(passkeys).set({ counter }).where(eq(passkeys.credentialId, credentialId));
}
