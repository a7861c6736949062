/**
 * Cancelled and late sailings (src/domain/sailing-disruption.ts) for the scheduler: riders whose
 * sailing it is get one inbox and push alert naming the next sailings with car space.
 *
 * Whose sailing it is: the riders' planned sailings (../rider-trips.ts: an arrival timer, an away
 * session or a Ninja booking).
 * Bounded: nothing is read when no sailing between LOOKBACK_MS ago and LOOKAHEAD_MS ahead is
 * disrupted; then the riders' active trips.
 */
import {
  disruptionOf,
  nextSailingsWithCarSpace,
  sailingDisruptionAlertKey,
  sailingDisruptionText,
} from '@/domain/sailing-disruption';

import type { FerryFeed } from '../../feed/ferry-feed';
import type { AlertSource, DueAlert } from '../alert-source';
import { tripDeparture as departs, riderTrips } from '../rider-trips';

const LOOKBACK_MS = 2 * 60 * 60_000;
const LOOKAHEAD_MS = 24 * 60 * 60_000;

export function createSailingDisruptionSource(feed: Pick<FerryFeed, 'sailings'>): AlertSource {
  return {
    name: 'sailing-disruption',
    async due(database, now) {
      const t = now.getTime();
      const sailings = feed.sailings();
      const disrupted = sailings.filter((s) => {
        const at = Date.parse(s.scheduledDeparture);
        return at >= t - LOOKBACK_MS && at <= t + LOOKAHEAD_MS && disruptionOf(s) !== undefined;
      });
      if (disrupted.length === 0) return [];
      const riders = new Map<string, Set<number>>();
      for (const trip of await riderTrips(database, sailings, now)) {
        if (!disrupted.includes(trip.sailing)) continue;
        riders.set(trip.sailing.id, (riders.get(trip.sailing.id) ?? new Set()).add(trip.userId));
      }

      const due: DueAlert[] = [];
      for (const sailing of disrupted) {
        const users = riders.get(sailing.id);
        const disruption = disruptionOf(sailing);
        if (!users || !disruption) continue;
        const text = sailingDisruptionText(sailing, disruption, nextSailingsWithCarSpace(sailings, sailing, t));
        for (const userId of users)
          due.push({
            userId,
            key: sailingDisruptionAlertKey(sailing.id, disruption),
            kind: 'sailing_disruption',
            ...text,
            url: '/app',
            tripDeparture: new Date(departs(sailing)).toISOString(),
          });
      }
      return due;
    },
  };
}
