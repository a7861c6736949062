/**
 * The BC Ferries v2 document (the open-source BC Ferries API, `GET {BCFERRIES_API_URL}/v2/`): its
 * shape, validated with zod, and its reading as Deckhand sailings.
 *
 * `{capacityRoutes: [...], nonCapacityRoutes: [...]}`; a route is `{routeCode, fromTerminalCode,
 * toTerminalCode, sailingDuration: "1h 40m", sailings}`; a capacity sailing is `{time: "3:45 pm",
 * arrivalTime: "5:25 pm" | "" | "Variable", sailingStatus: "future" | "current" | "past" | other
 * (e.g. "cancelled"), fill, carFill, oversizeFill (percent FULL), vesselName, vesselStatus}`;
 * non-capacity sailings have times, vessel and (sometimes) a status only. When the scraper is down
 * the document is a bare JSON string ("BC Ferries Data Currently Down").
 *
 * Reading it:
 * - times are Vancouver wall-clock times of today's service day (src/domain/service-day.ts); a list
 *   that goes back in time (11:55 pm, then 12:40 am) has run past midnight into the next day;
 * - for a sailing that has left ("current", "past") the document gives the ACTUAL departure time
 *   and, once arrived, the actual arrival; the scheduled time is taken from the same vessel's
 *   sailing in an earlier document when there was one (so its real delay is known), else the
 *   actual time stands for it;
 * - "future" is scheduled, "current" is under way, "past" has arrived, anything with "cancel" is
 *   cancelled; any other status is taken as scheduled (nothing is said about it);
 * - terminal codes map to Deckhand's terminals (TERMINAL_CODES); a route between terminals
 *   Deckhand does not show (Fulford Harbour, the Southern Gulf Islands) is skipped and reported in
 *   `skippedRoutes` for a log line.
 */
import { z } from 'zod';

import { sailingId, type Sailing, type SailingStatus } from '@/domain/sailing';
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

const MAX_ROUTES = 200;
const MAX_SAILINGS = 200;
const text = (max: number) => z.string().max(max);
const clock = z.string().regex(/^(1[0-2]|0?[1-9]):[0-5]\d ?[ap]m$/i, 'a time such as "3:45 pm"');
const percent = z.number().min(0).max(100);

const capacitySailingSchema = z.object({
  time: clock,
  arrivalTime: text(40),
  sailingStatus: text(40),
  fill: percent,
  carFill: percent,
  oversizeFill: percent,
  vesselName: text(120),
  vesselStatus: text(1000),
});
const nonCapacitySailingSchema = z.object({
  time: clock,
  arrivalTime: text(40),
  sailingStatus: text(40).optional(),
  vesselName: text(120),
  vesselStatus: text(1000),
});
const routeSchema = <S extends z.ZodType>(sailing: S) =>
  z.object({
    routeCode: text(20),
    fromTerminalCode: text(10),
    toTerminalCode: text(10),
    sailingDuration: text(40),
    sailings: z.array(sailing).max(MAX_SAILINGS),
  });

export const bcFerriesDocumentSchema = z.object({
  capacityRoutes: z.array(routeSchema(capacitySailingSchema)).max(MAX_ROUTES),
  nonCapacityRoutes: z.array(routeSchema(nonCapacitySailingSchema)).max(MAX_ROUTES),
});
export type BcFerriesDocument = z.infer<typeof bcFerriesDocumentSchema>;

export type DocumentReading = { ok: true; document: BcFerriesDocument } | { ok: false; problem: string };

/** What a fetched body says: the document, or why it is not one (the "currently down" string, garbage). */
export function readDocument(body: unknown): DocumentReading {
  if (typeof body === 'string') return { ok: false, problem: `the source says "${body.slice(0, 120)}"` };
  const parsed = bcFerriesDocumentSchema.safeParse(body);
  if (parsed.success) return { ok: true, document: parsed.data };
  const first = parsed.error.issues[0];
  return {
    ok: false,
    problem: `invalid document (${first ? `${first.path.join('.')}: ${first.message}` : 'unknown shape'})`,
  };
}

/** Minutes after midnight of "3:45 pm"; undefined for "", "Variable", "...". */
export function clockMinutes(value: string): number | undefined {
  const m = /^(\d{1,2}):(\d{2}) ?([ap])m$/i.exec(value.trim());
  if (!m) return undefined;
  const hour = Number(m[1]) % 12;
  return (m[3]?.toLowerCase() === 'p' ? hour + 12 : hour) * 60 + Number(m[2]);
}

/** "1h 40m", "40m", "2h" → minutes; undefined when unreadable. */
export function durationMinutes(value: string): number | undefined {
  const m = /^\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*$/i.exec(value);
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
}

/** A list going back by more than this has run past midnight (actual times may be a little out of order). */
const ROLLOVER_BACKSTEP_MIN = 6 * 60;

function statusOf(raw: string | undefined): SailingStatus {
  const value = (raw ?? '').trim().toLowerCase();
  if (value.includes('cancel')) return 'cancelled';
  if (value === 'current') return 'departed';
  if (value === 'past') return 'arrived';
  return 'scheduled';
}

/** Scheduled departures (ms) of each vessel per route end, from an earlier document, to date a departed sailing. */
export type EarlierSchedule = ReadonlyMap<string, readonly number[]>;
const scheduleKey = (routeId: string, from: string, vesselId: string) => `${routeId}|${from}|${vesselId}`;
/** A departed sailing is matched to its vessel's scheduled departure at most this long before it left. */
const MATCH_WINDOW_MIN = 120;

export interface DocumentSailings {
  sailings: Sailing[];
  /** Scheduled departures seen in this document, for reading the next one. */
  schedule: Map<string, number[]>;
  /** Route codes skipped because Deckhand has no terminal or route for them. */
  skippedRoutes: string[];
}

/**
 * The document's sailings on `serviceDay`, observed at `observedAt` (ms). `earlier` is the schedule
 * an earlier document showed (empty at first).
 */
export function documentSailings(
  document: BcFerriesDocument,
  serviceDay: LocalDay,
  observedAt: number,
  earlier: EarlierSchedule = new Map(),
): DocumentSailings {
  const sailings: Sailing[] = [];
  const schedule = new Map<string, number[]>(Array.from(earlier, ([k, v]) => [k, [...v]]));
  const skippedRoutes: string[] = [];
  const observed = new Date(observedAt).toISOString();
  const routes = [...document.capacityRoutes, ...document.nonCapacityRoutes];
  const nextDay = addDays(serviceDay, 1);

  for (const route of routes) {
    const from = TERMINAL_CODES[route.fromTerminalCode.toUpperCase()];
    const to = TERMINAL_CODES[route.toTerminalCode.toUpperCase()];
    const known =
      from && to ? ROUTES.find((r) => (r.from === from && r.to === to) || (r.from === to && r.to === from)) : undefined;
    if (!from || !to || !known) {
      skippedRoutes.push(route.routeCode);
      continue;
    }
    const duration = durationMinutes(route.sailingDuration);
    let dayOffset = 0;
    let previousMinute = -1;
    for (const raw of route.sailings) {
      const minute = clockMinutes(raw.time);
      if (minute === undefined) continue;
      if (previousMinute >= 0 && minute < previousMinute - ROLLOVER_BACKSTEP_MIN) dayOffset += 1;
      previousMinute = minute;
      const day = dayOffset === 0 ? serviceDay : addDays(serviceDay, dayOffset);
      const timeMs = localTimeToEpoch(day, minute);
      const status = statusOf(raw.sailingStatus);
      const vesselName = raw.vesselName.trim();
      const vesselId = vesselName ? vesselIdForName(vesselName) : undefined;
      const key = vesselId ? scheduleKey(known.id, from, vesselId) : undefined;

      let scheduledMs = timeMs;
      let actualDepartureMs: number | undefined;
      let matched = false;
      if (status === 'departed' || status === 'arrived') {
        actualDepartureMs = timeMs;
        const candidates = (key && earlier.get(key)) || [];
        const match = candidates
          .filter((s) => s <= timeMs && timeMs - s <= MATCH_WINDOW_MIN * 60_000)
          .sort((a, b) => b - a)[0];
        if (match !== undefined) {
          scheduledMs = match;
          matched = true;
        }
      } else if (key) {
        const list = schedule.get(key) ?? [];
        if (!list.includes(timeMs)) list.push(timeMs);
        schedule.set(key, list);
      }

      const arrivalMinute = clockMinutes(raw.arrivalTime);
      let arrivalMs: number | undefined;
      if (arrivalMinute !== undefined) {
        const arrivalDay =
          arrivalMinute < minute ? (dayOffset === 0 ? nextDay : addDays(serviceDay, dayOffset + 1)) : day;
        arrivalMs = localTimeToEpoch(arrivalDay, arrivalMinute);
      }
      const plannedArrivalMs = duration === undefined ? undefined : scheduledMs + duration * 60_000;

      const sailing: Sailing = {
        id: sailingId(known.id, from, scheduledMs),
        routeId: known.id,
        from,
        to,
        scheduledDeparture: new Date(scheduledMs).toISOString(),
        ...(plannedArrivalMs === undefined ? {} : { scheduledArrival: new Date(plannedArrivalMs).toISOString() }),
        status,
        ...(vesselId ? { vesselId, vesselName } : {}),
        source: 'bcferries',
        observedAt: observed,
      };
      if (actualDepartureMs !== undefined) {
        sailing.expectedDeparture = new Date(actualDepartureMs).toISOString();
        // Without the earlier schedule the delay of a sailing that has left is unknown: absent.
        if (matched) sailing.delayMinutes = Math.max(0, Math.round((actualDepartureMs - scheduledMs) / 60_000));
      }
      if (arrivalMs !== undefined) sailing.expectedArrival = new Date(arrivalMs).toISOString();
      else if (actualDepartureMs !== undefined && duration !== undefined)
        sailing.expectedArrival = new Date(actualDepartureMs + duration * 60_000).toISOString();
      if ('fill' in raw && typeof raw.fill === 'number') {
        const figures = raw as z.infer<typeof capacitySailingSchema>;
        sailing.fill = figures.fill;
        sailing.carFill = figures.carFill;
        sailing.oversizeFill = figures.oversizeFill;
      }
      sailings.push(sailing);
    }
  }
  sailings.sort((a, b) => a.scheduledDeparture.localeCompare(b.scheduledDeparture) || a.id.localeCompare(b.id));
  return { sailings: dedupe(sailings), schedule, skippedRoutes };
}

/** Two rows naming the same sailing (a scraper repeat): the later row wins. */
function dedupe(sailings: Sailing[]): Sailing[] {
  const byId = new Map<string, Sailing>();
  for (const s of sailings) byId.set(s.id, s);
  return sailings.filter((s) => byId.get(s.id) === s);
}
