import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AlertPushPayload } from '@/domain/notification';
import type { Sailing } from '@/domain/sailing';

import { createSailingDisruptionSource } from '../../server/alerts/sources/sailing-disruption';
import { arrivalTimers, awaySessions, notifications } from '../../server/db/schema';
import { createBcFerriesSource } from '../../server/feed/sources/bcferries-source';
import { runAlertTick } from '../../server/jobs/alert-scheduler';
import type { PushSender } from '../../server/push/push-sender';
import { startFakeFeed, type FakeFeed } from '../fixtures/fake-feed/fake-feed-server';
import { asRider } from '../kit/server/actor';
import { createTestApp, type TestApp } from '../kit/server/app';

/** Friday 10 July 2026, 3:50 pm: the Langdale 2:30 pm was cancelled, the Horseshoe Bay 3:40 pm is late. */
const NOW = Date.parse('2026-07-10T15:50:00-07:00');
const at = (local: string) => new Date(`2026-07-10T${local}:00-07:00`);
let fake: FakeFeed;
let t: TestApp;
const pushed: AlertPushPayload[] = [];
const push: PushSender = {
  send: async (_sub, payload) => {
    pushed.push(payload);
    return 'sent';
  },
};
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  fake = await startFakeFeed({ now: () => NOW });
  const source = createBcFerriesSource({ baseUrl: fake.url, pollMs: 60_000, log: quiet, now: () => NOW });
  t = await createTestApp({ now: () => NOW, feedSources: [source] });
  await source.pollOnce();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** The feed's sailings with the 3:40 pm from Horseshoe Bay 15 minutes late (as AIS or BC Ferries would say). */
function withLateSailing(): Pick<TestApp['feed'], 'sailings'> {
  return {
    sailings: () =>
      t.feed
        .sailings()
        .map((s): Sailing =>
          s.routeId === 'hsb-lng' && s.from === 'horseshoe-bay' && s.scheduledDeparture === at('15:40').toISOString()
            ? { ...s, delayMinutes: 15, expectedDeparture: at('15:55').toISOString() }
            : s,
        ),
  };
}

async function timerFor(userId: number, ferryId: string, target: Date): Promise<void> {
  await t.database.db.insert(arrivalTimers).values({
    id: randomUUID(),
    userId,
    ferryId,
    departureLocation: 'Home',
    targetDeparture: target,
    bufferTime: 10,
    travelTime: 45,
    cutoffTime: new Date(target.getTime() - 30 * 60_000),
    alarmTime: new Date(target.getTime() - 85 * 60_000),
  });
}

describe('cancelled and late sailings alert their riders once', () => {
  it('tells the rider whose sailing was cancelled, with the next sailings that still have car space', async () => {
    const rider = await asRider(t);
    await timerFor(rider.id, 'queen-of-coquitlam', at('14:30'));
    const onTime = await asRider(t);
    await timerFor(onTime.id, 'queen-of-coquitlam', at('16:50'));

    const source = createSailingDisruptionSource(withLateSailing());
    await runAlertTick({ database: t.database, push, sources: [source] }, new Date(NOW));
    const inbox = await t.database.db.select().from(notifications);
    const mine = inbox.filter((n) => n.userId === rider.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'sailing_disruption',
      title: 'Your 2:30 PM sailing is cancelled',
      url: '/app',
    });
    // Langdale's later sailings with room: 4:50 pm (65 %), 7:10 pm (63 %), 9:30 pm (38 %) in the day's document;
    // the reason is the row's vesselStatus ("Cancelled due to a mechanical problem").
    expect(mine[0]!.body).toBe(
      'Langdale - Horseshoe Bay 2:30 PM is cancelled due to a mechanical problem. Next sailings with car space: 4:50 PM (65% full), 7:10 PM (63% full), 9:30 PM (38% full).',
    );
    expect(inbox.filter((n) => n.userId === onTime.id)).toEqual([]);
  });

  it('tells the rider whose arrival timer names the sailing itself (as the timer picker sends it)', async () => {
    const sailing = withLateSailing()
      .sailings()
      .find(
        (s) =>
          s.routeId === 'hsb-lng' && s.from === 'horseshoe-bay' && s.scheduledDeparture === at('15:40').toISOString(),
      );
    expect(sailing).toBeDefined();
    const rider = await asRider(t);
    await timerFor(rider.id, sailing!.id, at('15:40'));

    const source = createSailingDisruptionSource(withLateSailing());
    await runAlertTick({ database: t.database, push, sources: [source] }, new Date(NOW));
    const mine = (await t.database.db.select().from(notifications)).filter((n) => n.userId === rider.id);
    expect(mine.map((n) => n.title)).toEqual(['Your 3:40 PM sailing is delayed 15 min']);
  });

  it('tells a rider away from the car that the sailing is 15 minutes late, skipping full sailings', async () => {
    const rider = await asRider(t);
    await t.database.db.insert(awaySessions).values({
      id: randomUUID(),
      userId: rider.id,
      ferryId: 'queen-of-coquitlam',
      queuePosition: 12,
      estimatedBoardingTime: at('15:20'),
      alertThresholdMinutes: 5,
      alertAt: at('15:15'),
      currentLocation: 'Coffee Kiosk',
      createdAt: at('15:10'),
    });
    const source = createSailingDisruptionSource(withLateSailing());
    await runAlertTick({ database: t.database, push, sources: [source] }, new Date(NOW));
    const mine = (await t.database.db.select().from(notifications)).filter((n) => n.userId === rider.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.title).toBe('Your 3:40 PM sailing is delayed 15 min');
    // 6:00 pm is 100 % full in the document: not offered.
    expect(mine[0]!.body).toBe(
      'Horseshoe Bay - Langdale 3:40 PM now leaves about 3:55 PM. Next sailings with car space: 8:20 PM (69% full), 10:40 PM (27% full), 12:20 AM (14% full).',
    );

    // Later ticks (and a delay that grows) add nothing: one alert per sailing.
    expect(await runAlertTick({ database: t.database, push, sources: [source] }, new Date(NOW + 60_000))).toBe(0);
  });
});
