/**
 * Rewards tab (rider-core §2, §4, §5, §8): the rewards with their cost and stock, a Claim button
 * disabled while the balance is below the cost, the stock is 0 or a claim is pending, and the
 * rider's claims with their status colours. The server checks and deducts; the balance shown is
 * the server's (the cached profile).
 */
import { useLiveQuery } from 'dexie-react-hooks';

import { queueContribution } from '@/data/contributions';
import { META, type DeckhandDB } from '@/data/db';
import { useRiderProfile } from '@/data/use-rider-profile';
import { claimReward } from '@/domain/contracts/rewards';
import { canClaim, CONTRIBUTION_TOASTS, type ClaimStatus, type Reward, type RewardClaim } from '@/domain/contributions';
import { formatTerminalTime } from '@/domain/time';
import { toast } from '@/lib/toast';
import { sendQueued } from '@/sync/send-queued';
import { Badge, type BadgeVariant } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';

/** rider-core §4: claim statuses are shown with colours. */
const STATUS_VARIANT: Record<ClaimStatus, BadgeVariant> = {
  pending: 'warning',
  approved: 'secondary',
  shipped: 'default',
  delivered: 'success',
  redeemed: 'success',
};

async function claim(database: DeckhandDB, reward: Reward) {
  const row = await queueContribution(database, 'claim', reward.id, claimReward, { body: { rewardId: reward.id } });
  const outcome = await sendQueued<RewardClaim>(database, database.contributionWrites, row.localId);
  if (outcome.state === 'sent') {
    toast.success(CONTRIBUTION_TOASTS.claimed.title, {
      description: outcome.answer?.code ? `${reward.name}: your code is ${outcome.answer.code}` : reward.name,
    });
  } else if (outcome.state === 'failed') {
    toast.error(CONTRIBUTION_TOASTS.claimFailed.title, { description: CONTRIBUTION_TOASTS.claimFailed.description });
  } else {
    toast('Claim saved', { description: 'It is sent as soon as you have signal.' });
  }
}

export function RewardsTab({ database }: { database: DeckhandDB }) {
  const profile = useRiderProfile(database);
  const rewards = useLiveQuery(
    async () => ((await database.meta.get(META.rewards))?.value as Reward[] | undefined) ?? [],
    [database],
  );
  const claims = useLiveQuery(
    async () => ((await database.meta.get(META.rewardClaims))?.value as RewardClaim[] | undefined) ?? [],
    [database],
  );
  const pending = useLiveQuery(
    async () =>
      new Set(
        (
          await database.contributionWrites
            .where('kind')
            .equals('claim')
            .filter((r) => r.syncState === 'queued')
            .toArray()
        ).map((r) => r.subject),
      ),
    [database],
  );
  const balance = profile?.rewardPointsBalance ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-base">
        Your balance: <strong>{balance} points</strong>
      </p>
      <ul className="flex flex-col gap-3" aria-label="Rewards">
        {(rewards ?? []).map((reward) => {
          const isPending = pending?.has(reward.id) ?? false;
          return (
            <li key={reward.id}>
              <Card>
                <CardHeader>
                  <CardTitle as="h3">{reward.name}</CardTitle>
                </CardHeader>
                <CardContent className="flex flex-col gap-2 text-sm">
                  <p>{reward.description}</p>
                  <p className="text-muted-foreground">
                    {reward.pointsCost} points ·{' '}
                    {reward.stockQuantity === null ? 'Unlimited' : `${reward.stockQuantity} left`}
                  </p>
                  <Button
                    disabled={!canClaim(reward, balance, isPending)}
                    onClick={() => void claim(database, reward)}
                    aria-label={`Claim ${reward.name}`}
                  >
                    {isPending ? 'Claiming…' : 'Claim'}
                  </Button>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
      <section aria-labelledby="claims-heading" className="flex flex-col gap-2">
        <h3 id="claims-heading" className="text-sm font-semibold">
          Your Claims
        </h3>
        {(claims ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">No claims yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {claims!.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {c.reward.name}
                  <span className="block text-muted-foreground">
                    {formatTerminalTime(c.claimedAt, {
                      month: 'short',
                      day: 'numeric',
                      hour: 'numeric',
                      minute: '2-digit',
                    })}
                    {c.code ? ` · code ${c.code}` : ''}
                  </span>
                </span>
                <Badge variant={STATUS_VARIANT[c.status]}>{c.status}</Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
