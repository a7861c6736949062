/**
 * When the BC Ferries document has stopped being updated (issue text, "a stale document"; docs/feed.md).
 *
 * The document carries no time of its own, and a failed scrape upstream leaves the previous rows
 * being served, so Deckhand judges it from what it says: the scraper reads Current Conditions every
 * minute, and a capacity row whose `sailingStatus` is still `future` turns `current` when its
 * sailing leaves. A `future` row more than OVERDUE_FUTURE_MINUTES past its time, in a document that
 * has not changed since that row should have turned, cannot come from a scraper that is running:
 * the document is stale.
 *
 * Likewise a row listed as left (`current`, `past`) at a time still ahead of now is yesterday's row
 * served again today (a failed scrape upstream): the document is stale too.
 *
 * "Not updated since" is the last change Deckhand saw; when it has seen none (the document was
 * already like this when first read, e.g. yesterday's rows at start), the earlier of that first
 * reading and the overdue row's time, since the document cannot have been updated after it was due.
 */

/** A sailing can be this late and its row still `future` with the scraper running; later, it cannot. */
export const OVERDUE_FUTURE_MINUTES = 60;
/** A left row's time may be this far ahead of our clock (clock skew) before it is called yesterday's. */
export const LEFT_AHEAD_TOLERANCE_MINUTES = 10;

export interface DocumentHistory {
  /** Departure times (ms) of the capacity rows the document lists as `future`. */
  futureDepartures: readonly number[];
  /** Departure times (ms) of the rows listed as left (`current`, `past`), read as today's. */
  leftDepartures?: readonly number[];
  /** When Deckhand first read the document's present content (ms). */
  unchangedSince: number;
  /** Whether Deckhand saw the content change to it (false: it was like this at Deckhand's first reading). */
  changeSeen: boolean;
}

/** The instant (ms) since which the document has not been updated, or null while it is live. */
export function documentStaleSince(history: DocumentHistory, now: number): number | null {
  const overdueMs = OVERDUE_FUTURE_MINUTES * 60_000;
  const overdue = history.futureDepartures.filter(
    // Unchanged since before the row was due (or since a first reading that already showed it overdue).
    (departure) =>
      departure + overdueMs <= now && (!history.changeSeen || history.unchangedSince < departure + overdueMs),
  );
  const leftAhead = (history.leftDepartures ?? []).some(
    (departure) => departure > now + LEFT_AHEAD_TOLERANCE_MINUTES * 60_000,
  );
  if (overdue.length === 0) return leftAhead ? history.unchangedSince : null;
  if (history.changeSeen) return history.unchangedSince;
  return Math.min(history.unchangedSince, ...overdue);
}
