/**
 * Staff review of exception passes: the pending queue (approve, or reject with a reason), and the
 * approved passes, each of which can be revoked with a reason when it was approved by mistake.
 */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { PASS_ROUTE_LABELS, PASS_TYPE_LABELS, type ExceptionPass } from '@/domain/exception-pass';
import { formatTerminalTime } from '@/domain/time';
import { backOfficeWrite, errorMessage } from '@/lib/back-office-write';
import { Button } from '@/ui/button';
import { fieldClass } from '@/ui/field';
import { StaffQueueSection } from './staff-queue-section';

type QueuedPass = ExceptionPass & { rider: string };
type Action = 'approve' | 'reject' | 'revoke';

const ACTIONS: Record<Action, { path: string; done: string; needsReason: string | null }> = {
  approve: { path: 'decision', done: 'Pass approved', needsReason: null },
  reject: { path: 'decision', done: 'Pass rejected', needsReason: 'Write why the pass is rejected; the rider sees it.' },
  revoke: { path: 'revoke', done: 'Pass revoked', needsReason: 'Write why the pass is revoked; the rider sees it.' },
};

function PassCard({ pass, actions, onDone }: { pass: QueuedPass; actions: readonly Action[]; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  async function act(action: Action) {
    const { path, done, needsReason } = ACTIONS[action];
    if (needsReason && !reason.trim()) {
      toast.error('Reason needed', { description: needsReason });
      return;
    }
    setBusy(true);
    try {
      const body = action === 'revoke' ? { reason: reason.trim() } : action === 'approve' ? { decision: action } : { decision: action, reason: reason.trim() };
      await backOfficeWrite(`/api/staff/exception-passes/${pass.id}/${path}`, 'POST', body);
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
        {pass.rider} · departs {formatTerminalTime(pass.departureTime, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}
      </p>
      <p className="[overflow-wrap:anywhere]">{pass.description}</p>
      <label className="flex flex-col gap-1">
        {revoking ? 'Reason (for revoking)' : 'Reason (for a rejection)'}
        <input className={fieldClass} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <div className="flex gap-2">
        {actions.map((action) => (
          <Button key={action} size="sm" variant={action === 'approve' ? 'default' : 'destructive'} disabled={busy} onClick={() => void act(action)}>
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
      <StaffQueueSection<QueuedPass>
        id="pass-pending"
        title="Exception passes to review"
        path="/api/staff/exception-passes?status=pending"
        empty="No passes waiting."
        renderItem={(pass, refresh) => <PassCard key={pass.id} pass={pass} actions={['approve', 'reject']} onDone={refresh} />}
      />
      <StaffQueueSection<QueuedPass>
        id="pass-approved"
        title="Approved exception passes"
        path="/api/staff/exception-passes?status=approved"
        empty="No approved passes."
        renderItem={(pass, refresh) => <PassCard key={pass.id} pass={pass} actions={['revoke']} onDone={refresh} />}
      />
    </>
  );
}
