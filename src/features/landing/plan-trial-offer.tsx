/**
 * A plan's trial offer on the landing page (membership §9): the button while this browser's rider may
 * still take the trial, else `otherwise` (the plan's link). Whether it is on offer is the rider's
 * profile's to say, so this module reads it (the server makes the rider's session with it, as the
 * app does on start) and keeps it on the device. The landing page runs no sync engine: the pricing
 * section loads this module only once the page is quiet (./pricing-section.tsx), so the first
 * screen stores and reads nothing on the device.
 */
import { useEffect, type ReactNode } from 'react';

import { db } from '@/data/db';
import { ensureSession } from '@/data/profile';
import { useTrialOffer } from '@/data/trials';
import type { TrialTier } from '@/domain/membership';
import type { ButtonProps } from '@/ui/button';
import { TrialOfferButton } from '@/ui/trial-offer-button';

export function PlanTrialOffer({
  tier,
  variant,
  otherwise,
}: {
  tier: TrialTier;
  variant: ButtonProps['variant'];
  otherwise: ReactNode;
}) {
  const offer = useTrialOffer(db, tier);
  useEffect(() => {
    // Once per page (ensureSession keeps its answer); offline, the cached profile stands.
    ensureSession(db).catch(() => undefined);
  }, []);
  return offer ? <TrialOfferButton offer={offer} variant={variant} /> : otherwise;
}
