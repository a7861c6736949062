/**
 * Starting a 7-day free trial (membership §9) from any upsell or the pricing section. The request is
 * a rider write like any other: a `settingsWrites` row (`trial-<tier>`) and its outbox POST in one
 * transaction, so a rider with no signal asks once and the trial starts when the phone reconnects;
 * the Idempotency-Key keeps a retried request from ever starting it twice. The tier is the server's
 * to give: nothing changes on the device until the server's profile comes back (the flusher stores
 * it). No payment is taken or pretended.
 */
import type { DeckhandDB, SettingsWriteRow } from '@/data/db';
import type { TrialTier } from '@/domain/membership';
import { enqueue } from './outbox';
import { sendSoon } from './send-soon';

export const TRIAL_PATH = '/api/membership/trials';

export type TrialRequestOutcome = { state: 'started' } | { state: 'waiting' } | { state: 'failed'; message: string };

export function trialWriteId(tier: TrialTier): SettingsWriteRow['id'] {
  return `trial-${tier}`;
}

/** Queues the trial (once: a request already waiting is not queued again), sends it when online, and says how it went. */
export async function requestTrial(database: DeckhandDB, tier: TrialTier): Promise<TrialRequestOutcome> {
  const id = trialWriteId(tier);
  await database.transaction('rw', database.settingsWrites, database.outbox, async () => {
    const existing = await database.settingsWrites.get(id);
    if (existing?.syncState === 'queued') return;
    await database.settingsWrites.put({ id, values: {}, createdAt: Date.now(), syncState: 'queued' });
    await enqueue(database, { method: 'POST', path: TRIAL_PATH, body: { tier }, localTable: database.settingsWrites.name, localKey: id });
  });
  await sendSoon(database);
  const row = await database.settingsWrites.get(id);
  if (row?.syncState === 'sent') return { state: 'started' };
  if (row?.syncState === 'failed') return { state: 'failed', message: row.syncError ?? 'The trial could not be started.' };
  return { state: 'waiting' };
}

/** The rider read the refusal: the row and its failed outbox entry go, so the offer can be tried again. */
export async function dismissTrialFailure(database: DeckhandDB, tier: TrialTier): Promise<void> {
  const id = trialWriteId(tier);
  await database.transaction('rw', database.settingsWrites, database.outbox, async () => {
    await database.settingsWrites.delete(id);
    await database.outbox.filter((row) => row.localTable === database.settingsWrites.name && row.localKey === id && row.status === 'failed').delete();
  });
}
