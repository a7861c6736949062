/**
 * What the ferry feed's sources are doing, for the operator and the rider (GET /api/feed/status,
 * the app's Data sources page): each source with its last success, last change and last error, what
 * it dropped from the last document, the MMSIs it subscribed and the vessels it heard from, and
 * whether its figures are simulated. Public: nothing secret (no key, no URL credentials) is in it.
 *
 * `null` in a count means the source does not report it (yet), never "none". Times are ISO instants.
 */
import { z } from 'zod/mini';

import { formatClockLower } from './time';

export const FEED_STATUS_SOURCES = ['simulator', 'bcferries', 'ais'] as const;

const instant = () => z.nullable(z.string());

export const sourceStatusSchema = z.object({
  name: z.enum(FEED_STATUS_SOURCES),
  /** Its figures are the built-in simulator's: never a fact about a real terminal or vessel. */
  simulated: z.boolean(),
  /** Whether the feed serves this source's figures now (a fallback stands in only while the real source has not answered). */
  inUse: z.boolean(),
  lastSuccessAt: instant(),
  lastChangeAt: instant(),
  lastError: z.nullable(z.object({ at: z.string(), message: z.string() })),
  /** Rows and routes of the last document that did not parse and were dropped; null: not reported. */
  rowsDropped: z.nullable(z.int()),
  routesDropped: z.nullable(z.int()),
  /** MMSIs the stream subscription asks for; null: not reported or not a stream. */
  mmsisSubscribed: z.nullable(z.array(z.int())),
  /** Vessels the stream has heard from, with when it last did; null: not reported or not a stream. */
  vesselsHeard: z.nullable(z.array(z.object({ mmsi: z.int(), name: z.string(), lastHeardAt: z.string() }))),
  /** The BC Ferries document has stopped changing (./feed-staleness.ts): not updated since this instant. */
  staleSince: instant(),
});
export type SourceStatusView = z.infer<typeof sourceStatusSchema>;

export const feedStatusSchema = z.object({
  /** FEED_SOURCE as configured: "auto" or the list. */
  configured: z.string(),
  /**
   * Why the simulator is serving although a real source is configured ("BC Ferries could not be
   * reached"); null when it is not standing in.
   */
  fallbackReason: z.nullable(z.string()),
  /** Lane counts (cameras, the queue model) are the simulator's: true only while the simulator is the sailings source. */
  simulatedLaneCounts: z.boolean(),
  sources: z.array(sourceStatusSchema),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;

/** The line home shows while the simulator stands in for an unreachable BC Ferries. */
export const FALLBACK_REASON_BCFERRIES = 'BC Ferries could not be reached';

/** "simulated: BC Ferries could not be reached", or null while real data (or the chosen simulator) serves. */
export function fallbackLine(status: Pick<FeedStatus, 'fallbackReason'> | null | undefined): string | null {
  return status?.fallbackReason ? `simulated: ${status.fallbackReason}` : null;
}

/** "BC Ferries data not updated since 3:12 pm" while the BC Ferries document is stale; else null. */
export function staleLine(status: Pick<FeedStatus, 'sources'> | null | undefined): string | null {
  const bc = status?.sources.find((s) => s.name === 'bcferries' && s.inUse && s.staleSince);
  if (!bc?.staleSince) return null;
  const since = Date.parse(bc.staleSince);
  return Number.isNaN(since) ? null : `BC Ferries data not updated since ${formatClockLower(since)}`;
}

const SOURCE_TITLES: Record<SourceStatusView['name'], string> = {
  bcferries: 'BC Ferries',
  ais: 'AIS vessel positions',
  simulator: 'Simulator',
};

/** What each source is, in a line (the Data sources page). */
const SOURCE_ABOUT: Record<SourceStatusView['name'], string> = {
  bcferries: 'Sailings, status and how full they are, from the BC Ferries API (Current Conditions)',
  ais: 'Where the vessels are, from an AIS stream',
  simulator: 'A simulated ferry day built into Deckhand: none of its figures are about the real terminals',
};

export function sourceTitle(name: SourceStatusView['name']): string {
  return SOURCE_TITLES[name];
}

export function sourceAbout(name: SourceStatusView['name']): string {
  return SOURCE_ABOUT[name];
}

const NOT_REPORTED = 'not reported';

function when(iso: string | null, never: string): string {
  if (!iso) return never;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? never : formatClockLower(at);
}

/**
 * The Data sources page's rows for one source, label and value: last success, last change, last
 * error, and what applies to it (a document's dropped rows and routes, a stream's MMSIs and vessels).
 */
export function sourceStatusRows(source: SourceStatusView): Array<[label: string, value: string]> {
  const rows: Array<[string, string]> = [
    ['Last success', when(source.lastSuccessAt, 'never')],
    ['Last change', when(source.lastChangeAt, 'none yet')],
    [
      'Last error',
      source.lastError ? `${when(source.lastError.at, 'unknown time')}: ${source.lastError.message}` : 'none',
    ],
  ];
  if (source.name === 'bcferries') {
    if (source.staleSince) rows.push(['Updated upstream', `not since ${when(source.staleSince, 'unknown time')}`]);
    rows.push([
      'Rows dropped in the last document',
      source.rowsDropped === null ? NOT_REPORTED : String(source.rowsDropped),
    ]);
    rows.push([
      'Routes dropped in the last document',
      source.routesDropped === null ? NOT_REPORTED : String(source.routesDropped),
    ]);
  }
  if (source.name === 'ais') {
    rows.push([
      'MMSIs subscribed',
      source.mmsisSubscribed === null ? NOT_REPORTED : String(source.mmsisSubscribed.length),
    ]);
    rows.push([
      'Vessels heard from',
      source.vesselsHeard === null
        ? NOT_REPORTED
        : source.vesselsHeard.length === 0
          ? 'none yet'
          : source.vesselsHeard.map((v) => `${v.name} (${when(v.lastHeardAt, 'unknown time')})`).join(', '),
    ]);
  }
  return rows;
}
