/**
 * The rider's membership on the profile (membership §6, §9): the tier, the days left of a trial, and
 * the 7-day free trials still open to this rider (each tier once). Starting one asks the server,
 * which sets the tier and its expiry; no payment is taken or pretended.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import type { DeckhandDB } from '@/data/db';
import { canStartTrial, membershipLabel, trialDaysLeft, TRIAL_TIERS, type RiderProfile, type TrialTier } from '@/domain/membership';
import { ApiError } from '@/lib/api-client';
import { startTrial } from '@/sync/profile-sync';
import { useNow } from '@/ui/use-now';
import { Button } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';

const TRIAL_NAMES: Record<TrialTier, string> = { premium: 'Premium', ninja: 'Ninja' };

export function MembershipSection({ profile, database }: { profile: RiderProfile; database: DeckhandDB }) {
  const [pending, setPending] = useState<TrialTier | null>(null);
  const now = useNow(60_000);
  const daysLeft = trialDaysLeft(profile.premiumExpiresAt, now);
  const offers = TRIAL_TIERS.filter((tier) => canStartTrial(tier, profile.membershipType, profile.trialsUsed ?? []));

  async function onStart(tier: TrialTier) {
    setPending(tier);
    try {
      await startTrial(database, tier);
      toast.success(`${TRIAL_NAMES[tier]} trial started`, { description: 'Enjoy 7 days free. Nothing is charged.' });
    } catch (error) {
      toast.error('Could not start the trial', { description: error instanceof ApiError ? error.userMessage : 'Check your connection and try again.' });
    } finally {
      setPending(null);
    }
  }

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
              on a free trial: <strong data-testid="trial-days-left">{daysLeft} {daysLeft === 1 ? 'day' : 'days'} left</strong>
            </>
          ) : null}
          .
        </p>
        {offers.map((tier) => (
          <Button key={tier} variant="outline" disabled={pending !== null} onClick={() => void onStart(tier)}>
            {pending === tier ? 'Starting...' : `Start 7-day free ${TRIAL_NAMES[tier]} trial`}
          </Button>
        ))}
        {offers.length > 0 ? <p className="text-muted-foreground">No payment needed: after 7 days your membership returns to what it is now.</p> : null}
      </CardContent>
    </Card>
  );
}
