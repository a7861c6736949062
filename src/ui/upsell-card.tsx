/**
 * The member-only pages' upsell (membership §2 Games, Exception Pass, Ninja Booking): the upgrade
 * (to the app's membership page, /app/membership: plans, prices and how membership is offered), the free way in (contributing photos), and the tier's 7-day free trial
 * while this rider may still take it.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import type { TrialOffer } from '@/data/trials';
import { buttonVariants } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { TrialOfferButton } from '@/ui/trial-offer-button';

export function UpsellCard({
  id,
  title,
  description,
  upgradeLabel,
  trial,
}: {
  id: string;
  title: string;
  description: ReactNode;
  upgradeLabel: string;
  trial: TrialOffer | null;
}) {
  return (
    <Card aria-labelledby={id} className="border-primary">
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <Link to="/app/membership" className={buttonVariants()}>
          {/* The label wraps on a narrow phone instead of running out of its box (the button's base is nowrap). */}
          <span className="text-center whitespace-normal">{upgradeLabel}</span>
        </Link>
        <Link to="/app/contributions" className={buttonVariants({ variant: 'outline' })}>
          Earn Free Access - Contribute Photos
        </Link>
        {trial ? <TrialOfferButton offer={trial} variant="secondary" /> : null}
      </CardContent>
    </Card>
  );
}
