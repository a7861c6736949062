/**
 * The one way to start a free trial, wherever it is offered (membership §9): a button while the
 * trial is available, a note while the request waits for signal, the server's reason when it said no.
 * The button never mentions money: nothing is charged.
 *
 * Its words and look are ./trial-offer-look.ts (the landing page draws the same offer without React).
 * The toast library loads with the press, not with home's first screen where the offer sits; the
 * outcome shows on the card (the new tier, the waiting note or the refusal) even if it cannot load.
 */
import { useState } from 'react';

import type { TrialOffer } from '@/data/trials';
import { Button, type ButtonProps } from '@/ui/button';
import {
  TRIAL_FAILED_CLASS,
  TRIAL_STARTING_TEXT,
  TRIAL_WAITING_CLASS,
  trialButtonText,
  trialFailedText,
  trialWaitingText,
} from '@/ui/trial-offer-look';

export function TrialOfferButton({
  offer,
  variant = 'outline',
  className,
}: {
  offer: TrialOffer;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const [busy, setBusy] = useState(false);

  async function onStart() {
    setBusy(true);
    const announce = import('@/ui/trial-outcome-toast').catch(() => null);
    try {
      const outcome = await offer.start();
      (await announce)?.announceTrialOutcome(offer.name, outcome);
    } finally {
      setBusy(false);
    }
  }

  if (offer.status === 'waiting') {
    return (
      <p role="status" className={TRIAL_WAITING_CLASS}>
        {trialWaitingText(offer.name)}
      </p>
    );
  }
  if (offer.status === 'failed') {
    return (
      <div role="alert" className={TRIAL_FAILED_CLASS}>
        <span>{trialFailedText(offer.name, offer.message)}</span>
        <Button variant="ghost" size="sm" onClick={() => void offer.dismiss()}>
          Dismiss
        </Button>
      </div>
    );
  }
  return (
    <Button variant={variant} className={className} disabled={busy} onClick={() => void onStart()}>
      {busy ? TRIAL_STARTING_TEXT : trialButtonText(offer.name)}
    </Button>
  );
}
