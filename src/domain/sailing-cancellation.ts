/**
 * A cancelled sailing keeps its reason wherever it shows ("Cancelled: Mechanical difficulty"). The
 * BC Ferries document carries it in the cancelled row's `vesselStatus` (the scraper takes the red
 * text block of the Current Conditions row, cmd/scraper/scraper.go "Handle explicitly cancelled
 * rows"); the text may or may not start with "Cancelled" itself.
 */
import type { Sailing } from './sailing';

/** A reason longer than this is cut (the document's text is outside data). */
export const CANCELLATION_REASON_MAX = 160;

/** The reason as Deckhand keeps it: spaces collapsed, a leading "Cancelled:" dropped; undefined when empty. */
export function cancellationReason(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const text = raw
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^cancell?ed\b\s*[:\-–—,.]?\s*/i, '')
    .trim();
  if (!text) return undefined;
  return text.length > CANCELLATION_REASON_MAX ? `${text.slice(0, CANCELLATION_REASON_MAX - 1).trimEnd()}…` : text;
}

/** "Cancelled: Mechanical difficulty", or "Cancelled" when no reason was given. */
export function cancellationText(sailing: Pick<Sailing, 'statusReason'>): string {
  return sailing.statusReason ? `Cancelled: ${sailing.statusReason}` : 'Cancelled';
}
