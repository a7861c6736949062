/**
 * The landing page's trial offer from the device (membership §9), for a visitor the server did not
 * answer (./plan-trial-offer.tsx): the cached profile says whether the trial is on offer, and a
 * request already waiting in the outbox, or refused, shows as such. It asks the server again for the
 * profile (the next page load may have signal) and keeps what it answers on the device.
 */
import { useEffect, type ReactNode } from 'react';

import { db } from '@/data/db';
import { ensureSession } from '@/data/profile';
import { useTrialOffer } from '@/data/trials';
import type { TrialTier } from '@/domain/membership';
import type { ButtonProps } from '@/ui/button';
import { TrialOfferButton } from '@/ui/trial-offer-button';

/** A plan's trial offer: its tier, its button's look, and what the plan shows when there is no offer. */
export interface TrialOfferProps {
  tier: TrialTier;
  variant: ButtonProps['variant'];
  otherwise: ReactNode;
}

export function DeviceTrialOffer({ tier, variant, otherwise }: TrialOfferProps) {
  const offer = useTrialOffer(db, tier);
  useEffect(() => {
    // Once per page (ensureSession keeps its answer); offline, the cached profile stands.
    ensureSession(db).catch(() => undefined);
  }, []);
  return offer ? <TrialOfferButton offer={offer} variant={variant} /> : otherwise;
}
