/** Reward claims to approve, ship and deliver: physical items only; each click moves one step and tells the rider. */
import { listStaffRewardClaims, moveStaffRewardClaim } from '@/domain/contracts/staff-reward-claims';
import {
  CLAIM_STATUS_LABELS,
  nextClaimStatus,
  type StaffClaimMove,
  type StaffClaimStatus,
  type StaffRewardClaim,
} from '@/domain/contributions';
import { formatClock } from '@/domain/time';
import { callApi } from '@/lib/api-client';
import { backOfficeCall, errorMessage } from '@/lib/back-office-call';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';

import { StaffQueueSection } from './staff-queue-section';
import type { StaffPageRequest } from './use-staff-queue';

const readClaims = (page: StaffPageRequest) => callApi(listStaffRewardClaims, { query: page });

/** The button says what the click does. */
const MOVE_LABELS: Record<StaffClaimStatus, string> = {
  pending: '',
  approved: 'Approve',
  shipped: 'Mark Shipped',
  delivered: 'Mark Delivered',
};

function ClaimCard({ claim, onDone }: { claim: StaffRewardClaim; onDone: () => void }) {
  async function move(status: StaffClaimMove) {
    try {
      await backOfficeCall(moveStaffRewardClaim, { params: { id: claim.id }, body: { status } });
      toast.success(`Claim ${claim.id}: ${CLAIM_STATUS_LABELS[status]}`);
      onDone();
    } catch (e) {
      toast.error('Could not update the reward claim', { description: errorMessage(e) });
      onDone();
    }
  }
  const next = nextClaimStatus(claim.status);
  return (
    <li
      className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm"
      aria-label={`Reward claim ${claim.id}`}
    >
      <p className="flex justify-between gap-2 font-medium">
        <span>{claim.reward}</span>
        <span>{CLAIM_STATUS_LABELS[claim.status]}</span>
      </p>
      <p className="text-muted-foreground">
        {claim.rider} · {formatClock(claim.claimedAt)} · {claim.pointsSpent} points
      </p>
      {next ? (
        <Button size="sm" className="w-fit" onClick={() => void move(next)}>
          {MOVE_LABELS[next]}
        </Button>
      ) : null}
    </li>
  );
}

export function RewardClaimQueue() {
  return (
    <StaffQueueSection<StaffRewardClaim>
      id="reward-claim-queue"
      title="Reward claims"
      read={readClaims}
      empty="No reward claims waiting."
      renderItem={(claim, refresh) => <ClaimCard key={claim.id} claim={claim} onDone={refresh} />}
    />
  );
}
