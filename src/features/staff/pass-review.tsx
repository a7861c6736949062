/**
 * Staff review of exception passes: the pending queue (approve, or reject with a reason), and the
 * approved passes, each of which can be revoked with a reason when it was approved by mistake.
 */
import { useState } from 'react';

import { decidePass, revokePass, staffPassQueue } from '@/domain/contracts/exception-passes';
import { PASS_ROUTE_LABELS, PASS_TYPE_LABELS, type StaffPass } from '@/domain/exception-pass';
import { formatTerminalTime } from '@/domain/time';
import { callApi } from '@/lib/api-client';
import { backOfficeCall, errorMessage } from '@/lib/back-office-call';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { fieldClass } from '@/ui/field';

import { StaffQueueSection } from './staff-queue-section';
import type { StaffPageRequest } from './use-staff-queue';

type Action = 'approve' | 'reject' | 'revoke';

const ACTIONS: Record<Action, { done: string; needsReason: string | null }> = {
  approve: { done: 'Pass approved', needsReason: null },
  reject: { done: 'Pass rejected', needsReason: 'Write why the pass is rejected; the rider sees it.' },
  revoke: { done: 'Pass revoked', needsReason: 'Write why the pass is revoked; the rider sees it.' },
};

/** The change an action sends: a decision on a pending pass, or the revocation of an approved one. */
function send(action: Action, id: number, reason: string) {
  if (action === 'revoke') return backOfficeCall(revokePass, { params: { id }, body: { reason } });
  return backOfficeCall(decidePass, {
    params: { id },
    body: action === 'approve' ? { decision: action } : { decision: action, reason },
  });
}

const pendingPasses = (page: StaffPageRequest) => callApi(staffPassQueue, { query: { status: 'pending', ...page } });
const approvedPasses = (page: StaffPageRequest) => callApi(staffPassQueue, { query: { status: 'approved', ...page } });

function PassCard({ pass, actions, onDone }: { pass: StaffPass; actions: readonly Action[]; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  async function act(action: Action) {
    const { done, needsReason } = ACTIONS[action];
    if (needsReason && !reason.trim()) {
      toast.error('Reason needed', { description: needsReason });
      return;
    }
    setBusy(true);
    try {
      await send(action, pass.id, reason.trim());
      toast.success(done);
      onDone();
    } catch (error) {
      toast.error('Could not save the decision', { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  const label = `Pass ${pass.id}`;
  const revoking = actions.includes('revoke');
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-md border border-border p-3 text-sm" aria-label={label}>
      <p className="font-medium">
        {PASS_TYPE_LABELS[pass.passType]} · {PASS_ROUTE_LABELS[pass.route]}
      </p>
      <p className="text-muted-foreground [overflow-wrap:anywhere]">
        {pass.rider} · departs{' '}
        {formatTerminalTime(pass.departureTime, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}
      </p>
      <p className="[overflow-wrap:anywhere]">{pass.description}</p>
      <label className="flex flex-col gap-1">
        {revoking ? 'Reason (for revoking)' : 'Reason (for a rejection)'}
        <input className={fieldClass} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <div className="flex gap-2">
        {actions.map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'approve' ? 'default' : 'destructive'}
            disabled={busy}
            onClick={() => void act(action)}
          >
            {action === 'approve' ? 'Approve' : action === 'reject' ? 'Reject' : 'Revoke'}
          </Button>
        ))}
      </div>
    </li>
  );
}

export function PassReview() {
  return (
    <>
      <StaffQueueSection<StaffPass>
        id="pass-pending"
        title="Exception passes to review"
        read={pendingPasses}
        empty="No passes waiting."
        renderItem={(pass, refresh) => (
          <PassCard key={pass.id} pass={pass} actions={['approve', 'reject']} onDone={refresh} />
        )}
      />
      <StaffQueueSection<StaffPass>
        id="pass-approved"
        title="Approved exception passes"
        read={approvedPasses}
        empty="No approved passes."
        renderItem={(pass, refresh) => <PassCard key={pass.id} pass={pass} actions={['revoke']} onDone={refresh} />}
      />
    </>
  );
}
