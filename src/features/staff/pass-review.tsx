/**
 * Staff review of exception passes: the pending queue (approve, or reject with a reason), and the
 * approved passes, each of which can be revoked with a reason when it was approved by mistake.
 */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { PASS_ROUTE_LABELS, PASS_TYPE_LABELS, type ExceptionPass } from '@/domain/exception-pass';
import { STAFF_QUEUE_POLL_MS } from '@/domain/constants';
import { formatTerminalTime } from '@/domain/time';
import { backOfficeWrite, errorMessage } from '@/lib/back-office-write';
import { usePolled } from '@/lib/use-polled';
import { Button } from '@/ui/button';
import { fieldClass } from '@/ui/field';

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

function PassList({ status, title, empty, actions }: { status: 'pending' | 'approved'; title: string; empty: string; actions: readonly Action[] }) {
  const { data, error, refresh } = usePolled<QueuedPass[]>(`/api/staff/exception-passes?status=${status}`, STAFF_QUEUE_POLL_MS);
  const id = `pass-${status}-title`;
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-2">
      <h3 id={id} className="text-base font-semibold">
        {title} {data ? `(${data.length})` : ''}
      </h3>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      {data?.length === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : null}
      <ul className="flex flex-col gap-2">
        {data?.map((pass) => <PassCard key={pass.id} pass={pass} actions={actions} onDone={refresh} />)}
      </ul>
    </section>
  );
}

export function PassReview() {
  return (
    <>
      <PassList status="pending" title="Exception passes to review" empty="No passes waiting." actions={['approve', 'reject']} />
      <PassList status="approved" title="Approved exception passes" empty="No approved passes." actions={['revoke']} />
    </>
  );
}
