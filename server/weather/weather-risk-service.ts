/**
 * Will it sail, served: the weather level of every upcoming sailing the feed publishes
 * (src/domain/weather-risk.ts), from the weather source's last good forecasts (./eccc-source.ts), with
 * the source, when it was last read, why it fails while it does, and the level's accuracy on the
 * recorded history (./weather-record-repository.ts). `WEATHER_SOURCE=none` answers `source: "none"`
 * and no levels: nothing is shown as if weather had been checked.
 *
 * `record()` notes each upcoming sailing's level and the outcome of those that left or were
 * cancelled; main.ts runs it every minute on the instance that records the history.
 */
import type { Sailing } from '@/domain/sailing';
import { routeById } from '@/domain/terminals';
import {
  sailingWeatherRisk,
  type SailingWeatherRisk,
  type WeatherAccuracy,
  type WeatherRiskAnswer,
} from '@/domain/weather-risk';

import type { Database } from '../db/client';
import type { WeatherSource } from './eccc-source';
import { noteLevels, noteOutcomes, weatherAccuracy } from './weather-record-repository';

/** Sailings that left longer ago than this are not served. */
const SERVED_AFTER_DEPARTURE_MS = 30 * 60_000;
/** The accuracy figures are counted at most this often. */
const ACCURACY_CACHE_MS = 10 * 60_000;

export interface WeatherRiskService {
  answer(filter?: { routeId?: string; from?: string }): Promise<WeatherRiskAnswer>;
  /** Notes levels and outcomes in the record. */
  record(): Promise<void>;
  /** Every upcoming sailing's level now (the alert source reads it). */
  levels(): Array<SailingWeatherRisk & { scheduledDeparture: string }>;
}

export function createWeatherRiskService(deps: {
  source: WeatherSource | undefined;
  sailings: () => readonly Sailing[];
  database: Database;
  now?: () => number;
}): WeatherRiskService {
  const clock = deps.now ?? Date.now;
  let accuracyCache: { at: number; value: WeatherAccuracy } | undefined;

  function risks(now: number): Array<SailingWeatherRisk & { scheduledDeparture: string; from: string }> {
    if (!deps.source) return [];
    const forecasts = deps.source.forecasts();
    return deps
      .sailings()
      .filter((s) => s.status !== 'cancelled' && Date.parse(s.scheduledDeparture) > now - SERVED_AFTER_DEPARTURE_MS)
      .map((s) => ({
        ...sailingWeatherRisk(
          {
            id: s.id,
            routeId: s.routeId,
            scheduledDeparture: s.scheduledDeparture,
            crossingMinutes: routeById(s.routeId)?.crossingMinutes ?? 0,
          },
          forecasts,
        ),
        scheduledDeparture: s.scheduledDeparture,
        from: s.from,
      }));
  }

  async function accuracy(now: number): Promise<WeatherAccuracy> {
    if (accuracyCache && now - accuracyCache.at < ACCURACY_CACHE_MS) return accuracyCache.value;
    const value = await weatherAccuracy(deps.database);
    accuracyCache = { at: now, value };
    return value;
  }

  return {
    async answer(filter = {}) {
      const now = clock();
      const health = deps.source?.health();
      const sailings = risks(now)
        .filter((r) => (!filter.routeId || r.routeId === filter.routeId) && (!filter.from || r.from === filter.from))
        .map(({ scheduledDeparture: _d, from: _f, ...risk }) => risk);
      return {
        source: deps.source ? 'eccc' : 'none',
        ...(health?.lastGoodAt !== undefined ? { readAt: new Date(health.lastGoodAt).toISOString() } : {}),
        ...(health?.problem ? { problem: health.problem } : {}),
        areas: deps.source ? [...deps.source.forecasts()] : [],
        sailings,
        accuracy: await accuracy(now),
      };
    },
    levels: () => risks(clock()),
    async record() {
      if (!deps.source) return;
      const now = clock();
      await noteLevels(deps.database, risks(now), now);
      const settled = await noteOutcomes(deps.database, deps.sailings(), now);
      if (settled > 0) accuracyCache = undefined;
    },
  };
}
