/**
 * The server's forecast for one sailing as stored on the device (GET /api/forecasts, src/sync/feed-pull.ts),
 * read live so it shows offline. undefined while reading or when none is stored.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { SailingForecast } from '@/domain/sailing-forecast';
import type { DeckhandDB } from './db';

export function useSailingForecast(database: DeckhandDB, sailingId: string | null | undefined): SailingForecast | undefined {
  return useLiveQuery(async () => (sailingId ? await database.forecasts.get(sailingId) : undefined), [database, sailingId]);
}
