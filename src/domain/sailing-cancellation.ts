/**
 * A cancelled sailing keeps its reason wherever it shows ("Cancelled: Mechanical difficulty"). The
 * BC Ferries document carries it in the cancelled row's `vesselStatus` (the scraper takes the red
 * text block of the Current Conditions row, cmd/scraper/scraper.go "Handle explicitly cancelled
 * rows"): a reason alone ("Mechanical difficulty") or a sentence of its own ("Cancelled due to a
 * mechanical problem"). It is kept in the source's words, spaces collapsed, and told:
 * - as a status: "Cancelled: Mechanical difficulty", "Cancelled due to a mechanical problem",
 *   "Cancelled" without a reason (cancellationText);
 * - after "… is cancelled": ": Mechanical difficulty", " due to a mechanical problem", or nothing
 *   (cancelledClause).
 */
import type { Sailing } from './sailing';

/** A reason longer than this is cut (the document's text is outside data). */
export const CANCELLATION_REASON_MAX = 160;

/** The reason as Deckhand keeps it: spaces collapsed, cut at CANCELLATION_REASON_MAX; undefined when empty. */
export function cancellationReason(raw: string | undefined): string | undefined {
  const text = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (!text || /^cancell?ed[\s:.\-–—]*$/i.test(text)) return undefined;
  return text.length > CANCELLATION_REASON_MAX ? `${text.slice(0, CANCELLATION_REASON_MAX - 1).trimEnd()}…` : text;
}

const OWN_SENTENCE = /^cancell?ed\b\s*([:\-–—]\s*)?/i;

/** "Cancelled: Mechanical difficulty", "Cancelled due to a mechanical problem", or "Cancelled". */
export function cancellationText(sailing: Pick<Sailing, 'statusReason'>): string {
  const reason = sailing.statusReason;
  if (!reason) return 'Cancelled';
  const own = OWN_SENTENCE.exec(reason);
  if (!own) return `Cancelled: ${reason}`;
  return own[1] ? `Cancelled: ${reason.slice(own[0].length)}` : `Cancelled ${reason.slice(own[0].length)}`;
}

/** What follows "… is cancelled": ": Mechanical difficulty", " due to a mechanical problem", or "". */
export function cancelledClause(sailing: Pick<Sailing, 'statusReason'>): string {
  return cancellationText(sailing).slice('Cancelled'.length);
}
