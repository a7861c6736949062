/**
 * Will it sail, on the device: the last GET /api/weather-risk answer (src/domain/weather-risk.ts)
 * kept in Dexie's meta table with the time the device received it, read live so the level, its
 * reason, its source and its age show offline. A pull that fails (offline) leaves the stored answer.
 */
import { useLiveQuery } from 'dexie-react-hooks';

import { getWeatherRisk } from '@/domain/contracts/weather-risk';
import type { SailingWeatherRisk, WeatherRiskAnswer } from '@/domain/weather-risk';
import { callApi } from '@/lib/api-client';

import { META, type DeckhandDB } from './db';

export interface StoredWeatherRisk {
  answer: WeatherRiskAnswer;
  /** Epoch ms the device received it. */
  fetchedAt: number;
}

export async function pullWeatherRisk(database: DeckhandDB): Promise<void> {
  const answer = await callApi(getWeatherRisk, {});
  const now = Date.now();
  await database.meta.put({ key: META.weatherRisk, value: { answer, fetchedAt: now }, updatedAt: now });
}

/** The stored answer; undefined while reading or before the device ever received one. */
export function useWeatherRisk(database: DeckhandDB): StoredWeatherRisk | undefined {
  return useLiveQuery(
    async () => (await database.meta.get(META.weatherRisk))?.value as StoredWeatherRisk | undefined,
    [database],
  );
}

/** One sailing's level with the answer it came in (for its source and age). */
export function useSailingWeatherRisk(
  database: DeckhandDB,
  sailingId: string | null | undefined,
): { stored: StoredWeatherRisk; risk: SailingWeatherRisk | undefined } | undefined {
  const stored = useWeatherRisk(database);
  if (!stored || !sailingId) return undefined;
  return { stored, risk: stored.answer.sailings.find((s) => s.sailingId === sailingId) };
}
