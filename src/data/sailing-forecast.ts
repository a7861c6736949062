/**
 * The server's forecast for one sailing as stored on the device (GET /api/forecasts, src/data/sailings-and-vessels.ts),
 * read live so it shows offline.
 */
import { useLiveQuery } from 'dexie-react-hooks';

import type { SailingForecast } from '@/domain/sailing-forecast';

import { META, type DeckhandDB } from './db';

/**
 * The sailing's stored forecast, or 'pending' while the device has never received the forecasts (and
 * while it reads, as in the page's HTML): the card says a forecast is on its way instead of showing it
 * a moment later with the rest of the card moving down.
 */
export function useSailingForecastOrPending(
  database: DeckhandDB,
  sailingId: string | null | undefined,
): SailingForecast | 'pending' | undefined {
  const stored = useLiveQuery(async () => {
    const [forecast, fetchedAt] = await Promise.all([
      sailingId ? database.forecasts.get(sailingId) : undefined,
      database.meta.get(META.forecastsFetchedAt),
    ]);
    return { sailingId, forecast, received: fetchedAt !== undefined };
  }, [database, sailingId]);
  // A read for another sailing (the previous one's, until this one's answers) says nothing of this one.
  if (!stored || stored.sailingId !== sailingId) return 'pending';
  if (stored.forecast) return stored.forecast;
  return stored.received ? undefined : 'pending';
}

/** The sailing's stored forecast; undefined while reading (also after the sailing changed) or when none is stored. */
export function useSailingForecast(
  database: DeckhandDB,
  sailingId: string | null | undefined,
): SailingForecast | undefined {
  const forecast = useSailingForecastOrPending(database, sailingId);
  return forecast === 'pending' ? undefined : forecast;
}

/** The stored forecasts of one route end (its listed and projected sailings); empty while reading or without a route. */
export function useRouteForecasts(
  database: DeckhandDB,
  routeId: string | undefined,
  from: string | undefined,
): SailingForecast[] {
  return useRouteForecastsRead(database, routeId, from) ?? [];
}

/** The same, undefined while reading (so nothing is said of a forecast before the read answers). */
export function useRouteForecastsRead(
  database: DeckhandDB,
  routeId: string | undefined,
  from: string | undefined,
): SailingForecast[] | undefined {
  const read = useLiveQuery(
    async () => ({
      key: `${routeId}|${from}`,
      list: routeId && from ? await database.forecasts.where('[routeId+from]').equals([routeId, from]).toArray() : [],
    }),
    [database, routeId, from],
  );
  return read && read.key === `${routeId}|${from}` ? read.list : undefined;
}
