/**
 * The daily digest (src/domain/trip-alerts.ts dailyDigestAlert): from DIGEST_HOUR each evening, a rider
 * who asked for it in Settings gets one alert about tomorrow's planned sailings (./../rider-trips.ts:
 * arrival timers, away sessions, Ninja bookings), each with its cancellation or weather level as known
 * now. Keyed by the day it is about, so it goes once (deliverAlert stores each key once); quiet hours
 * may hold it like any alert that is not in a trip's last 2 hours.
 *
 * Bounded: the riders who asked for it, then the active trips.
 */
import { digestDayDue, terminalDateKey } from '@/domain/quiet-hours';
import { directedRouteName, routeById } from '@/domain/terminals';
import { dailyDigestAlert, type DigestSailing } from '@/domain/trip-alerts';
import type { SailingWeatherRisk } from '@/domain/weather-risk';

import type { FerryFeed } from '../../feed/ferry-feed';
import { digestRiders } from '../alert-settings-repository';
import type { AlertSource, DueAlert } from '../alert-source';
import { riderTrips, tripDeparture } from '../rider-trips';

export function createDailyDigestSource(
  weather: { levels(): SailingWeatherRisk[] },
  feed: Pick<FerryFeed, 'sailings'>,
): AlertSource {
  return {
    name: 'daily-digest',
    async due(database, now) {
      const riders = (await digestRiders(database))
        .map((r) => ({ userId: r.userId, day: digestDayDue(now.getTime(), r.timing) }))
        .filter((r): r is { userId: number; day: string } => r.day !== null);
      if (riders.length === 0) return [];
      const trips = await riderTrips(database, feed.sailings(), now);
      const levels = new Map(weather.levels().map((r) => [r.sailingId, r]));
      const due: DueAlert[] = [];
      for (const { userId, day } of riders) {
        const seen = new Set<string>();
        const sailings: DigestSailing[] = [];
        for (const { sailing } of trips.filter((t) => t.userId === userId)) {
          const departure = tripDeparture(sailing);
          if (seen.has(sailing.id) || terminalDateKey(departure) !== day) continue;
          seen.add(sailing.id);
          const route = routeById(sailing.routeId);
          const risk = levels.get(sailing.id);
          sailings.push({
            sailingId: sailing.id,
            departure,
            routeName: route ? directedRouteName(route, sailing.from) : sailing.routeId,
            cancelled: sailing.status === 'cancelled',
            weather: {
              level: risk?.level ?? 'none',
              covered: risk?.covered ?? false,
              ...(risk?.reason ? { reason: risk.reason } : {}),
            },
          });
        }
        const alert = dailyDigestAlert(day, sailings);
        if (alert) due.push({ userId, kind: 'sailing_disruption', url: '/app', ...alert });
      }
      return due;
    },
  };
}
