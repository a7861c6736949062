/**
 * The rider's membership on the profile (membership §6, §9): the tier, the days left of a trial, and
 * the 7-day free trials still open to this rider (each tier once). A trial is requested through the
 * outbox (src/data/trials.ts); the server sets the tier and its expiry; no payment is taken or pretended.
 */
import { Link } from 'react-router-dom';

import type { DeckhandDB } from '@/data/db';
import { useTrialOffer } from '@/data/trials';
import { membershipLabel, trialDaysLeft, type RiderProfile } from '@/domain/membership';
import { buttonVariants } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { TrialOfferButton } from '@/ui/trial-offer-button';
import { useNow } from '@/ui/use-now';

export function MembershipSection({ profile, database }: { profile: RiderProfile; database: DeckhandDB }) {
  const now = useNow(60_000);
  const daysLeft = trialDaysLeft(profile.premiumExpiresAt, now);
  const offers = [useTrialOffer(database, 'premium'), useTrialOffer(database, 'ninja')].filter(
    (offer) => offer !== null,
  );

  return (
    <Card aria-labelledby="profile-membership">
      <CardHeader>
        <CardTitle id="profile-membership">Membership</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p>
          Your plan: <strong>{membershipLabel(profile.membershipType)}</strong>
          {daysLeft > 0 ? (
            <>
              {' '}
              on a free trial:{' '}
              <strong data-testid="trial-days-left">
                {daysLeft} {daysLeft === 1 ? 'day' : 'days'} left
              </strong>
            </>
          ) : null}
          .
        </p>
        {offers.map((offer) => (
          <TrialOfferButton key={offer.tier} offer={offer} />
        ))}
        {offers.length > 0 ? (
          <p className="text-muted-foreground">
            No payment needed: after 7 days your membership returns to the plan you had before the trial.
          </p>
        ) : null}
        <Link to="/app/membership" className={buttonVariants({ variant: 'outline' })}>
          Plans and prices
        </Link>
      </CardContent>
    </Card>
  );
}
