/**
 * 0 is not a fill. The BC Ferries document (the open-source BC Ferries API's scraper,
 * cmd/scraper/scraper.go) writes `fill`, `carFill` and `oversizeFill` only on a sailing that has not
 * left ("future", from the "Details" page or the "% / Full" text of Current Conditions); a sailing
 * that has left ("current", "past") or is "cancelled" gets Go's zero value, 0, and so does a future
 * one whose details page could not be fetched. There 0 means "not known", not "empty":
 *
 * - a sailing under way, arrived or cancelled takes no figure from its row; it keeps the last fill
 *   known for it (from an earlier document, when it had not left yet) with that observation's own
 *   source and time (`fillProvenance`), or shows no fill at all;
 * - a sailing that has not left shows its row's figures as they are, but for one quirk: a row read
 *   from the visible "% space" of Current Conditions (no "Details" link) gets only `fill`, and
 *   `carFill` and `oversizeFill` stay 0; a car-deck and oversize 0 beside an overall fill above 0 are
 *   that zero value, not figures.
 */
import type { Provenance, Sailing, SailingStatus } from './sailing';

/** Statuses whose row figures are the scraper's zero value, never an observation. */
const FIGURES_NOT_OBSERVED: ReadonlySet<SailingStatus> = new Set(['departed', 'arrived', 'cancelled']);

export interface SailingFigures {
  fill?: number;
  carFill?: number;
  oversizeFill?: number;
}

/** The figures a row of `status` really reports: none for a sailing that has left or is cancelled. */
export function reportedFigures(status: SailingStatus, row: SailingFigures): SailingFigures {
  if (FIGURES_NOT_OBSERVED.has(status)) return {};
  const out: SailingFigures = {};
  if (row.fill !== undefined) out.fill = row.fill;
  const overallOnly = (row.fill ?? 0) > 0 && row.carFill === 0 && row.oversizeFill === 0;
  if (overallOnly) return out;
  if (row.carFill !== undefined) out.carFill = row.carFill;
  if (row.oversizeFill !== undefined) out.oversizeFill = row.oversizeFill;
  return out;
}

const hasFigures = (s: SailingFigures) =>
  s.fill !== undefined || s.carFill !== undefined || s.oversizeFill !== undefined;

/** Where a sailing's figures came from and when: their own provenance, else the sailing's. */
export function fillProvenanceOf(s: Pick<Sailing, 'source' | 'observedAt' | 'fillProvenance'>): Provenance {
  return s.fillProvenance ?? { source: s.source, observedAt: s.observedAt };
}

/**
 * `sailing` as read now, keeping the last known figures of the same sailing (`earlier`, as read
 * before) when it reports none of its own, with the age they were observed at.
 */
export function keepLastKnownFill(sailing: Sailing, earlier: Sailing | undefined): Sailing {
  if (hasFigures(sailing) || !earlier || !hasFigures(earlier)) return sailing;
  const kept: Sailing = { ...sailing, fillProvenance: fillProvenanceOf(earlier) };
  if (earlier.fill !== undefined) kept.fill = earlier.fill;
  if (earlier.carFill !== undefined) kept.carFill = earlier.carFill;
  if (earlier.oversizeFill !== undefined) kept.oversizeFill = earlier.oversizeFill;
  return kept;
}
