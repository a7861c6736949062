/**
 * Animal reminders (membership §2 Notification Preferences; DESIGN.md: saved and honoured): when the
 * rider's sailing starts loading — the ferry of their active away session reaching its
 * boardingStartTime, as for "queue moving" — a rider travelling with animals is reminded to get them
 * ready. Riders not travelling with animals get nothing; the "Animal reminders" switch is honoured by
 * the scheduler (src/domain/settings.ts alertAllowed).
 */
import { and, inArray, sql } from 'drizzle-orm';

import { awaySessions, users } from '../../db/schema';
import type { FerryFeed } from '../../feed/ferry-feed';
import type { AlertSource, DueAlert } from '../alert-source';
import { dueAwaySessions, loadingFerryIds } from './due-away-sessions';

export const animalReminderKey = (sessionId: string) => `away:${sessionId}:animals`;

export function createAnimalReminderSource(feed: Pick<FerryFeed, 'current'>): AlertSource {
  return {
    name: 'animal-reminder',
    async due(database, now) {
      const loading = loadingFerryIds(feed, now);
      if (loading.length === 0) return [];
      const withAnimals = sql`exists (select 1 from ${users} where ${users.id} = ${awaySessions.userId} and ${users.travelingWithAnimals})`;
      const rows = await dueAwaySessions(
        database,
        now,
        animalReminderKey,
        and(inArray(awaySessions.ferryId, loading), withAnimals)!,
        awaySessions.createdAt,
      );
      return rows.map((s): DueAlert => ({
        userId: s.userId,
        key: animalReminderKey(s.id),
        kind: 'animal_reminder',
        title: 'Loading has started: get your animals ready',
        body: 'Your sailing is loading. Keep pets leashed (1 m / 3 ft maximum) or in their carrier on the way to your vehicle.',
        url: '/app',
        tripDeparture: s.estimatedBoardingTime.toISOString(),
      }));
    },
  };
}
