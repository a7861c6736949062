/** Staff review of exception passes: the pending queue, approve, or reject with a reason. */
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

function PassCard({ pass, onDone }: { pass: QueuedPass; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  async function decide(decision: 'approve' | 'reject') {
    if (decision === 'reject' && !reason.trim()) {
      toast.error('Reason needed', { description: 'Write why the pass is rejected; the rider sees it.' });
      return;
    }
    setBusy(true);
    try {
      await backOfficeWrite(`/api/staff/exception-passes/${pass.id}/decision`, 'POST', decision === 'approve' ? { decision } : { decision, reason: reason.trim() });
      toast.success(decision === 'approve' ? 'Pass approved' : 'Pass rejected');
      onDone();
    } catch (error) {
      toast.error('Could not save the decision', { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  const label = `Pass ${pass.id}`;
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm" aria-label={label}>
      <p className="font-medium">
        {PASS_TYPE_LABELS[pass.passType]} · {PASS_ROUTE_LABELS[pass.route]}
      </p>
      <p className="text-muted-foreground">
        {pass.rider} · departs {formatTerminalTime(pass.departureTime, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}
      </p>
      <p className="break-words">{pass.description}</p>
      <label className="flex flex-col gap-1">
        Reason (for a rejection)
        <input className={fieldClass} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <div className="flex gap-2">
        <Button size="sm" disabled={busy} onClick={() => void decide('approve')}>
          Approve
        </Button>
        <Button size="sm" variant="destructive" disabled={busy} onClick={() => void decide('reject')}>
          Reject
        </Button>
      </div>
    </li>
  );
}

export function PassReview() {
  const { data, error, refresh } = usePolled<QueuedPass[]>('/api/staff/exception-passes?status=pending', STAFF_QUEUE_POLL_MS);
  return (
    <section aria-labelledby="pass-review-title" className="flex flex-col gap-2">
      <h3 id="pass-review-title" className="text-base font-semibold">
        Exception passes to review {data ? `(${data.length})` : ''}
      </h3>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
      {data?.length === 0 ? <p className="text-sm text-muted-foreground">No passes waiting.</p> : null}
      <ul className="flex flex-col gap-2">
        {data?.map((pass) => <PassCard key={pass.id} pass={pass} onDone={refresh} />)}
      </ul>
    </section>
  );
}
