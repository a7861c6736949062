/**
 * Whether a 7-day free trial of `tier` is on offer to this rider (membership §9: once per tier, from
 * the tiers `canStartTrial` allows), waiting to be sent, or refused by the server; and the actions.
 * Read from the device only, so every upsell shows it offline; no cached profile means no offer
 * (guessing the tier would offer the wrong thing).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { DeckhandDB } from '@/data/db';
import { useRiderProfile } from '@/data/use-rider-profile';
import { canStartTrial, type TrialTier } from '@/domain/membership';
import { dismissTrialFailure, requestTrial, trialWriteId, type TrialRequestOutcome } from './trial-start';

export const TRIAL_TIER_NAMES: Record<TrialTier, string> = { premium: 'Premium', ninja: 'Ninja' };

export interface TrialOffer {
  tier: TrialTier;
  name: string;
  status: 'available' | 'waiting' | 'failed';
  message?: string;
  start: () => Promise<TrialRequestOutcome>;
  dismiss: () => Promise<void>;
}

export function useTrialOffer(database: DeckhandDB, tier: TrialTier): TrialOffer | null {
  const profile = useRiderProfile(database);
  const row = useLiveQuery(() => database.settingsWrites.get(trialWriteId(tier)), [database, tier]);
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
