/** What "Recent" says about a complaint: its place in the outbox, or the server's status once sent. */
import type { ComplaintRow } from '@/data/db';
import type { ComplaintCategory, ComplaintStatus } from '@/domain/complaint';

export const QUEUED_LABEL = "Queued — sends when you're back online";

const STATUS_LABELS: Record<ComplaintStatus, string> = {
  received: 'Received',
  in_review: 'In review',
  resolved: 'Resolved',
};

export const CATEGORY_LABELS: Record<ComplaintCategory, string> = {
  delay: 'Delay',
  cleanliness: 'Cleanliness',
  staff: 'Staff',
  other: 'Other',
};

export function complaintStateLabel(row: Pick<ComplaintRow, 'syncState' | 'syncError' | 'status'>): string {
  if (row.syncState === 'queued') return QUEUED_LABEL;
  if (row.syncState === 'failed') return row.syncError ? `Not sent: ${row.syncError}` : 'Not sent';
  return row.status ? STATUS_LABELS[row.status] : 'Sent';
}
