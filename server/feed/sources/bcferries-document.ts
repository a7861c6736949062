/**
 * The BC Ferries v2 document (the open-source BC Ferries API, `GET {BCFERRIES_API_URL}/v2/`), read
 * as its scraper writes it (samuel-pratt/bc-ferries-api: cmd/scraper/scraper.go, cmd/models/models.go,
 * cmd/router/routes.go, cmd/db/queries.go), into Deckhand sailings.
 *
 * The document is `{capacityRoutes, nonCapacityRoutes}`, nothing else (no timestamp). A route is
 * `{routeCode, fromTerminalCode, toTerminalCode, sailingDuration, sailings}`:
 * - a capacity route (Current Conditions) has rows `{time, arrivalTime, sailingStatus, fill, carFill,
 *   oversizeFill, vesselName, vesselStatus}`; `sailingStatus` is "future", "current" (under way),
 *   "past" (arrived), "cancelled" or ""; once a sailing has left, `time` is its ACTUAL departure and
 *   `arrivalTime` its arrival, ETA, "Variable" or "..."; the fills are percent full, and 0 for a
 *   sailing that has left or is cancelled (src/domain/sailing-fill.ts); `vesselStatus` of a cancelled
 *   row is its reason; `sailingDuration` reads like "1h 35m";
 * - a non-capacity route (the day's timetable) has rows `{time, arrivalTime, vesselName: "",
 *   vesselStatus}`, no status and no fill; `sailingDuration` reads like "01:35";
 * - the major routes are in BOTH arrays (src/domain/sailing-timetable-merge.ts makes one sailing per
 *   departure);
 * - a row the scraper could not parse is still there, every field empty;
 * - when its database fails the arrays are `null`; when the scraper is down the answer is a bare
 *   JSON string ("BC Ferries Data Currently Down").
 *
 * Reading it:
 * - only a body that is not `{capacityRoutes, nonCapacityRoutes}` at all is refused; `null` arrays
 *   are an outage (the caller keeps its last good data);
 * - a route between terminals Deckhand does not show (Fulford Harbour, the Southern Gulf Islands,
 *   the other coast's routes) is skipped before it is validated (`counts.routesSkipped`);
 * - each route and each row is validated on its own: a route that does not parse is dropped
 *   (`counts.routesDropped`), a row that does not parse is dropped (`counts.rowsDropped`), and the
 *   rest is used; so is every value that would make an impossible date or figure (a duration over
 *   a day, a fill over 100 %, a list running over more than two days): dropped, counted, never thrown;
 * - times are Vancouver wall-clock times of today's service day (src/domain/service-day.ts); a list
 *   that goes back in time (11:55 pm, then 12:40 am; 9:00 pm, then "7:00 am (Tomorrow)") has run
 *   past midnight into the next day; a list that opens before 3 am goes on the night nearest to
 *   when the document was read;
 * - "future" is scheduled, "current" is under way, "past" has arrived, anything with "cancel" is
 *   cancelled; any other status is taken as scheduled (nothing is said about it).
 */
import { z } from 'zod';

import { sailingId, type Sailing, type SailingStatus } from '@/domain/sailing';
import { cancellationReason } from '@/domain/sailing-cancellation';
import { reportedFigures, type SailingFigures } from '@/domain/sailing-fill';
import { matchDeparture, timetableRowAdds, type ScheduledSlot } from '@/domain/sailing-timetable-merge';
import { SERVICE_DAY_START_HOUR, serviceDayOf } from '@/domain/service-day';
import { ROUTES } from '@/domain/terminals';

import { vesselIdForName } from '../fleet-table';
import { addDays, localTimeToEpoch, type LocalDay } from '../local-time';

/** BC Ferries terminal codes and Deckhand's terminals; FUL and SGI have no Deckhand terminal. */
export const TERMINAL_CODES: Readonly<Record<string, string | undefined>> = {
  TSA: 'tsawwassen',
  SWB: 'swartz-bay',
  HSB: 'horseshoe-bay',
  NAN: 'departure-bay',
  DUK: 'duke-point',
  LNG: 'langdale',
  BOW: 'snug-cove',
  FUL: undefined,
  SGI: undefined,
};

/** Routes read per array (the real document has about 6 + 9 capacity and 140 non-capacity); the rest are dropped. */
const MAX_ROUTES = 1000;
/** Rows read per route (a real day has under 40); the rest are dropped. */
const MAX_SAILINGS = 200;
/** A sailing takes at least a minute and less than a day. */
const MAX_DURATION_MIN = 24 * 60;
/** A route's list may run into the next day (after midnight, then "(Tomorrow)"), not further. */
const MAX_DAY_OFFSET = 2;
/** How many problems a reading keeps to tell (the counts count them all). */
const MAX_PROBLEMS = 20;

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => text(max).optional().default('');
const figure = z.number().optional();

const routeSchema = z.object({
  routeCode: optionalText(40),
  fromTerminalCode: text(10),
  toTerminalCode: text(10),
  sailingDuration: optionalText(40),
  sailings: z.array(z.unknown()),
});
const capacityRowSchema = z.object({
  time: text(40),
  arrivalTime: optionalText(40),
  sailingStatus: optionalText(40),
  fill: figure,
  carFill: figure,
  oversizeFill: figure,
  vesselName: optionalText(120),
  vesselStatus: optionalText(1000),
});
const timetableRowSchema = z.object({
  time: text(40),
  arrivalTime: optionalText(40),
  vesselName: optionalText(120),
  vesselStatus: optionalText(1000),
});

/** The document as it came: the two arrays of routes, each route still to be validated. */
export interface BcFerriesDocument {
  capacityRoutes: readonly unknown[];
  nonCapacityRoutes: readonly unknown[];
}

export type DocumentReading = { ok: true; document: BcFerriesDocument } | { ok: false; problem: string };

/** A route code as logs and the feed status show it: letters and digits only, at most 20 (it is outside data). */
const codeText = (code: string) => code.slice(0, 20).replace(/[^A-Za-z0-9]/g, '?');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a fetched body says: the document, or why there is none: the "currently down" string, `null`
 * arrays (the API's database failed: an outage), or a body that is not `{capacityRoutes,
 * nonCapacityRoutes}` at all. Routes and rows are validated later, one by one (documentSailings).
 */
export function readDocument(body: unknown): DocumentReading {
  if (typeof body === 'string') return { ok: false, problem: `the source says "${body.slice(0, 120)}"` };
  if (!isRecord(body) || !('capacityRoutes' in body) || !('nonCapacityRoutes' in body))
    return { ok: false, problem: 'invalid document (not {capacityRoutes, nonCapacityRoutes})' };
  const { capacityRoutes, nonCapacityRoutes } = body;
  if (capacityRoutes === null || nonCapacityRoutes === null)
    return { ok: false, problem: 'the source answered no routes (null): its database did not answer' };
  if (!Array.isArray(capacityRoutes) || !Array.isArray(nonCapacityRoutes))
    return { ok: false, problem: 'invalid document (capacityRoutes and nonCapacityRoutes are not lists)' };
  return { ok: true, document: { capacityRoutes, nonCapacityRoutes } };
}

/** Minutes after midnight of "3:45 pm" (also "3:45pm", "3:45 PM"); undefined for "", "Variable", "...", "13:05 pm". */
export function clockMinutes(value: string): number | undefined {
  const m = /^(\d{1,2}):(\d{2}) ?([ap])m$/i.exec(value.trim());
  if (!m) return undefined;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour < 1 || hour > 12 || minute > 59) return undefined;
  return ((m[3]?.toLowerCase() === 'p' ? 12 : 0) + (hour % 12)) * 60 + minute;
}

/**
 * A `sailingDuration` in minutes: "1h 40m", "40m", "2h" (capacity routes), "01:35" (the daily
 * schedule); undefined when unreadable or empty. The number is not range-checked here.
 */
export function durationMinutes(value: string): number | undefined {
  const trimmed = value.trim();
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(trimmed);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const m = /^(?:(\d+)\s*h(?:ours?|rs?)?)?\s*(?:(\d+)\s*m(?:in(?:utes?)?)?)?$/i.exec(trimmed);
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
}

/**
 * The calendar day of a list that opens before the service day starts (3 am): the service day's own
 * date, or the next one, whichever puts that first time nearer to when the document was read. Read
 * at 2:45 am (still the previous service day), a list opening "12:45 am" is tonight's, two hours
 * ago, not 26 hours ago; read at 3:10 am, "1:10 am" is two hours ago, not tomorrow night. A list
 * opening after 3 am is on the service day's date.
 */
function firstRowDayOffset(first: unknown, serviceDay: LocalDay, observedAt: number): number {
  const clock = isRecord(first) && typeof first.time === 'string' ? clockMinutes(first.time) : undefined;
  if (clock === undefined || clock >= SERVICE_DAY_START_HOUR * 60) return 0;
  const sameDate = Math.abs(localTimeToEpoch(serviceDay, clock) - observedAt);
  const nextDate = Math.abs(localTimeToEpoch(addDays(serviceDay, 1), clock) - observedAt);
  return nextDate < sameDate ? 1 : 0;
}

/** A list going back by more than this has run past midnight (actual times may be a little out of order). */
const ROLLOVER_BACKSTEP_MIN = 6 * 60;
const MINUTE = 60_000;

function statusOf(raw: string): SailingStatus {
  const value = raw.trim().toLowerCase();
  if (value.includes('cancel')) return 'cancelled';
  if (value === 'current') return 'departed';
  if (value === 'past') return 'arrived';
  return 'scheduled';
}

/** Scheduled departures per route and direction (`routeId|from`) from earlier documents, with their vessel. */
export type EarlierSchedule = ReadonlyMap<string, readonly ScheduledSlot[]>;
const scheduleKey = (routeId: string, from: string) => `${routeId}|${from}`;

/** What was left out of a document: the figures a feed status shows. */
export interface DocumentCounts {
  /** Rows (sailings) of known routes that did not parse or had an impossible value. */
  rowsDropped: number;
  /** Routes that did not parse (or whose duration is impossible), none of their rows used. */
  routesDropped: number;
  /** Routes between terminals Deckhand does not show, skipped unread. */
  routesSkipped: number;
}

export interface DocumentSailings {
  sailings: Sailing[];
  /** Scheduled departures seen so far today (with `earlier`'s), for reading the next document. */
  schedule: Map<string, ScheduledSlot[]>;
  /** Route codes skipped because Deckhand has no terminal or route for them. */
  skippedRoutes: string[];
  counts: DocumentCounts;
  /** What was dropped and why, the first few ("HSBNAN row 3: time "" is not a clock time"). */
  problems: string[];
  /** Rows of known routes in the document, used or not. */
  rowsRead: number;
}

interface Row {
  at: number;
  status: SailingStatus;
  arrivalMs?: number;
  vesselId?: string;
  vesselName?: string;
  figures: SailingFigures;
  reason?: string;
}

interface RouteRows {
  routeId: string;
  from: string;
  to: string;
  durationMin?: number;
  capacity: Row[];
  timetable: Row[];
}

class Dropped extends Error {}
const drop = (why: string): never => {
  throw new Dropped(why);
};

function percent(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value < 0 || value > 100) drop(`${name} ${String(value)} is not a percentage`);
  return value;
}

/**
 * The document's sailings on `serviceDay`, observed at `observedAt` (ms). `earlier` is the schedule
 * earlier documents of the same service day showed (empty at first). Never throws on the document's
 * content: what cannot be read is dropped and counted.
 */
export function documentSailings(
  document: BcFerriesDocument,
  serviceDay: LocalDay,
  observedAt: number,
  earlier: EarlierSchedule = new Map(),
): DocumentSailings {
  const counts: DocumentCounts = { rowsDropped: 0, routesDropped: 0, routesSkipped: 0 };
  const problems: string[] = [];
  const skippedRoutes: string[] = [];
  const groups = new Map<string, RouteRows>();
  let rowsRead = 0;
  const tell = (problem: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };

  const arrays = [
    { routes: document.capacityRoutes, capacity: true },
    { routes: document.nonCapacityRoutes, capacity: false },
  ];
  for (const { routes, capacity } of arrays) {
    for (const [index, route] of routes.entries()) {
      const label = `${capacity ? 'capacity' : 'non-capacity'} route ${index}`;
      if (index >= MAX_ROUTES) {
        counts.routesDropped += 1;
        tell(`${label}: past the first ${MAX_ROUTES} routes`);
        continue;
      }
      // Skipped before it is validated: only its two codes are looked at.
      const fromCode = isRecord(route) ? route.fromTerminalCode : undefined;
      const toCode = isRecord(route) ? route.toTerminalCode : undefined;
      if (typeof fromCode !== 'string' || typeof toCode !== 'string') {
        counts.routesDropped += 1;
        tell(`${label}: no terminal codes`);
        continue;
      }
      const from = Object.hasOwn(TERMINAL_CODES, fromCode.toUpperCase())
        ? TERMINAL_CODES[fromCode.toUpperCase()]
        : undefined;
      const to = Object.hasOwn(TERMINAL_CODES, toCode.toUpperCase()) ? TERMINAL_CODES[toCode.toUpperCase()] : undefined;
      const known =
        from && to
          ? ROUTES.find((r) => (r.from === from && r.to === to) || (r.from === to && r.to === from))
          : undefined;
      if (!from || !to || !known) {
        counts.routesSkipped += 1;
        skippedRoutes.push(codeText(`${fromCode}${toCode}`));
        continue;
      }
      const parsed = routeSchema.safeParse(route);
      const code = codeText(`${fromCode}${toCode}`.toUpperCase());
      if (!parsed.success) {
        counts.routesDropped += 1;
        tell(`${code}: ${issueText(parsed.error)}`);
        continue;
      }
      const duration = parsed.data.sailingDuration ? durationMinutes(parsed.data.sailingDuration) : undefined;
      if (duration !== undefined && (duration < 1 || duration > MAX_DURATION_MIN)) {
        counts.routesDropped += 1;
        tell(`${code}: sailingDuration ${JSON.stringify(parsed.data.sailingDuration)} is not a crossing time`);
        continue;
      }
      const key = scheduleKey(known.id, from);
      const group = groups.get(key) ?? { routeId: known.id, from, to, capacity: [], timetable: [] };
      groups.set(key, group);
      if (duration !== undefined && (capacity || group.durationMin === undefined)) group.durationMin = duration;

      let dayOffset = firstRowDayOffset(parsed.data.sailings[0], serviceDay, observedAt);
      let previousMinute = -1;
      for (const [rowIndex, raw] of parsed.data.sailings.entries()) {
        rowsRead += 1;
        try {
          if (rowIndex >= MAX_SAILINGS) drop(`past the first ${MAX_SAILINGS} rows`);
          const data = readRow(raw, capacity);
          const minute = clockMinutes(data.time);
          if (minute === undefined) drop(`time ${JSON.stringify(data.time)} is not a clock time`);
          const offset =
            previousMinute >= 0 && minute! < previousMinute - ROLLOVER_BACKSTEP_MIN ? dayOffset + 1 : dayOffset;
          if (offset > MAX_DAY_OFFSET) drop('the list runs over more than two days');
          const day = addDays(serviceDay, offset);
          const at = localTimeToEpoch(day, minute!);
          const arrivalMinute = clockMinutes(data.arrivalTime);
          const arrivalMs =
            arrivalMinute === undefined
              ? undefined
              : localTimeToEpoch(arrivalMinute < minute! ? addDays(day, 1) : day, arrivalMinute);
          const vesselName = data.vesselName.replace(/\s+/g, ' ').trim();
          const status: SailingStatus = capacity ? statusOf(data.sailingStatus) : 'scheduled';
          const figures = {
            fill: percent('fill', data.fill),
            carFill: percent('carFill', data.carFill),
            oversizeFill: percent('oversizeFill', data.oversizeFill),
          };
          if (!Number.isFinite(at) || (arrivalMs !== undefined && !Number.isFinite(arrivalMs)))
            drop('a time out of range');
          dayOffset = offset;
          previousMinute = minute!;
          const parsedRow: Row = {
            at,
            status,
            ...(arrivalMs === undefined ? {} : { arrivalMs }),
            ...(vesselName ? { vesselName, vesselId: vesselIdForName(vesselName) } : {}),
            figures,
            ...(status === 'cancelled' ? { reason: cancellationReason(data.vesselStatus) } : {}),
          };
          (capacity ? group.capacity : group.timetable).push(parsedRow);
        } catch (error) {
          counts.rowsDropped += 1;
          tell(`${code} row ${rowIndex}: ${error instanceof Dropped ? error.message : 'could not be read'}`);
        }
      }
    }
  }

  const sailings: Sailing[] = [];
  const schedule = new Map<string, ScheduledSlot[]>(Array.from(earlier, ([k, v]) => [k, [...v]]));
  for (const [key, group] of groups) {
    const read = groupSailings(group, schedule.get(key) ?? [], observedAt);
    sailings.push(...read.sailings);
    schedule.set(key, read.slots);
  }
  sailings.sort((a, b) => a.scheduledDeparture.localeCompare(b.scheduledDeparture) || a.id.localeCompare(b.id));
  return { sailings, schedule, skippedRoutes, counts, problems, rowsRead };
}

type RowData = z.infer<typeof capacityRowSchema>;

/** A row as its array's schema reads it (a timetable row has no status and no figures). */
function readRow(raw: unknown, capacity: boolean): RowData {
  if (capacity) {
    const row = capacityRowSchema.safeParse(raw);
    return row.success ? row.data : drop(issueText(row.error));
  }
  const row = timetableRowSchema.safeParse(raw);
  return row.success ? { ...row.data, sailingStatus: '' } : drop(issueText(row.error));
}

function issueText(error: z.ZodError): string {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || 'value'}: ${first.message}` : 'unknown shape';
}

const iso = (ms: number) => new Date(ms).toISOString();

/** One route and direction's sailings, one per departure (src/domain/sailing-timetable-merge.ts). */
function groupSailings(
  group: RouteRows,
  earlierSlots: readonly ScheduledSlot[],
  observedAt: number,
): { sailings: Sailing[]; slots: ScheduledSlot[] } {
  const observed = iso(observedAt);
  const duration = group.durationMin;
  const byDeparture = new Map<number, Sailing>();
  const capacityAt = new Set<number>();

  const build = (row: Row, scheduledMs: number, actualMs?: number, matched = false): Sailing => {
    const sailing: Sailing = {
      id: sailingId(group.routeId, group.from, scheduledMs),
      routeId: group.routeId,
      from: group.from,
      to: group.to,
      scheduledDeparture: iso(scheduledMs),
      ...(duration === undefined ? {} : { scheduledArrival: iso(scheduledMs + duration * MINUTE) }),
      status: row.status,
      ...(row.reason ? { statusReason: row.reason } : {}),
      ...(row.vesselId ? { vesselId: row.vesselId, vesselName: row.vesselName } : {}),
      source: 'bcferries',
      observedAt: observed,
      ...reportedFigures(row.status, row.figures),
    };
    if (actualMs !== undefined) {
      sailing.expectedDeparture = iso(actualMs);
      // Without a timetabled departure the delay of a sailing that has left is unknown: absent.
      if (matched) sailing.delayMinutes = Math.max(0, Math.round((actualMs - scheduledMs) / MINUTE));
    }
    if (row.arrivalMs !== undefined) sailing.expectedArrival = iso(row.arrivalMs);
    else if (actualMs !== undefined && duration !== undefined)
      sailing.expectedArrival = iso(actualMs + duration * MINUTE);
    return sailing;
  };

  // 1. Capacity rows that have not left: the sailing at its scheduled time (a repeated row: the later wins).
  for (const row of group.capacity) {
    if (row.status === 'departed' || row.status === 'arrived') continue;
    byDeparture.set(row.at, build(row, row.at));
    capacityAt.add(row.at);
  }

  // The scheduled departures a departed row may be: earlier documents' and today's timetable.
  const slotsByAt = new Map<number, ScheduledSlot>();
  const addSlot = (slot: ScheduledSlot) => {
    const known = slotsByAt.get(slot.at);
    slotsByAt.set(slot.at, known?.vesselId || !slot.vesselId ? (known ?? slot) : slot);
  };
  for (const slot of earlierSlots) addSlot(slot);
  for (const row of group.timetable) addSlot({ at: row.at });
  for (const row of group.capacity)
    if (row.status !== 'departed' && row.status !== 'arrived')
      addSlot(row.vesselId ? { at: row.at, vesselId: row.vesselId } : { at: row.at });
  const slots = [...slotsByAt.values()].sort((a, b) => a.at - b.at);

  // 2. Capacity rows that have left, in the order they left: matched to their timetabled departure.
  const departed = group.capacity
    .filter((row) => row.status === 'departed' || row.status === 'arrived')
    .sort((a, b) => a.at - b.at);
  for (const row of departed) {
    const slot = matchDeparture(row.at, row.vesselId, slots, capacityAt);
    const scheduledMs = slot?.at ?? row.at;
    byDeparture.set(scheduledMs, build(row, scheduledMs, row.at, slot !== undefined));
    capacityAt.add(scheduledMs);
  }

  // 3. Timetable rows only where the capacity route has none (later that service day, or no capacity data).
  const coveredUntil = new Map<string, number>();
  for (const at of capacityAt) {
    const day = serviceDayOf(at);
    coveredUntil.set(day, Math.max(coveredUntil.get(day) ?? at, at));
  }
  for (const row of group.timetable) {
    if (byDeparture.has(row.at)) continue;
    if (!timetableRowAdds(row.at, coveredUntil.get(serviceDayOf(row.at)), capacityAt)) continue;
    const sailing = build(row, row.at);
    // The timetable's own arrival is the scheduled one.
    if (row.arrivalMs !== undefined) {
      sailing.scheduledArrival = iso(row.arrivalMs);
      delete sailing.expectedArrival;
    }
    byDeparture.set(row.at, sailing);
  }

  return { sailings: [...byDeparture.values()], slots };
}
