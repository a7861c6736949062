/**
 * A plan's trial offer on the landing page (membership §9): the button while this browser's rider may
 * still take the trial, else `otherwise` (the plan's link).
 *
 * The landing page is a brochure: online it opens no device database and runs no sync engine.
 * Whether the trial is on offer is the server's profile to say (GET /api/users/profile; the two plans
 * share one request). The device's trial request (the outbox, so a request made without signal is
 * sent once it returns) loads when the visitor presses the button. Only when the server does not
 * answer (offline) does the offer come from the device (./device-trial-offer.tsx). The pricing
 * section loads this module once the page is quiet (./pricing-section.tsx).
 */
import { lazy, Suspense, useEffect, useState } from 'react';

import type { TrialOffer, TrialRequestOutcome } from '@/data/trials';
import { getProfile } from '@/domain/contracts/users';
import { canStartTrial, TRIAL_TIER_NAMES, type TrialTier } from '@/domain/membership';
import type { UserProfile } from '@/domain/user-profile';
import type { TrialOfferProps } from '@/features/landing/device-trial-offer';
import { callApi } from '@/lib/api-client';
import { TrialOfferButton } from '@/ui/trial-offer-button';

const DeviceTrialOffer = lazy(() =>
  import('@/features/landing/device-trial-offer').then((m) => ({ default: m.DeviceTrialOffer })),
);

let profileRead: Promise<UserProfile | null> | undefined;

/** The server's profile for this browser; null when it did not answer. Plans asking together share the request. */
function serverProfile(): Promise<UserProfile | null> {
  profileRead ??= callApi(getProfile, {})
    .catch(() => null)
    .finally(() => {
      profileRead = undefined;
    });
  return profileRead;
}

/** The device's trial request: loaded with the press, never with the page. */
async function deviceTrial() {
  const [{ db }, trials] = await Promise.all([import('@/data/db'), import('@/data/trials')]);
  return {
    start: (tier: TrialTier) => trials.requestTrial(db, tier),
    dismiss: (tier: TrialTier) => trials.dismissTrialFailure(db, tier),
  };
}

type Shown =
  | { state: 'reading' | 'none' | 'available' | 'started' | 'from device' }
  | Exclude<TrialRequestOutcome, { state: 'started' }>;

export function PlanTrialOffer({ tier, variant, otherwise }: TrialOfferProps) {
  const [shown, setShown] = useState<Shown>({ state: 'reading' });
  useEffect(() => {
    let active = true;
    void serverProfile().then((profile) => {
      if (!active) return;
      if (profile === null) setShown({ state: 'from device' });
      else
        setShown({
          state: canStartTrial(tier, profile.membershipType, profile.trialsUsed) ? 'available' : 'none',
        });
    });
    return () => {
      active = false;
    };
  }, [tier]);

  if (shown.state === 'from device')
    return (
      <Suspense fallback={otherwise}>
        <DeviceTrialOffer tier={tier} variant={variant} otherwise={otherwise} />
      </Suspense>
    );
  if (shown.state === 'reading' || shown.state === 'none' || shown.state === 'started') return otherwise;
  const offer: TrialOffer = {
    tier,
    name: TRIAL_TIER_NAMES[tier],
    status: shown.state,
    ...(shown.state === 'failed' ? { message: shown.message } : {}),
    async start() {
      const outcome = await (await deviceTrial()).start(tier);
      setShown(outcome);
      return outcome;
    },
    async dismiss() {
      await (await deviceTrial()).dismiss(tier);
      setShown({ state: 'available' });
    },
  };
  return <TrialOfferButton offer={offer} variant={variant} />;
}
