/**
 * The Complaints card (rider-core §2, §4, §5, §8): quick buttons Delay, Cleanliness and Staff open a
 * short confirmation with the canned description, the terminal (the rider's own to start with) and
 * an optional note; "Other" opens the free form. Every complaint is saved locally with its
 * outbox row first (so it survives being offline), then sent. Toasts follow the spec: success when
 * the server took it, the destructive failure toast when it was finally rejected, and the queued
 * toast when it waits for the connection.
 */
import { useId, useState } from 'react';

import { queueComplaint } from '@/data/complaints';
import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { useRiderTerminal } from '@/data/rider-terminal';
import { COMPLAINT_TOASTS, QUICK_COMPLAINTS, type ComplaintInput } from '@/domain/complaint';
import { DEFAULT_TERMINAL_ID } from '@/domain/terminals';
import { toast } from '@/lib/toast';
import { sendQueued, type QueuedWriteOutcome } from '@/sync/send-queued';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';

import { ComplaintDialog, type ComplaintDraft } from './complaint-dialog';
import { RecentComplaints } from './recent-complaints';

interface ComplaintsCardProps {
  /** The local store; tests pass their own. */
  database?: DeckhandDB;
}

function announce(outcome: QueuedWriteOutcome) {
  if (outcome.state === 'sent') {
    toast.success(COMPLAINT_TOASTS.success.title, { description: COMPLAINT_TOASTS.success.description });
  } else if (outcome.state === 'failed') {
    toast.error(COMPLAINT_TOASTS.failure.title, { description: COMPLAINT_TOASTS.failure.description });
  } else {
    toast(COMPLAINT_TOASTS.queued.title, { description: COMPLAINT_TOASTS.queued.description });
  }
}

export function ComplaintsCard({ database = defaultDatabase }: ComplaintsCardProps) {
  const titleId = useId();
  const recentId = useId();
  const [draft, setDraft] = useState<ComplaintDraft | null>(null);
  const rider = useRiderTerminal(database);
  // Only the local write disables the buttons: it is quick, and it stops a double tap filing twice.
  const [saving, setSaving] = useState(false);

  async function submit(input: ComplaintInput) {
    setSaving(true);
    let localId: string;
    try {
      localId = (await queueComplaint(database, input)).localId;
    } catch (error) {
      console.warn('Complaint could not be saved', error);
      toast.error(COMPLAINT_TOASTS.failure.title, { description: COMPLAINT_TOASTS.failure.description });
      return;
    } finally {
      setSaving(false);
    }
    announce(await sendQueued(database, database.complaints, localId));
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Complaints</CardTitle>
        <CardDescription>Tell the terminal team what went wrong and where, even when you are offline.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-2">
          {QUICK_COMPLAINTS.map((quick) => (
            <Button key={quick.category} variant="outline" disabled={saving} onClick={() => setDraft(quick)}>
              {quick.label}
            </Button>
          ))}
          <Button variant="outline" disabled={saving} onClick={() => setDraft('other')}>
            Other
          </Button>
        </div>
        <ComplaintDialog
          draft={draft}
          terminalId={rider?.terminalId ?? DEFAULT_TERMINAL_ID}
          onClose={() => setDraft(null)}
          onSubmit={(input) => {
            setDraft(null);
            void submit(input);
          }}
        />
        <section className="flex flex-col gap-2">
          <h3 id={recentId} className="text-sm font-semibold">
            Recent
          </h3>
          <RecentComplaints database={database} headingId={recentId} />
        </section>
      </CardContent>
    </Card>
  );
}
