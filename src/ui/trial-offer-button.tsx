/**
 * The one way to start a free trial, wherever it is offered (membership §9): a button while the
 * trial is available, a note while the request waits for signal, the server's reason when it said no.
 * The button never mentions money: nothing is charged.
 *
 * The toast library loads with the press, not with home's first screen where the offer sits; the
 * outcome shows on the card (the new tier, the waiting note or the refusal) even if it cannot load.
 */
import { useState } from 'react';

import type { TrialOffer } from '@/data/trials';
import { Button, type ButtonProps } from '@/ui/button';

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
    const toasts = import('@/lib/toast').catch(() => null);
    try {
      const outcome = await offer.start();
      const toast = (await toasts)?.toast;
      if (!toast) return;
      if (outcome.state === 'started')
        toast.success(`${offer.name} trial started`, { description: 'Enjoy 7 days free. Nothing is charged.' });
      else if (outcome.state === 'waiting')
        toast(`${offer.name} trial requested`, { description: 'It starts as soon as you are back online.' });
      else toast.error('Could not start the trial', { description: outcome.message });
    } finally {
      setBusy(false);
    }
  }

  if (offer.status === 'waiting') {
    return (
      <p role="status" className="rounded-md bg-secondary p-3 text-sm">
        Your 7-day free {offer.name} trial starts as soon as you are back online.
      </p>
    );
  }
  if (offer.status === 'failed') {
    return (
      <div
        role="alert"
        className="flex items-center justify-between gap-2 rounded-md border border-destructive p-3 text-sm"
      >
        <span>{offer.message ?? `The ${offer.name} trial could not be started.`}</span>
        <Button variant="ghost" size="sm" onClick={() => void offer.dismiss()}>
          Dismiss
        </Button>
      </div>
    );
  }
  return (
    <Button variant={variant} className={className} disabled={busy} onClick={() => void onStart()}>
      {busy ? 'Starting...' : `Start 7-day free ${offer.name} trial`}
    </Button>
  );
}
