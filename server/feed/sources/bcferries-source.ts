/**
 * The `bcferries` source: polls `GET {BCFERRIES_API_URL}/v2/` every BCFERRIES_POLL_S (default 60)
 * with a 5 s timeout and a body limit, and reads the document (./bcferries-document.ts).
 *
 * An outage (the "currently down" string, `null` arrays, a body that is not a v2 document, a
 * document none of whose rows could be read, an error, a timeout, a body too large) keeps the last
 * good sailings with the time they were observed (their age shows), is logged once when it starts
 * and once when it ends, and is never filled with simulator figures. A document that is read keeps,
 * for each sailing that reports no fill (one that has left or is cancelled: its 0 is not a fill), the
 * last fill read for it with that reading's age (src/domain/sailing-fill.ts). What each document
 * left out (rows and routes dropped, routes skipped) is in `health().lastDocument`.
 * The poll loop is a small object (`start`/`stop`/`pollOnce`) so one poller across instances can
 * drive it; polls never overlap.
 *
 * Its status (./feed-source.ts SourceStatus): the last good reading, the last time the document's
 * content changed, the last failure, and whether the document is stale (src/domain/feed-staleness.ts:
 * a `future` row long past its time in a document that has not changed since).
 * Whatever a document holds, a poll never rejects: anything that
 * throws while reading it is that poll's failure (logged, counted in `failures`, the last good data
 * kept), never the process's.
 */
import { documentStaleSince } from '@/domain/feed-staleness';
import type { Sailing } from '@/domain/sailing';
import { keepLastKnownFill } from '@/domain/sailing-fill';
import type { ScheduledSlot } from '@/domain/sailing-timetable-merge';
import { serviceDayOf } from '@/domain/service-day';

import { documentSailings, readDocument, type DocumentCounts } from './bcferries-document';
import { fetchJsonBounded } from './bounded-fetch';
import { documentRowTimes } from './document-freshness';
import { updateListeners, type FeedSource, type SourceStatus } from './feed-source';
import { pollLoop } from './poll-loop';

/** The issue's timeout for one poll. */
export const BCFERRIES_TIMEOUT_MS = 5_000;
/** The real document is about 100 KB; anything past this is not it. */
export const BCFERRIES_MAX_BYTES = 2 * 1024 * 1024;

export interface FeedLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface BcFerriesSourceOptions {
  baseUrl: string;
  pollMs: number;
  timeoutMs?: number;
  maxBytes?: number;
  now?: () => number;
  log: FeedLog;
}

/** What the last document read left out, and why (the first few problems). */
export interface DocumentReport extends DocumentCounts {
  /** When it was read (ms). */
  readAt: number;
  /** Rows of Deckhand's routes in it, used or not, and the sailings read from them. */
  rowsRead: number;
  sailings: number;
  /** Route codes skipped (no Deckhand terminal or route), e.g. "SWBFUL". */
  skippedRoutes: string[];
  problems: string[];
}

export interface SourceHealth {
  /** When the last good document was read (ms), if ever. */
  lastGoodAt?: number;
  /** Since when the source has failed (ms), while it does. */
  outageSince?: number;
  problem?: string;
  /** Polls that failed since the source started (an outage's every failed poll counts). */
  failures?: number;
  /** The last failure's text and time (ms), kept after the source is back. */
  lastError?: { at: number; problem: string };
  /** The last document that was a v2 document (good, or one whose every row was dropped). */
  lastDocument?: DocumentReport;
}

export interface BcFerriesSource extends FeedSource {
  sailings(): readonly Sailing[];
  pollOnce(): Promise<void>;
  health(): SourceHealth;
}

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

export function createBcFerriesSource(opts: BcFerriesSourceOptions): BcFerriesSource {
  const clock = opts.now ?? Date.now;
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v2/`;
  const listeners = updateListeners();
  const reportedSkips = new Set<string>();
  let sailings: Sailing[] = [];
  let schedule = new Map<string, ScheduledSlot[]>();
  let scheduleDay = '';
  let health: SourceHealth = {};
  let lastDropReport = '';
  let failures = 0;
  let lastError: SourceStatus['lastError'];
  /** The last document's content, when Deckhand first read it, whether it saw it change, and its row times. */
  let content:
    | { text: string; since: number; changeSeen: boolean; futureDepartures: number[]; leftDepartures: number[] }
    | undefined;

  function fail(problem: string, at: number): void {
    failures += 1;
    lastError = { at, message: problem };
    if (health.outageSince === undefined) {
      const age =
        health.lastGoodAt === undefined
          ? 'no data yet, retrying every poll'
          : `keeping the data of ${new Date(health.lastGoodAt).toISOString()}, no other figures stand in`;
      opts.log.warn(`BC Ferries source unavailable (${problem}); ${age}`);
      health = { ...health, outageSince: at, problem };
    } else {
      health = { ...health, problem };
    }
  }

  async function poll(): Promise<void> {
    const started = clock();
    const fetched = await fetchJsonBounded(url, {
      timeoutMs: opts.timeoutMs ?? BCFERRIES_TIMEOUT_MS,
      maxBytes: opts.maxBytes ?? BCFERRIES_MAX_BYTES,
    });
    const at = clock();
    if (!fetched.ok) return fail(fetched.problem, started);
    let read: ReturnType<typeof documentSailings>;
    let documentText: string;
    let times: ReturnType<typeof documentRowTimes>;
    const day = serviceDayOf(at);
    try {
      const reading = readDocument(fetched.body);
      if (!reading.ok) return fail(reading.problem, started);
      const [year, month, date] = day.split('-').map(Number);
      read = documentSailings(
        reading.document,
        { year: year ?? 0, month: month ?? 0, day: date ?? 0 },
        at,
        day === scheduleDay ? schedule : new Map(),
      );
      documentText = JSON.stringify(reading.document);
      times = documentRowTimes(reading.document, { year: year ?? 0, month: month ?? 0, day: date ?? 0 });
    } catch (error) {
      return fail(`document could not be read: ${errorText(error)}`, started);
    }
    const lastDocument: DocumentReport = {
      readAt: at,
      ...read.counts,
      rowsRead: read.rowsRead,
      sailings: read.sailings.length,
      skippedRoutes: [...new Set(read.skippedRoutes)],
      problems: read.problems,
    };
    health = { ...health, lastDocument };
    const newSkips = lastDocument.skippedRoutes.filter((code) => !reportedSkips.has(code));
    for (const code of newSkips) reportedSkips.add(code);
    if (newSkips.length > 0)
      opts.log.info(
        `BC Ferries routes skipped (Deckhand has no terminal or route for them): ${newSkips.slice(0, 50).join(', ')}${newSkips.length > 50 ? ` and ${newSkips.length - 50} more` : ''}`,
      );
    if (read.counts.rowsDropped > 0 || read.counts.routesDropped > 0) {
      const key = `${read.counts.rowsDropped}|${read.counts.routesDropped}|${read.problems[0] ?? ''}`;
      if (key !== lastDropReport)
        opts.log.warn(
          `BC Ferries document: ${read.counts.rowsDropped} row(s) and ${read.counts.routesDropped} route(s) dropped, the rest used (${read.problems.slice(0, 3).join('; ')})`,
        );
      lastDropReport = key;
    } else lastDropReport = '';
    // Nothing readable on Deckhand's routes (every row or route dropped, or none at all): not data to show.
    if (read.sailings.length === 0)
      return fail("no sailing on Deckhand's routes could be read from the document", started);
    schedule = read.schedule;
    scheduleDay = day;
    content =
      content?.text === documentText
        ? { ...content, ...times }
        : { text: documentText, since: at, changeSeen: content !== undefined, ...times };
    if (health.outageSince !== undefined)
      opts.log.info(`BC Ferries source back after ${Math.round((at - health.outageSince) / 1000)} s`);
    health = { lastGoodAt: at, lastDocument };
    const before = new Map(sailings.map((s) => [s.id, s]));
    sailings = read.sailings.map((s) => keepLastKnownFill(s, before.get(s.id)));
    listeners.emit();
  }

  const loop = pollLoop(poll, (error: unknown) => fail(`poll failed: ${errorText(error)}`, clock()), opts.pollMs);

  return {
    name: 'bcferries',
    sailings: () => sailings,
    onUpdate: listeners.add,
    pollOnce: loop.pollOnce,
    health: () => ({
      ...health,
      failures,
      ...(lastError ? { lastError: { at: lastError.at, problem: lastError.message } } : {}),
    }),
    status(now) {
      const staleSince = content
        ? documentStaleSince(
            {
              futureDepartures: content.futureDepartures,
              leftDepartures: content.leftDepartures,
              unchangedSince: content.since,
              changeSeen: content.changeSeen,
            },
            now,
          )
        : null;
      return {
        ...(health.lastGoodAt !== undefined ? { lastSuccessAt: health.lastGoodAt } : {}),
        ...(content ? { lastChangeAt: content.since } : {}),
        ...(lastError ? { lastError } : {}),
        ...(health.lastDocument
          ? { rowsDropped: health.lastDocument.rowsDropped, routesDropped: health.lastDocument.routesDropped }
          : {}),
        ...(staleSince !== null ? { staleSince } : {}),
      };
    },
    start: loop.start,
    stop: loop.stop,
  };
}
