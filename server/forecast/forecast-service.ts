/**
 * The forecasts of the upcoming sailings (today and the next FORECAST_DAYS days) from the recorded
 * history (server/history/), by the rule in src/domain/fill-forecast.ts: the feed's sailings and,
 * after each route end's last one, the sailings projected from the recorded timetable
 * (src/domain/projected-timetable.ts), since a real source may list only today. The history is read into
 * memory at most every HISTORY_REFRESH_MS, or sooner once the recorder has recorded a sailing
 * leaving; the accuracy of each route end is measured with it. Forecasts themselves are cheap and
 * made per request from the feed's current sailings (with today's fill so far).
 */
import { and, gte, isNotNull, lt, ne } from 'drizzle-orm';

import {
  forecastDays,
  forecastSailing,
  HOLIDAY_LOOKBACK_DAYS,
  indexFillHistory,
  measureForecastAccuracy,
  type FillHistoryIndex,
} from '@/domain/fill-forecast';
import { localDateKey } from '@/domain/ninja';
import { PROJECTION_WEEKS, projectTimetable, type TimetableEntry } from '@/domain/projected-timetable';
import type { Sailing } from '@/domain/sailing';
import { sailingChanceWindow, type ChanceArrival, type PlacedChance } from '@/domain/sailing-chance';
import { FORECAST_DAYS, type ForecastAccuracy, type SailingForecast } from '@/domain/sailing-forecast';

import type { Database } from '../db/client';
import { recordedSailings } from '../db/schema';
import { vesselByName } from '../feed/fleet-table';
import { historyEntry } from '../history/recorded-state';

export { FORECAST_DAYS };
export const HISTORY_REFRESH_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

export interface ForecastFilter {
  routeId?: string;
  from?: string;
  /** Local service day "YYYY-MM-DD". */
  date?: string;
  /** Only sailings scheduled to leave before this instant (epoch ms). */
  before?: number;
  /** Only sailings scheduled to leave at or after this instant (epoch ms). */
  after?: number;
}

export interface ForecastService {
  forecasts(filter?: ForecastFilter): Promise<SailingForecast[]>;
  /**
   * The chance of a place on the route end's listed sailings for a car arriving at `arrival`, by the
   * rule the app runs on the device (src/domain/sailing-chance.ts): Earlier, Estimated and Later.
   */
  chances(routeId: string, from: string, arrival: ChanceArrival): Promise<PlacedChance[]>;
  /** The recorder saw sailings leave: read the history again on the next request. */
  invalidate(): void;
}

export interface ForecastServiceDeps {
  database: Database;
  /** The feed's sailings as now published. */
  sailings: () => readonly Sailing[];
  now?: () => number;
}

/** The recorded sailings that left, as the rule reads them. */
export async function readFillHistory(database: Database, now: number): Promise<FillHistoryIndex> {
  const rows = await database.db
    .select({
      routeId: recordedSailings.routeId,
      from: recordedSailings.fromTerminal,
      scheduledDeparture: recordedSailings.scheduledDeparture,
      status: recordedSailings.status,
      finalCarFill: recordedSailings.finalCarFill,
      fullAt: recordedSailings.fullAt,
      curve: recordedSailings.curve,
    })
    .from(recordedSailings)
    .where(
      and(
        isNotNull(recordedSailings.finalCarFill),
        ne(recordedSailings.status, 'cancelled'),
        gte(recordedSailings.scheduledDeparture, new Date(now - (HOLIDAY_LOOKBACK_DAYS + 1) * DAY_MS)),
      ),
    );
  return indexFillHistory(
    rows.flatMap((r) => {
      const sailing = { routeId: r.routeId, from: r.from, scheduledDeparture: r.scheduledDeparture.toISOString() };
      const entry = historyEntry(sailing, {
        status: r.status as Sailing['status'],
        finalCarFill: r.finalCarFill,
        fullAt: r.fullAt?.getTime() ?? null,
        curve: r.curve,
      });
      return entry ? [entry] : [];
    }),
  );
}

/** The departures recorded over the weeks the timetable is projected from, whatever became of them. */
export async function readRecordedTimetable(database: Database, now: number): Promise<TimetableEntry[]> {
  const rows = await database.db
    .select({
      routeId: recordedSailings.routeId,
      from: recordedSailings.fromTerminal,
      to: recordedSailings.toTerminal,
      scheduledDeparture: recordedSailings.scheduledDeparture,
    })
    .from(recordedSailings)
    .where(
      and(
        gte(recordedSailings.scheduledDeparture, new Date(now - (PROJECTION_WEEKS * 7 + 1) * DAY_MS)),
        lt(recordedSailings.scheduledDeparture, new Date(now)),
      ),
    );
  return rows.map((r) => ({ ...r, scheduledDeparture: r.scheduledDeparture.toISOString() }));
}

/** What a forecast is made for: a sailing the feed lists, or one projected from the recorded timetable. */
interface Upcoming {
  id: string;
  routeId: string;
  from: string;
  to: string;
  scheduledDeparture: string;
  carFill?: number;
  observedAt?: string;
  timetableRecordedOn?: number;
}

const upcoming = (s: Sailing) => s.status === 'scheduled' || s.status === 'boarding';

export function createForecastService(deps: ForecastServiceDeps): ForecastService {
  const clock = deps.now ?? Date.now;
  let loaded:
    | {
        at: number;
        index: FillHistoryIndex;
        timetable: TimetableEntry[];
        accuracy: Map<string, ForecastAccuracy | undefined>;
      }
    | undefined;
  let loading: Promise<NonNullable<typeof loaded>> | undefined;

  async function history(now: number) {
    if (loaded && now - loaded.at < HISTORY_REFRESH_MS) return loaded;
    loading ??= Promise.all([readFillHistory(deps.database, now), readRecordedTimetable(deps.database, now)])
      .then(([index, timetable]) => {
        loaded = { at: now, index, timetable, accuracy: new Map() };
        return loaded;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  const service: ForecastService = {
    invalidate() {
      loaded = undefined;
    },
    async chances(routeId, from, arrival) {
      const forecasts = await service.forecasts({ routeId, from });
      const byId = new Map(forecasts.map((f) => [f.sailingId, f]));
      const now = clock();
      const sailings = deps
        .sailings()
        .filter((s) => s.routeId === routeId && s.from === from && upcoming(s))
        .map((s) => {
          const capacity = s.vesselName ? vesselByName(s.vesselName)?.vehicleCapacity : undefined;
          return {
            id: s.id,
            routeId: s.routeId,
            departureTime: s.expectedDeparture ?? s.scheduledDeparture,
            ...(s.carFill === undefined ? {} : { carFill: s.carFill, observedAt: s.observedAt }),
            ...(capacity ? { vehicleCapacity: capacity } : {}),
          };
        })
        .filter((s) => Date.parse(s.departureTime) > now)
        .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime));
      return sailingChanceWindow({ sailings, forecastOf: (id) => byId.get(id), arrival, now });
    },
    async forecasts(filter = {}) {
      const now = clock();
      const { index, timetable, accuracy } = await history(now);
      const days = forecastDays(now, FORECAST_DAYS);
      const lastDay = days[days.length - 1] ?? localDateKey(now);
      const listed = deps.sailings();
      // Listed sailings as the source gives them; the days it does not list, from the recorded timetable.
      const targets: Upcoming[] = [
        ...listed.filter(upcoming).map((s) => ({
          id: s.id,
          routeId: s.routeId,
          from: s.from,
          to: s.to,
          scheduledDeparture: s.scheduledDeparture,
          ...(s.carFill === undefined ? {} : { carFill: s.carFill, observedAt: s.observedAt }),
        })),
        ...projectTimetable(timetable, listed, days, days[0] ?? localDateKey(now))
          .filter((p) => Date.parse(p.scheduledDeparture) > now)
          .map(({ id, routeId, from, to, scheduledDeparture, recordedOn }) => ({
            id,
            routeId,
            from,
            to,
            scheduledDeparture,
            timetableRecordedOn: recordedOn,
          })),
      ];
      const out: SailingForecast[] = [];
      for (const s of targets) {
        if (filter.routeId && s.routeId !== filter.routeId) continue;
        if (filter.from && s.from !== filter.from) continue;
        const depMs = Date.parse(s.scheduledDeparture);
        if (Number.isNaN(depMs) || depMs < now - 60 * 60_000) continue;
        if (depMs >= (filter.before ?? Infinity) || depMs < (filter.after ?? -Infinity)) continue;
        const day = localDateKey(depMs);
        if (day > lastDay || (filter.date && day !== filter.date)) continue;
        const key = `${s.routeId}|${s.from}`;
        if (!accuracy.has(key)) accuracy.set(key, measureForecastAccuracy(index, s.routeId, s.from, now));
        const measured = accuracy.get(key);
        const { to, timetableRecordedOn, ...target } = s;
        out.push({
          ...forecastSailing(index, target, now, measured ? { accuracy: measured } : {}),
          to,
          ...(timetableRecordedOn === undefined ? {} : { timetableRecordedOn }),
        });
      }
      return out.sort(
        (a, b) => a.scheduledDeparture.localeCompare(b.scheduledDeparture) || a.sailingId.localeCompare(b.sailingId),
      );
    },
  };
  return service;
}
