/**
 * Starting a 7-day free trial (membership §9) from any upsell or the pricing section. The request is
 * a rider write like any other: a `settingsWrites` row (`trial-<tier>`) and its outbox POST in one
 * transaction, so a rider with no signal asks once and the trial starts when the phone reconnects;
 * the Idempotency-Key keeps a retried request from ever starting it twice. The tier is the server's
 * to give: nothing changes on the device until the server's profile comes back (./profile.ts stores
 * it once acknowledged). No payment is taken or pretended.
 *
 * `useTrialOffer` says whether a trial of a tier is on offer to this rider (membership §9: once per
 * tier, from the tiers `canStartTrial` allows), waiting to be sent, or refused by the server, with the
 * actions. Read from the device only, so every upsell shows it offline; no cached profile means no
 * offer (guessing the tier would offer the wrong thing).
 */
import { useLiveQuery } from 'dexie-react-hooks';

import { startTrial } from '@/domain/contracts/users';
import { canStartTrial, TRIAL_TIER_NAMES, type RiderProfile, type TrialTier } from '@/domain/membership';
import { callTarget } from '@/lib/api-client';
import { enqueue } from '@/sync/outbox';
import { sendQueued } from '@/sync/send-queued';

import type { DeckhandDB, SettingsWriteRow } from './db';
import { readRiderProfile, useRiderProfile } from './use-rider-profile';

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
    const body = { tier };
    await enqueue(database, {
      ...callTarget(startTrial, { body }),
      body,
      localTable: database.settingsWrites.name,
      localKey: id,
    });
  });
  const outcome = await sendQueued(database, database.settingsWrites, id);
  if (outcome.state === 'sent') return { state: 'started' };
  if (outcome.state === 'failed')
    return { state: 'failed', message: outcome.reason || 'The trial could not be started.' };
  return { state: 'waiting' };
}

/** The rider read the refusal: the row and its failed outbox entry go, so the offer can be tried again. */
export async function dismissTrialFailure(database: DeckhandDB, tier: TrialTier): Promise<void> {
  const id = trialWriteId(tier);
  await database.transaction('rw', database.settingsWrites, database.outbox, async () => {
    await database.settingsWrites.delete(id);
    await database.outbox
      .filter(
        (row) => row.localTable === database.settingsWrites.name && row.localKey === id && row.status === 'failed',
      )
      .delete();
  });
}

export interface TrialOffer {
  tier: TrialTier;
  name: string;
  status: 'available' | 'waiting' | 'failed';
  message?: string;
  start: () => Promise<TrialRequestOutcome>;
  dismiss: () => Promise<void>;
}

function trialOffer(
  database: DeckhandDB,
  tier: TrialTier,
  profile: RiderProfile | null | undefined,
  row: SettingsWriteRow | undefined,
): TrialOffer | null {
  const base = {
    tier,
    name: TRIAL_TIER_NAMES[tier],
    start: () => requestTrial(database, tier),
    dismiss: () => dismissTrialFailure(database, tier),
  };
  if (row?.syncState === 'queued') return { ...base, status: 'waiting' };
  if (row?.syncState === 'failed') return { ...base, status: 'failed', message: row.syncError };
  if (!profile || !canStartTrial(tier, profile.membershipType, profile.trialsUsed ?? [])) return null;
  return { ...base, status: 'available' };
}

export function useTrialOffer(database: DeckhandDB, tier: TrialTier): TrialOffer | null {
  const profile = useRiderProfile(database);
  const row = useLiveQuery(() => database.settingsWrites.get(trialWriteId(tier)), [database, tier]);
  return trialOffer(database, tier, profile, row);
}

/** The same offer, read once (the landing page, which draws without React). */
export async function readTrialOffer(database: DeckhandDB, tier: TrialTier): Promise<TrialOffer | null> {
  const [profile, row] = await Promise.all([
    readRiderProfile(database),
    database.settingsWrites.get(trialWriteId(tier)),
  ]);
  return trialOffer(database, tier, profile, row);
}
