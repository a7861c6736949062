/**
 * The rider's trip changing (src/domain/trip-alerts.ts): the chance of a place on their sailing
 * dropping under 30 %, and the check-in cut-off approaching ("leave by 9:55 am") for a booked trip
 * without an arrival timer (a timer's own "Leave in 15 minutes" alert is that news). One alert per
 * trip, kind and value; deliverAlert stores each key once.
 *
 * The chance is the app's rule (src/domain/sailing-chance.ts) for the rider's own sailing and
 * arrival, from the same forecasts the app stores (server/forecast/forecast-service.ts). A Ninja
 * booking has a reserved space: no chance alert for it.
 *
 * Sent as `sailing_disruption` alerts, as the weather level is: news of the rider's sailing.
 *
 * Bounded: the riders' active trips (rider-trips.ts); the forecasts are read once per route end and tick.
 */
import { ARRIVAL_TRAVEL_MINUTES } from '@/domain/arrival-timer';
import { sailingChances, type ChanceSailing } from '@/domain/sailing-chance';
import type { SailingForecast } from '@/domain/sailing-forecast';
import { directedRouteName, routeById } from '@/domain/terminals';
import { chanceDropAlert, checkinCutoffAlert, type TripSailing } from '@/domain/trip-alerts';

import type { FerryFeed } from '../../feed/ferry-feed';
import type { ForecastService } from '../../forecast/forecast-service';
import type { AlertSource, DueAlert } from '../alert-source';
import { riderTrips, tripDeparture, type RiderTrip } from '../rider-trips';

export function createTripChangesSource(
  feed: Pick<FerryFeed, 'sailings'>,
  forecasts: Pick<ForecastService, 'forecasts'>,
): AlertSource {
  return {
    name: 'trip-changes',
    async due(database, now) {
      const t = now.getTime();
      const sailings = feed.sailings();
      const trips = (await riderTrips(database, sailings, now)).filter(
        (trip) => tripDeparture(trip.sailing) > t && trip.sailing.status !== 'cancelled',
      );
      if (trips.length === 0) return [];

      const forecastsOf = new Map<string, Promise<Map<string, SailingForecast>>>();
      const forecastOf = async (trip: RiderTrip) => {
        const end = `${trip.sailing.routeId}|${trip.sailing.from}`;
        let loaded = forecastsOf.get(end);
        if (!loaded) {
          loaded = forecasts
            .forecasts({ routeId: trip.sailing.routeId, from: trip.sailing.from })
            .then((list) => new Map(list.map((f) => [f.sailingId, f])));
          forecastsOf.set(end, loaded);
        }
        return (await loaded).get(trip.sailing.id);
      };

      const due: DueAlert[] = [];
      for (const trip of trips) {
        const { sailing } = trip;
        const departure = tripDeparture(sailing);
        const route = routeById(sailing.routeId);
        const tripSailing: TripSailing = {
          sailingId: sailing.id,
          departure,
          routeName: route ? directedRouteName(route, sailing.from) : sailing.routeId,
        };
        const base = { userId: trip.userId, url: '/app', tripDeparture: new Date(departure).toISOString() };
        if (trip.plan !== 'ninja' && trip.arrival) {
          const forecast = await forecastOf(trip);
          const chanceSailing: ChanceSailing = {
            id: sailing.id,
            routeId: sailing.routeId,
            departureTime: new Date(departure).toISOString(),
            ...(sailing.carFill === undefined ? {} : { carFill: sailing.carFill, observedAt: sailing.observedAt }),
          };
          const [chance] = sailingChances({
            sailings: [chanceSailing],
            forecastOf: () => forecast,
            arrival: trip.arrival,
            now: t,
          });
          const alert = chanceDropAlert(tripSailing, chance);
          if (alert) due.push({ ...base, kind: 'sailing_disruption', ...alert });
        }
        if (trip.plan === 'ninja' && !trips.some((o) => o.userId === trip.userId && o.plan === 'timer')) {
          const alert = checkinCutoffAlert(tripSailing, ARRIVAL_TRAVEL_MINUTES, t);
          if (alert) due.push({ ...base, kind: 'sailing_disruption', ...alert });
        }
      }
      return due;
    },
  };
}
