/**
 * A weather level rising on the rider's own trip (src/domain/weather-risk.ts): a rider with an active
 * arrival timer for a sailing whose level is "Be aware" or "Disruption likely" gets one inbox and push
 * alert for each level it reaches, with the reason in words. The key names the sailing and the level,
 * so a level that falls and rises again is not news twice, and a rise from "Be aware" to "Disruption
 * likely" is (deliverAlert stores each key once). Sent as a `sailing_disruption` alert: it is news of
 * a possible disruption of the rider's sailing, governed by the same preference.
 *
 * Bounded: nothing is read while no upcoming sailing has a raised level; then only the active timers
 * of those sailings.
 */
import { and, eq, inArray } from 'drizzle-orm';

import { routeById } from '@/domain/terminals';
import { formatClock } from '@/domain/time';
import { WEATHER_LEVEL_LABELS, type SailingWeatherRisk } from '@/domain/weather-risk';

import { arrivalTimers } from '../../db/schema';
import type { AlertSource, DueAlert } from '../alert-source';

export function weatherRisingAlertKey(sailingId: string, level: string): string {
  return `weather:${sailingId}:${level}`;
}

export function createWeatherRisingSource(weather: {
  levels(): Array<SailingWeatherRisk & { scheduledDeparture: string }>;
}): AlertSource {
  return {
    name: 'weather-rising',
    async due(database, now) {
      const raised = weather
        .levels()
        .filter((r) => r.level !== 'none' && Date.parse(r.scheduledDeparture) > now.getTime());
      if (raised.length === 0) return [];
      const timers = await database.db
        .select({ userId: arrivalTimers.userId, ferryId: arrivalTimers.ferryId })
        .from(arrivalTimers)
        .where(
          and(
            eq(arrivalTimers.status, 'active'),
            inArray(
              arrivalTimers.ferryId,
              raised.map((r) => r.sailingId),
            ),
          ),
        );
      const due: DueAlert[] = [];
      for (const timer of timers) {
        const risk = raised.find((r) => r.sailingId === timer.ferryId);
        if (!risk || risk.level === 'none') continue;
        const route = routeById(risk.routeId)?.name ?? 'your route';
        due.push({
          userId: timer.userId,
          key: weatherRisingAlertKey(risk.sailingId, risk.level),
          kind: 'sailing_disruption',
          title: `Weather: ${WEATHER_LEVEL_LABELS[risk.level]}`,
          body: `${risk.reason ?? WEATHER_LEVEL_LABELS[risk.level]}. Your ${formatClock(risk.scheduledDeparture)} sailing, ${route}.`,
          url: '/app',
        });
      }
      return due;
    },
  };
}
