/**
 * "You will be alerted if movement is detected in your row" (rider-core §2 EXPLORE MODE overlay): an
 * active away session whose ferry (ferryId = the feed's vessel id) has started loading, i.e. its
 * boardingStartTime has come. Loading is when the lanes move (server/feed/simulator.ts), so this can
 * come before the session's own alert time when the rider's estimate was too generous.
 *
 * Like the return alert, a session whose boarding was more than AWAY_RETURN_STALE_AFTER_MS ago is
 * left alone (a session never exited must not call its rider back days later).
 * The feed names only each vessel's next departure, so a loading window missed entirely (server down
 * for the whole of it) is not alerted afterwards: by then that sailing has left. Ended sessions never
 * alert.
 */
import { inArray } from 'drizzle-orm';

import { queueMovingAlertKey } from '@/domain/away';
import { AWAY_ALERT_URL, queueMovingAlertText } from '@/domain/away-alert-text';

import { awaySessions } from '../../db/schema';
import type { FerryFeed } from '../../feed/ferry-feed';
import type { AlertSource, DueAlert } from '../alert-source';
import { dueAwaySessions, loadingFerryIds } from './due-away-sessions';

export function createQueueMovingSource(feed: Pick<FerryFeed, 'current'>): AlertSource {
  return {
    name: 'queue-moving',
    async due(database, now) {
      const loading = loadingFerryIds(feed, now);
      if (loading.length === 0) return [];
      const rows = await dueAwaySessions(
        database,
        now,
        queueMovingAlertKey,
        inArray(awaySessions.ferryId, loading),
        awaySessions.createdAt,
      );
      return rows.map((s): DueAlert => ({
        userId: s.userId,
        key: queueMovingAlertKey(s.id),
        kind: 'queue_moving',
        ...queueMovingAlertText(),
        url: AWAY_ALERT_URL,
        tripDeparture: s.estimatedBoardingTime.toISOString(),
      }));
    },
  };
}
