/**
 * A weather level rising on the rider's own trip (src/domain/weather-risk.ts): a rider whose planned
 * sailing (./../rider-trips.ts: an arrival timer, an away session or a Ninja booking) has the level
 * "Be aware" or "Disruption likely" gets one inbox and push alert for each level it reaches, with the
 * reason in words. The key names the sailing and the level, so a level that falls and rises again is
 * not news twice, and a rise from "Be aware" to "Disruption likely" is (deliverAlert stores each key
 * once). Sent as a `sailing_disruption` alert: it is news of a possible disruption of the rider's
 * sailing, governed by the same preference.
 *
 * Bounded: nothing is read while no upcoming sailing has a raised level; then the riders' active trips.
 */
import { routeById } from '@/domain/terminals';
import { formatClock } from '@/domain/time';
import { WEATHER_LEVEL_LABELS, type SailingWeatherRisk } from '@/domain/weather-risk';

import type { FerryFeed } from '../../feed/ferry-feed';
import type { AlertSource, DueAlert } from '../alert-source';
import { riderTrips } from '../rider-trips';

export function weatherRisingAlertKey(sailingId: string, level: string): string {
  return `weather:${sailingId}:${level}`;
}

export function createWeatherRisingSource(
  weather: {
    levels(): Array<SailingWeatherRisk & { scheduledDeparture: string }>;
  },
  feed: Pick<FerryFeed, 'sailings'>,
): AlertSource {
  return {
    name: 'weather-rising',
    async due(database, now) {
      const raised = weather
        .levels()
        .filter((r) => r.level !== 'none' && Date.parse(r.scheduledDeparture) > now.getTime());
      if (raised.length === 0) return [];
      const trips = await riderTrips(database, feed.sailings(), now);
      const due: DueAlert[] = [];
      for (const trip of trips) {
        const risk = raised.find((r) => r.sailingId === trip.sailing.id);
        if (!risk || risk.level === 'none') continue;
        const route = routeById(risk.routeId)?.name ?? 'your route';
        due.push({
          userId: trip.userId,
          key: weatherRisingAlertKey(risk.sailingId, risk.level),
          kind: 'sailing_disruption',
          title: `Weather: ${WEATHER_LEVEL_LABELS[risk.level]}`,
          body: `${risk.reason ?? WEATHER_LEVEL_LABELS[risk.level]}. Your ${formatClock(risk.scheduledDeparture)} sailing, ${route}.`,
          url: '/app',
          tripDeparture: risk.scheduledDeparture,
        });
      }
      return due;
    },
  };
}
