/**
 * The trip alerts on the server: quiet hours hold alerts and deliver them when they end (never in the
 * trip's last 2 hours), the chance of a place on the rider's sailing dropping under 30 %, and away
 * mode's alarm repeating until the rider acknowledges it. Each through the scheduler's real tick.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { awayAlertKey } from '@/domain/away';
import type { AlertPushPayload } from '@/domain/notification';
import type { Sailing } from '@/domain/sailing';
import type { SailingForecast } from '@/domain/sailing-forecast';
import { terminalWallClock } from '@/domain/time';

import type { AlertSource, DueAlert } from '../../server/alerts/alert-source';
import { createDailyDigestSource } from '../../server/alerts/sources/daily-digest';
import { createTripChangesSource } from '../../server/alerts/sources/trip-changes';
import { arrivalTimers, heldAlerts, notifications } from '../../server/db/schema';
import { runAlertTick } from '../../server/jobs/alert-scheduler';
import type { PushSender } from '../../server/push/push-sender';
import { asRider, type Actor } from '../kit/server/actor';
import { createTestApp, truncateTables, type TestApp } from '../kit/server/app';
import { NO_ANIMALS, wallClockHHMM } from '../kit/server/quiet-hours';

const MINUTE = 60_000;
const NOW = Date.now();
let t: TestApp;
const pushed: AlertPushPayload[] = [];
const push: PushSender = {
  send: async (_sub, payload) => {
    pushed.push(payload);
    return 'sent';
  },
};

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  pushed.length = 0;
  await truncateTables(t.database, [
    'users',
    'sessions',
    'notifications',
    'push_subscriptions',
    'held_alerts',
    'alert_settings',
    'away_sessions',
    'away_alarms',
    'arrival_timers',
  ]);
});

async function setQuietHours(rider: Actor, fields: Record<string, unknown>) {
  return rider.patch('/api/users/animal-preferences', { ...NO_ANIMALS, ...fields });
}

async function subscribe(rider: Actor) {
  const res = await rider.post('/api/push/subscriptions', {
    endpoint: `https://push.example.test/${randomUUID()}`,
    keys: { p256dh: 'BKey', auth: 'auth' },
  });
  expect(res.statusCode).toBe(201);
}

const fixed = (alerts: DueAlert[]): AlertSource => ({ name: 'fixed', due: async () => alerts });
const inboxOf = async (userId: number) =>
  (await t.database.db.select().from(notifications)).filter((n) => n.userId === userId);

describe('quiet hours', () => {
  it('are saved in Settings and answered in the profile; a bad time is a 400 with {error, message}', async () => {
    const rider = await asRider(t);
    const saved = await setQuietHours(rider, {
      quietHoursEnabled: true,
      quietHoursStart: '22:30',
      quietHoursEnd: '06:45',
      dailyDigest: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      quietHoursEnabled: true,
      quietHoursStart: '22:30',
      quietHoursEnd: '06:45',
      dailyDigest: true,
    });
    const bad = await setQuietHours(rider, { quietHoursStart: '25:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: expect.any(String),
      message: expect.stringContaining('quietHoursStart'),
    });
    expect((await rider.get('/api/users/profile')).json()).toMatchObject({ quietHoursStart: '22:30' });
  });

  it('hold an alert (no inbox row, no push) until they end, then deliver it once', async () => {
    const rider = await asRider(t);
    await subscribe(rider);
    await setQuietHours(rider, {
      quietHoursEnabled: true,
      quietHoursStart: wallClockHHMM(NOW - 60 * MINUTE),
      quietHoursEnd: wallClockHHMM(NOW + 60 * MINUTE),
    });
    const alert: DueAlert = {
      userId: rider.id,
      key: 'trip:test:held',
      kind: 'sailing_disruption',
      title: 'Your 11:00 AM sailing is cancelled',
      body: 'Held overnight.',
      url: '/app',
      tripDeparture: new Date(NOW + 5 * 60 * MINUTE).toISOString(),
    };
    const deps = { database: t.database, push, sources: [fixed([alert])] };
    expect(await runAlertTick(deps, new Date(NOW))).toBe(0);
    expect(await runAlertTick(deps, new Date(NOW + MINUTE))).toBe(0);
    expect(await inboxOf(rider.id)).toEqual([]);
    expect(pushed).toEqual([]);
    expect(await t.database.db.select().from(heldAlerts)).toHaveLength(1);

    // The quiet hours end (an hour on): the held alert goes out, once, and is no longer held.
    const after = NOW + 61 * MINUTE;
    expect(await runAlertTick({ ...deps, sources: [] }, new Date(after))).toBe(1);
    expect(await runAlertTick(deps, new Date(after))).toBe(0);
    expect(await inboxOf(rider.id)).toMatchObject([{ key: 'trip:test:held', title: alert.title }]);
    expect(pushed.map((p) => p.tag)).toEqual(['trip:test:held']);
    expect(await t.database.db.select().from(heldAlerts)).toEqual([]);
  });

  it('switched off deliver what they held at the next tick', async () => {
    const rider = await asRider(t);
    await setQuietHours(rider, {
      quietHoursEnabled: true,
      quietHoursStart: wallClockHHMM(NOW - 60 * MINUTE),
      quietHoursEnd: wallClockHHMM(NOW + 60 * MINUTE),
    });
    const alert: DueAlert = {
      userId: rider.id,
      key: 'digest:x',
      kind: 'sailing_disruption',
      title: 'T',
      body: 'B',
      url: '/app',
    };
    await runAlertTick({ database: t.database, push, sources: [fixed([alert])] }, new Date(NOW));
    expect(await inboxOf(rider.id)).toEqual([]);
    await setQuietHours(rider, { quietHoursEnabled: false });
    expect(await runAlertTick({ database: t.database, push, sources: [] }, new Date(NOW))).toBe(1);
    expect(await inboxOf(rider.id)).toMatchObject([{ key: 'digest:x' }]);
  });

  it("hold nothing in the trip's last 2 hours, nor an order update", async () => {
    const rider = await asRider(t);
    await setQuietHours(rider, {
      quietHoursEnabled: true,
      quietHoursStart: wallClockHHMM(NOW - 60 * MINUTE),
      quietHoursEnd: wallClockHHMM(NOW + 60 * MINUTE),
    });
    const soon: DueAlert = {
      userId: rider.id,
      key: 'trip:soon',
      kind: 'sailing_disruption',
      title: 'Soon',
      body: 'B',
      url: '/app',
      tripDeparture: new Date(NOW + 119 * MINUTE).toISOString(),
    };
    const order: DueAlert = {
      userId: rider.id,
      key: 'order:1:preparing',
      kind: 'order_update',
      title: 'O',
      body: 'B',
      url: '/app',
    };
    expect(await runAlertTick({ database: t.database, push, sources: [fixed([soon, order])] }, new Date(NOW))).toBe(2);
    expect((await inboxOf(rider.id)).map((n) => n.key).sort()).toEqual(['order:1:preparing', 'trip:soon']);
  });
});

describe('the chance of a place on the rider’s sailing dropping under 30 %', () => {
  const departure = NOW + 3 * 60 * MINUTE;
  const sailing: Sailing = {
    id: `tsa-swb:tsawwassen:${new Date(departure).toISOString()}`,
    routeId: 'tsa-swb',
    from: 'tsawwassen',
    to: 'swartz-bay',
    scheduledDeparture: new Date(departure).toISOString(),
    status: 'scheduled',
    source: 'simulator',
    observedAt: new Date(NOW).toISOString(),
  } as Sailing;
  /** Twelve similar sailings: `full` of them were full an hour before leaving. */
  const forecastWith = (full: number): SailingForecast =>
    ({
      sailingId: sailing.id,
      routeId: sailing.routeId,
      from: sailing.from,
      scheduledDeparture: sailing.scheduledDeparture,
      status: 'ok',
      fillCurves: {
        minutesBefore: [240, 60, 0],
        sailings: Array.from({ length: 12 }, (_, i) => ({ weight: 1, fills: [50, i < full ? 100 : 70, 100] })),
      },
      computedAt: new Date(NOW).toISOString(),
    }) as unknown as SailingForecast;

  async function riderWithTimer() {
    const rider = await asRider(t);
    await t.database.db.insert(arrivalTimers).values({
      id: randomUUID(),
      userId: rider.id,
      ferryId: sailing.id,
      departureLocation: 'Home',
      targetDeparture: new Date(departure),
      bufferTime: 15,
      travelTime: 45,
      cutoffTime: new Date(departure - 30 * MINUTE),
      // Arrives an hour before departure.
      alarmTime: new Date(departure - 105 * MINUTE),
    });
    return rider;
  }

  it('alerts the rider once, with the figure, however many ticks run', async () => {
    const rider = await riderWithTimer();
    const other = await asRider(t);
    const source = createTripChangesSource(
      { sailings: () => [sailing] },
      { forecasts: async () => [forecastWith(12)] },
    );
    const deps = { database: t.database, push, sources: [source] };
    expect(await runAlertTick(deps, new Date(NOW))).toBe(1);
    expect(await runAlertTick(deps, new Date(NOW + MINUTE))).toBe(0);
    const mine = await inboxOf(rider.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      key: `trip:${sailing.id}:chance:below-30`,
      kind: 'sailing_disruption',
      title: expect.stringMatching(/^Your \d{1,2}:\d{2} (am|pm) sailing: \d+% chance of a place$/),
    });
    expect(await inboxOf(other.id)).toEqual([]);
  });

  it('says nothing while the chance is 30 % or more', async () => {
    const rider = await riderWithTimer();
    const source = createTripChangesSource({ sailings: () => [sailing] }, { forecasts: async () => [forecastWith(0)] });
    expect(await runAlertTick({ database: t.database, push, sources: [source] }, new Date(NOW))).toBe(0);
    expect(await inboxOf(rider.id)).toEqual([]);
  });
});

describe('the daily digest', () => {
  it("sends, from 7 pm, one alert about tomorrow's planned sailing with its weather level, only to a rider who asked", async () => {
    const w = terminalWallClock(NOW);
    // 8:00 pm today, terminal time, and a sailing at 9:00 am tomorrow.
    const evening = NOW + ((20 - w.hour) * 60 - w.minute) * MINUTE;
    const departure = evening + 13 * 60 * MINUTE;
    const sailing = {
      id: `tsa-swb:tsawwassen:${new Date(departure).toISOString()}`,
      routeId: 'tsa-swb',
      from: 'tsawwassen',
      to: 'swartz-bay',
      scheduledDeparture: new Date(departure).toISOString(),
      status: 'scheduled',
      source: 'simulator',
      observedAt: new Date(NOW).toISOString(),
    } as Sailing;
    const timerFor = async (rider: Actor) =>
      t.database.db.insert(arrivalTimers).values({
        id: randomUUID(),
        userId: rider.id,
        ferryId: sailing.id,
        departureLocation: 'Home',
        targetDeparture: new Date(departure),
        bufferTime: 15,
        travelTime: 45,
        cutoffTime: new Date(departure - 30 * MINUTE),
        alarmTime: new Date(departure - 105 * MINUTE),
      });
    const rider = await asRider(t);
    await setQuietHours(rider, { dailyDigest: true });
    await timerFor(rider);
    const notAsked = await asRider(t);
    await timerFor(notAsked);
    const source = createDailyDigestSource(
      {
        levels: () => [
          {
            sailingId: sailing.id,
            routeId: 'tsa-swb',
            level: 'be-aware',
            reason: 'Gale warning for Strait of Georgia - south of Nanaimo, winds 35 knots',
            warnings: ['Gale warning'],
            covered: true,
          },
        ],
      },
      { sailings: () => [sailing] },
    );
    const deps = { database: t.database, push, sources: [source] };
    expect(await runAlertTick(deps, new Date(evening - 2 * 60 * MINUTE))).toBe(0);
    expect(await runAlertTick(deps, new Date(evening))).toBe(1);
    expect(await runAlertTick(deps, new Date(evening + 60 * MINUTE))).toBe(0);
    const mine = await inboxOf(rider.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      key: expect.stringMatching(/^digest:\d{4}-\d{2}-\d{2}$/),
      title: "Tomorrow's sailings: 1 of 1 at risk",
      body: '9:00 am Tsawwassen - Swartz Bay: Be aware (Gale warning for Strait of Georgia - south of Nanaimo, winds 35 knots).',
    });
    expect(await inboxOf(notAsked.id)).toEqual([]);
  });
});

describe("away mode's alarm", () => {
  async function startAway(rider: Actor, repeat: boolean) {
    const res = await rider.post('/api/away-sessions', {
      id: randomUUID(),
      ferryId: 'queen-of-oak-bay',
      queuePosition: 26,
      estimatedBoardingTime: new Date(NOW + 10 * MINUTE).toISOString(),
      alertThresholdMinutes: 5,
      currentLocation: 'Coffee Kiosk',
      repeatUntilAcknowledged: repeat,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; alertAt: string; repeatUntilAcknowledged: boolean; acknowledgedAt: null };
  }

  it('repeats the return alert as a push every 2 minutes until acknowledged, each repeat once', async () => {
    const rider = await asRider(t);
    await subscribe(rider);
    const session = await startAway(rider, true);
    expect(session).toMatchObject({ repeatUntilAcknowledged: true, acknowledgedAt: null });
    const alertAt = Date.parse(session.alertAt);
    const deps = { database: t.database, push, sources: [] };
    await runAlertTick(deps, new Date(alertAt + MINUTE));
    expect(pushed).toEqual([]);
    await runAlertTick(deps, new Date(alertAt + 2 * MINUTE));
    await runAlertTick(deps, new Date(alertAt + 3 * MINUTE));
    expect(pushed).toMatchObject([{ tag: awayAlertKey(session.id), title: 'Time to head back to your vehicle' }]);
    await runAlertTick(deps, new Date(alertAt + 4 * MINUTE));
    expect(pushed).toHaveLength(2);

    const ack = await rider.post(`/api/away-sessions/${session.id}/acknowledge`, {});
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ id: session.id, acknowledgedAt: expect.any(String) });
    expect((await rider.get('/api/away-sessions/active')).json()).toMatchObject({ acknowledgedAt: expect.any(String) });
    await runAlertTick(deps, new Date(alertAt + 6 * MINUTE));
    expect(pushed).toHaveLength(2);
  });

  it('never repeats without the switch; acknowledging is the caller’s own session only (404), with an alarm (409)', async () => {
    const rider = await asRider(t);
    await subscribe(rider);
    const plain = await startAway(rider, false);
    expect(plain.repeatUntilAcknowledged).toBe(false);
    await runAlertTick({ database: t.database, push, sources: [] }, new Date(Date.parse(plain.alertAt) + 4 * MINUTE));
    expect(pushed).toEqual([]);
    const noAlarm = await rider.post(`/api/away-sessions/${plain.id}/acknowledge`, {});
    expect(noAlarm.statusCode).toBe(409);
    expect(noAlarm.json()).toMatchObject({ error: 'no_alarm', message: expect.any(String) });

    const other = await asRider(t);
    const theirs = await startAway(other, true);
    const notMine = await rider.post(`/api/away-sessions/${theirs.id}/acknowledge`, {});
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ error: 'not_found', message: expect.any(String) });
    const tooLong = await rider.post(`/api/away-sessions/${'x'.repeat(101)}/acknowledge`, {});
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });
});
