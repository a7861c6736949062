/**
 * "Recent": the rider's complaints, newest first, from the local table — queued ones included, so a
 * complaint made offline is visible at once. The spec's static "Resolved" entry is shown, marked as
 * an example, only while the rider has none.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { ComplaintRow, DeckhandDB } from '@/data/db';
import { QUICK_COMPLAINTS } from '@/domain/complaint';
import { formatClock } from '@/domain/time';
import { Badge } from '@/ui/badge';
import { CATEGORY_LABELS, complaintStateLabel } from './complaint-state-label';

const EXAMPLE = QUICK_COMPLAINTS[0]!;

function stateTone(row: ComplaintRow): string {
  if (row.syncState === 'failed') return 'text-destructive';
  if (row.syncState === 'queued') return 'text-muted-foreground';
  return 'text-success';
}

export function RecentComplaints({ database, headingId }: { database: DeckhandDB; headingId: string }) {
  const complaints = useLiveQuery(() => database.complaints.orderBy('createdAt').reverse().toArray(), [database]);
  if (complaints === undefined) return null;

  return (
    <ul aria-labelledby={headingId} className="flex flex-col gap-2">
      {complaints.length === 0 ? (
        <li className="flex items-start justify-between gap-2 rounded-md border border-border p-3 text-sm">
          <div>
            <p className="font-medium">
              {CATEGORY_LABELS[EXAMPLE.category]} <span className="font-normal text-muted-foreground">(example)</span>
            </p>
            <p className="text-muted-foreground">{EXAMPLE.description}</p>
          </div>
          <Badge variant="success">Resolved</Badge>
        </li>
      ) : (
        complaints.map((row) => (
          <li key={row.localId} className="rounded-md border border-border p-3 text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">{CATEGORY_LABELS[row.category]}</span>
              <span className="text-xs text-muted-foreground">{formatClock(row.createdAt)}</span>
            </p>
            <p className="break-words">{row.description}</p>
            <p className={`mt-1 font-medium ${stateTone(row)}`}>{complaintStateLabel(row)}</p>
            {row.reply ? <p className="mt-1 rounded bg-muted p-2">Reply from staff: {row.reply}</p> : null}
          </li>
        ))
      )}
    </ul>
  );
}
