/** Reward claims to approve, ship and deliver: physical items only; each click moves one step and tells the rider. */
import { toast } from '@/lib/toast';
import { STAFF_QUEUE_POLL_MS } from '@/domain/constants';
import { CLAIM_STATUS_LABELS, nextClaimStatus, type ClaimStatus, type StaffClaimStatus } from '@/domain/contributions';
import { formatClock } from '@/domain/time';
import { backOfficeWrite, errorMessage } from '@/lib/back-office-write';
import { usePolled } from '@/lib/use-polled';
import { Button } from '@/ui/button';

interface StaffRewardClaim {
  id: number;
  rider: string;
  reward: string;
  status: ClaimStatus;
  pointsSpent: number;
  claimedAt: string;
}

/** The button says what the click does. */
const MOVE_LABELS: Record<StaffClaimStatus, string> = { pending: '', approved: 'Approve', shipped: 'Mark Shipped', delivered: 'Mark Delivered' };

export function RewardClaimQueue() {
  const { data, error, refresh } = usePolled<StaffRewardClaim[]>('/api/staff/reward-claims', STAFF_QUEUE_POLL_MS);
  async function move(claim: StaffRewardClaim, status: StaffClaimStatus) {
    try {
      await backOfficeWrite(`/api/staff/reward-claims/${claim.id}`, 'POST', { status });
      toast.success(`Claim ${claim.id}: ${CLAIM_STATUS_LABELS[status]}`);
      refresh();
    } catch (e) {
      toast.error('Could not update the reward claim', { description: errorMessage(e) });
      refresh();
    }
  }
  return (
    <section aria-labelledby="reward-claim-queue-title" className="flex flex-col gap-2">
      <h3 id="reward-claim-queue-title" className="text-base font-semibold">
        Reward claims {data ? `(${data.length})` : ''}
      </h3>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      {data?.length === 0 ? <p className="text-sm text-muted-foreground">No reward claims waiting.</p> : null}
      <ul className="flex flex-col gap-2">
        {data?.map((claim) => {
          const next = nextClaimStatus(claim.status);
          return (
            <li key={claim.id} className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm" aria-label={`Reward claim ${claim.id}`}>
              <p className="flex justify-between gap-2 font-medium">
                <span>{claim.reward}</span>
                <span>{CLAIM_STATUS_LABELS[claim.status]}</span>
              </p>
              <p className="text-muted-foreground">
                {claim.rider} · {formatClock(claim.claimedAt)} · {claim.pointsSpent} points
              </p>
              {next ? (
                <Button size="sm" className="w-fit" onClick={() => void move(claim, next)}>
                  {MOVE_LABELS[next]}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
