/**
 * "Recent": the rider's complaints, newest first, from the local table — queued ones included, so a
 * complaint made offline is visible at once. With none, it says so: the spec's static "Resolved"
 * entry is not the rider's and is not shown.
 */
import { useLiveQuery } from 'dexie-react-hooks';

import type { ComplaintRow, DeckhandDB } from '@/data/db';
import { terminalById } from '@/domain/terminals';
import { formatClock } from '@/domain/time';

import { CATEGORY_LABELS, complaintStateLabel } from './complaint-state-label';

function stateTone(row: ComplaintRow): string {
  if (row.syncState === 'failed') return 'text-destructive';
  if (row.syncState === 'queued') return 'text-muted-foreground';
  return 'text-success';
}

export function RecentComplaints({ database, headingId }: { database: DeckhandDB; headingId: string }) {
  const complaints = useLiveQuery(() => database.complaints.orderBy('createdAt').reverse().toArray(), [database]);
  if (complaints === undefined) return null;

  if (complaints.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No complaints from you yet. Tap a button above to tell the terminal team.
      </p>
    );
  }

  return (
    <ul aria-labelledby={headingId} className="flex flex-col gap-2">
      {complaints.map((row) => (
        <li key={row.localId} className="rounded-md border border-border p-3 text-sm">
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium">
              {CATEGORY_LABELS[row.category]}
              {row.terminalId ? ` · ${terminalById(row.terminalId)?.name ?? row.terminalId}` : ''}
            </span>
            <span className="text-xs text-muted-foreground">{formatClock(row.createdAt)}</span>
          </p>
          <p className="break-words">{row.description}</p>
          {row.note ? <p className="break-words text-muted-foreground">Your note: {row.note}</p> : null}
          <p className={`mt-1 font-medium ${stateTone(row)}`}>{complaintStateLabel(row)}</p>
          {row.reply ? <p className="mt-1 rounded bg-muted p-2">Reply from staff: {row.reply}</p> : null}
        </li>
      ))}
    </ul>
  );
}
