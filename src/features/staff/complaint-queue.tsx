/**
 * Complaints: staff acknowledge (in review) and resolve with a reply the rider reads in "Recent".
 * Each card says what staff need to act: the terminal, the category, the rider's description and
 * note, when it was filed, and who filed it with the contact details they gave.
 */
import { useState } from 'react';

import type { ComplaintCategory, ComplaintStatus, StaffComplaint } from '@/domain/complaint';
import { answerStaffComplaint, staffComplaints } from '@/domain/contracts/staff-queues';
import { terminalById } from '@/domain/terminals';
import { formatTerminalTime } from '@/domain/time';
import { callApi } from '@/lib/api-client';
import { backOfficeCall, errorMessage } from '@/lib/back-office-call';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { fieldClass } from '@/ui/field';

import { StaffQueueSection } from './staff-queue-section';
import type { StaffPageRequest } from './use-staff-queue';

const formatDateTime = (value: string) =>
  formatTerminalTime(value, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });

const openComplaints = (page: StaffPageRequest) => callApi(staffComplaints, { query: { status: 'open', ...page } });
const resolvedComplaints = (page: StaffPageRequest) =>
  callApi(staffComplaints, { query: { status: 'resolved', ...page } });

const CATEGORY_LABELS: Record<ComplaintCategory, string> = {
  delay: 'Delay',
  cleanliness: 'Cleanliness',
  staff: 'Staff',
  other: 'Other',
};

const STATUS_LABELS: Record<ComplaintStatus, string> = {
  received: 'Received',
  in_review: 'In review',
  resolved: 'Resolved',
};

function ComplaintCard({ complaint, onDone }: { complaint: StaffComplaint; onDone: () => void }) {
  const [reply, setReply] = useState('');
  async function update(status: 'in_review' | 'resolved') {
    if (status === 'resolved' && !reply.trim()) {
      toast.error('Reply needed', { description: 'Write the reply the rider will read.' });
      return;
    }
    try {
      await backOfficeCall(answerStaffComplaint, {
        params: { id: complaint.id },
        body: status === 'resolved' ? { status, reply: reply.trim() } : { status },
      });
      toast.success(status === 'resolved' ? 'Complaint resolved' : 'Complaint acknowledged');
      onDone();
    } catch (e) {
      toast.error('Could not update the complaint', { description: errorMessage(e) });
    }
  }
  const open = complaint.status !== 'resolved';
  return (
    <li
      className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm"
      aria-label={`Complaint ${complaint.id}`}
    >
      <p className="flex justify-between gap-2 font-medium">
        <span>
          {CATEGORY_LABELS[complaint.category]} ·{' '}
          {complaint.terminalId
            ? (terminalById(complaint.terminalId)?.name ?? complaint.terminalId)
            : 'Terminal not given'}
        </span>
        <span>{STATUS_LABELS[complaint.status]}</span>
      </p>
      <p className="break-words">{complaint.description}</p>
      {complaint.note ? <p className="break-words">Rider's note: {complaint.note}</p> : null}
      <p className="text-muted-foreground">
        Filed {formatDateTime(complaint.createdAt)} by {complaint.rider}
        {complaint.riderPhone ? ` · phone ${complaint.riderPhone}` : ''}
        {complaint.riderCarNumber ? ` · car ${complaint.riderCarNumber}` : ''}
        {!complaint.riderPhone && !complaint.riderCarNumber ? ' · no contact details given' : ''}
      </p>
      {complaint.reply ? <p className="rounded bg-muted p-2">Reply: {complaint.reply}</p> : null}
      {open ? (
        <>
          <label className="flex flex-col gap-1">
            Reply to the rider
            <textarea className={`${fieldClass} py-2`} value={reply} onChange={(e) => setReply(e.target.value)} />
          </label>
          <div className="flex gap-2">
            {complaint.status === 'received' ? (
              <Button size="sm" variant="outline" onClick={() => void update('in_review')}>
                Acknowledge
              </Button>
            ) : null}
            <Button size="sm" onClick={() => void update('resolved')}>
              Resolve
            </Button>
          </div>
        </>
      ) : null}
    </li>
  );
}

export function ComplaintQueue() {
  return (
    <>
      <StaffQueueSection<StaffComplaint>
        id="complaint-queue"
        title="Open complaints"
        read={openComplaints}
        empty="No open complaints."
        renderItem={(c, refresh) => <ComplaintCard key={c.id} complaint={c} onDone={refresh} />}
      />
      <StaffQueueSection<StaffComplaint>
        id="resolved-complaints"
        title="Resolved complaints"
        read={resolvedComplaints}
        empty="No resolved complaints."
        renderItem={(c, refresh) => <ComplaintCard key={c.id} complaint={c} onDone={refresh} />}
      />
    </>
  );
}
