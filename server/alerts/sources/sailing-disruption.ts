/**
 * Cancelled and late sailings (src/domain/sailing-disruption.ts) for the scheduler: riders whose
 * sailing it is get one inbox and push alert naming the next sailings with car space.
 *
 * Whose sailing it is, from what the server knows:
 * - an active arrival timer for the sailing: its ferryId is the sailing's id (what the arrival
 *   timer's picker sends), or the vessel's id with the sailing's departure (scheduled, or expected
 *   with its delay) as the timer's target;
 * - an active away session for the vessel: its sailing is the vessel's first sailing departing
 *   (expected, else scheduled) at or after the session started.
 * Bounded: nothing is read when no sailing between LOOKBACK_MS ago and LOOKAHEAD_MS ahead is
 * disrupted; then only the active timers and sessions of the disrupted sailings' vessels.
 */
import { and, eq, inArray } from 'drizzle-orm';

import type { Sailing } from '@/domain/sailing';
import {
  disruptionOf,
  nextSailingsWithCarSpace,
  sailingDisruptionAlertKey,
  sailingDisruptionText,
} from '@/domain/sailing-disruption';

import { arrivalTimers, awaySessions } from '../../db/schema';
import type { FerryFeed } from '../../feed/ferry-feed';
import type { AlertSource, DueAlert } from '../alert-source';

const LOOKBACK_MS = 2 * 60 * 60_000;
const LOOKAHEAD_MS = 24 * 60 * 60_000;
const MINUTE = 60_000;

const departs = (s: Sailing) => Date.parse(s.expectedDeparture ?? s.scheduledDeparture);

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
      const vesselIds = [...new Set(disrupted.flatMap((s) => (s.vesselId === undefined ? [] : [s.vesselId])))];
      const timerKeys = [...vesselIds, ...disrupted.map((s) => s.id)];
      const [timers, sessions] = await Promise.all([
        database.db
          .select({
            userId: arrivalTimers.userId,
            ferryId: arrivalTimers.ferryId,
            targetDeparture: arrivalTimers.targetDeparture,
          })
          .from(arrivalTimers)
          .where(and(eq(arrivalTimers.status, 'active'), inArray(arrivalTimers.ferryId, timerKeys))),
        vesselIds.length === 0
          ? []
          : database.db
              .select({ userId: awaySessions.userId, ferryId: awaySessions.ferryId, createdAt: awaySessions.createdAt })
              .from(awaySessions)
              .where(and(eq(awaySessions.status, 'active'), inArray(awaySessions.ferryId, vesselIds))),
      ]);

      const riders = new Map<string, Set<number>>();
      const add = (sailing: Sailing | undefined, userId: number) => {
        if (!sailing || !disrupted.includes(sailing)) return;
        riders.set(sailing.id, (riders.get(sailing.id) ?? new Set()).add(userId));
      };
      for (const timer of timers) {
        const bySailing = disrupted.find((s) => s.id === timer.ferryId);
        const target = timer.targetDeparture?.getTime();
        add(
          bySailing ??
            (target === undefined
              ? undefined
              : disrupted.find(
                  (s) =>
                    s.vesselId === timer.ferryId &&
                    target >= Date.parse(s.scheduledDeparture) - MINUTE &&
                    target <= departs(s) + MINUTE,
                )),
          timer.userId,
        );
      }
      for (const session of sessions) {
        const started = session.createdAt.getTime();
        const own = sailings
          .filter((s) => s.vesselId === session.ferryId && departs(s) >= started)
          .sort((a, b) => departs(a) - departs(b))[0];
        add(own, session.userId);
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
            key: sailingDisruptionAlertKey(sailing.id),
            kind: 'sailing_disruption',
            ...text,
            url: '/app',
          });
      }
      return due;
    },
  };
}
