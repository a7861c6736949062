/**
 * Membership (/app/membership; membership §6, §9): the rider's own plan and trial, how membership is
 * offered (no payment provider: nothing is charged, each paid tier has a one-time 7-day free trial,
 * Contributor is earned), and every plan with its price and what it really unlocks
 * (src/domain/membership-plans.ts). Every "Upgrade to …" link in the app leads here. Reads the
 * device only, so it shows offline; a trial asked for offline waits in the outbox.
 */
import { Link } from 'react-router-dom';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { useServices } from '@/data/services';
import { useTrialOffer } from '@/data/trials';
import { useRiderProfile } from '@/data/use-rider-profile';
import { membershipLabel, TRIAL_TIER_NAMES, trialDaysLeft, type TrialTier } from '@/domain/membership';
import { NO_PAYMENT_NOTE, planIdFor, PLANS, type Plan } from '@/domain/membership-plans';
import { Badge } from '@/ui/badge';
import { buttonVariants } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { PageHeader } from '@/ui/page-header';
import { PlanPrice } from '@/ui/plan-price';
import { TrialOfferButton } from '@/ui/trial-offer-button';
import { useNow } from '@/ui/use-now';

function PlanAction({
  plan,
  database,
  current,
  tried,
}: {
  plan: Plan;
  database: DeckhandDB;
  current: boolean;
  tried: readonly string[];
}) {
  const tier: TrialTier | null = plan.id === 'premium' || plan.id === 'ninja' ? plan.id : null;
  const offer = useTrialOffer(database, tier ?? 'premium');
  if (current) return null;
  if (plan.id === 'contributor') {
    return (
      <Link to="/app/contributions" className={buttonVariants({ variant: 'outline' })}>
        Earn it: Contribute Photos
      </Link>
    );
  }
  if (!tier) return null;
  if (offer) return <TrialOfferButton offer={offer} variant={plan.highlighted ? 'default' : 'outline'} />;
  return (
    <p className="text-sm text-muted-foreground">
      {tried.includes(tier) ? `You have had your ${TRIAL_TIER_NAMES[tier]} trial. ` : ''}Paid sign-up opens once a
      payment provider is connected.
    </p>
  );
}

export function MembershipPage({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const profile = useRiderProfile(database);
  const services = useServices(database);
  const now = useNow(60_000);
  const currentPlan = profile ? planIdFor(profile.membershipType) : null;
  const daysLeft = trialDaysLeft(profile?.premiumExpiresAt, now);
  const tried = profile?.trialsUsed ?? [];

  return (
    <>
      <PageHeader title="Membership" />
      <div className="flex flex-col gap-4 px-4 pb-6">
        <Card aria-labelledby="membership-yours">
          <CardHeader>
            <CardTitle id="membership-yours">Your membership</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-1 text-sm">
            {profile ? (
              <>
                <p>
                  Your plan: <strong>{membershipLabel(profile.membershipType)}</strong>
                  {daysLeft > 0 ? (
                    <>
                      {' '}
                      on a free trial:{' '}
                      <strong>
                        {daysLeft} {daysLeft === 1 ? 'day' : 'days'} left
                      </strong>
                      , then back to the plan you had
                    </>
                  ) : null}
                  .
                </p>
                <p className="text-muted-foreground">
                  Free trials used:{' '}
                  {tried.length === 0 ? 'none' : tried.map((t) => TRIAL_TIER_NAMES[t as TrialTier] ?? t).join(', ')}.
                </p>
              </>
            ) : (
              <p className="text-muted-foreground">Your plan shows once Deckhand has reached the server.</p>
            )}
          </CardContent>
        </Card>
        <Card aria-labelledby="membership-offered" className="border-primary">
          <CardHeader>
            <CardTitle id="membership-offered">How membership is offered</CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            <p>{services?.payments ? `Payments are taken by ${services.payments.name}.` : NO_PAYMENT_NOTE}</p>
          </CardContent>
        </Card>
        <ul aria-label="Plans" className="flex flex-col gap-3">
          {PLANS.map((plan) => (
            <li key={plan.id}>
              <Card
                aria-labelledby={`membership-plan-${plan.id}`}
                className={plan.id === currentPlan ? 'border-2 border-primary' : undefined}
              >
                <CardHeader>
                  <CardTitle id={`membership-plan-${plan.id}`} className="flex flex-wrap items-center gap-2">
                    {plan.name}
                    {plan.id === currentPlan ? <Badge>Your plan</Badge> : null}
                  </CardTitle>
                  <PlanPrice plan={plan} className="text-2xl" />
                </CardHeader>
                <CardContent className="flex flex-col gap-3">
                  <ul className="list-disc pl-5 text-sm" aria-label={`${plan.name} unlocks`}>
                    {plan.notes.map((note) => (
                      <li key={note}>{note}</li>
                    ))}
                  </ul>
                  <PlanAction plan={plan} database={database} current={plan.id === currentPlan} tried={tried} />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
