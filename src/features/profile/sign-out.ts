/**
 * Sign Out (rider-core §2 Profile; DESIGN.md "No hard-coded user"): removes this device's push
 * subscription for the rider, ends the session on the server (POST /api/session/logout), then clears
 * everything this rider left on the device — every Dexie table (queued writes included: they belong
 * to the old session) and the shown-alert keys — and reloads home, where a new rider session starts.
 *
 * Needs the server: offline it throws NetworkError and nothing is cleared, so a rider never loses
 * queued writes to a sign-out that did not happen.
 */
import type { DeckhandDB } from '@/data/db';
import { unsubscribePush } from '@/domain/contracts/notifications';
import { endSession } from '@/domain/contracts/users';
import { STORAGE_KEY as SHOWN_ALERTS_KEY } from '@/lib/alerts';
import { callApi } from '@/lib/api-client';

export async function signOut(database: DeckhandDB): Promise<void> {
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  const subscription = await registration?.pushManager?.getSubscription().catch(() => null);
  // The subscription is removed while the session still names this rider.
  if (subscription) await callApi(unsubscribePush, { body: { endpoint: subscription.endpoint } });
  await callApi(endSession, {});
  await subscription?.unsubscribe().catch(() => false);
  await clearRiderData(database);
}

/**
 * Clears everything the previous rider left on this device (every Dexie table and shown-alert keys).
 * `keepUnsent` (signing in with a passkey): the writes still in the outbox, and the local rows they
 * mirror, stay. They are the same person's, made before they signed in, and nothing a rider submits
 * may be lost: after the reload they are sent under the account the passkey opened.
 */
export async function clearRiderData(database: DeckhandDB, { keepUnsent = false } = {}): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    const unsent = keepUnsent ? await database.outbox.toArray() : [];
    const kept = new Map<string, string[]>();
    for (const row of unsent) {
      if (row.localTable && row.localKey !== undefined)
        kept.set(row.localTable, [...(kept.get(row.localTable) ?? []), row.localKey]);
    }
    await Promise.all(
      database.tables.map((table) => {
        if (keepUnsent && table.name === database.outbox.name) return undefined;
        const keys = kept.get(table.name);
        return keys ? table.where(':id').noneOf(keys).delete() : table.clear();
      }),
    );
  });
  localStorage.removeItem(SHOWN_ALERTS_KEY);
}
