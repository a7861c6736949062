/**
 * Ninja Booking's openings under the rider's quiet hours (src/domain/quiet-hours.ts, the same
 * decision as every trip alert): an opening found in quiet hours is held (no inbox row, no push, no
 * e-mail or SMS), delivered once by the alert scheduler when the quiet hours no longer hold it, its
 * copies sent on the watcher's next pass; in the last 2 hours before the sailing nothing is held; an
 * opening that closes while held is dropped. Through the watcher's and the scheduler's real passes.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { runWatcherPass } from '../../server/booking-agent/engine';
import type { WatcherDeps } from '../../server/booking-agent/ninja-watcher';
import { heldAlerts, notifications, outboundMessages } from '../../server/db/schema';
import { spacesAt } from '../../server/feed/reservations';
import { runAlertTick } from '../../server/jobs/alert-scheduler';
import type { PushSender } from '../../server/push/push-sender';
import { asRider, type Actor } from '../kit/server/actor';
import { NINJA_BOOKING_TABLES, truncateTables, useTestApp } from '../kit/server/app';
import { NO_ANIMALS, wallClockHHMM } from '../kit/server/quiet-hours';
import { ninjaRequestBody } from './support/ninja-request';
import { findOpening, type Opening } from './support/openings';

const MINUTE = 60_000;
const OPEN_ALL_DAY = findOpening('Horseshoe Bay - Departure Bay', '2026-07-15');
/** Open 13 minutes, then taken again. */
const SHORT_LIVED = findOpening('Tsawwassen - Swartz Bay', '2026-07-16');
let clock = OPEN_ALL_DAY.opensAt - MINUTE;
// Both channels can deliver: the copies are watched too.
const t = useTestApp({
  now: () => clock,
  env: { SMTP_URL: 'smtp://127.0.0.1:2525', SMS_URL: 'http://127.0.0.1:9/sms' },
});

const pushed: string[] = [];
const push: PushSender = { send: async (_sub, payload) => (pushed.push(payload.tag ?? ''), 'sent') };
const watcher = (): WatcherDeps => ({ database: t.database, push, transports: {} });
const tick = (at: number) => runAlertTick({ database: t.database, push, sources: [] }, new Date(at));

beforeEach(async () => {
  await truncateTables(t.database, [
    'users',
    ...NINJA_BOOKING_TABLES,
    'held_alerts',
    'alert_settings',
    'push_subscriptions',
  ]);
  pushed.length = 0;
});

/** A Ninja rider with a push subscription and quiet hours from an hour before `around` to an hour after. */
async function quietRider(around: number): Promise<Actor> {
  const rider = await asRider(t, { membershipType: 'ninja', phoneNumber: '604-555-0100' });
  const sub = await rider.post('/api/push/subscriptions', {
    endpoint: `https://push.example.test/${randomUUID()}`,
    keys: { p256dh: 'BKey', auth: 'auth' },
  });
  expect(sub.statusCode).toBe(201);
  const quiet = await rider.patch('/api/users/animal-preferences', {
    ...NO_ANIMALS,
    quietHoursEnabled: true,
    quietHoursStart: wallClockHHMM(around - 60 * MINUTE),
    quietHoursEnd: wallClockHHMM(around + 60 * MINUTE),
  });
  expect(quiet.statusCode).toBe(200);
  return rider;
}

async function request(rider: Actor, opening: Opening) {
  const res = await rider.post(
    '/api/ninja-booking/requests',
    ninjaRequestBody(
      { route: opening.route, departureDate: opening.date, departureTime: opening.departureTime },
      { notifyViaEmail: true, notifyViaSms: true, contactEmail: 'rider@example.com' },
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
}

const inboxOf = (userId: number) => t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
const heldOf = async (rider: Actor) => ((await rider.get('/api/notifications')).json() as { held: number }).held;
const copies = async () =>
  (await t.database.db.select().from(outboundMessages)).map((m) => `${m.channel} ${m.recipient}`).sort();

describe('a Ninja Booking opening in quiet hours', () => {
  it('is held (no inbox row, push, e-mail nor SMS), then delivered once when the quiet hours are switched off', async () => {
    const opening = OPEN_ALL_DAY;
    expect(opening.sailing.scheduledMs - opening.opensAt).toBeGreaterThan(3 * 60 * MINUTE);
    const rider = await quietRider(opening.opensAt);
    clock = opening.opensAt - MINUTE;
    await request(rider, opening);
    await runWatcherPass(watcher(), new Date(clock));

    clock = opening.opensAt;
    await runWatcherPass(watcher(), new Date(clock));
    await runWatcherPass(watcher(), new Date(clock + 30_000));
    expect(await tick(clock + MINUTE)).toBe(0);
    expect(await inboxOf(rider.id)).toEqual([]);
    expect(pushed).toEqual([]);
    expect(await copies()).toEqual([]);
    expect(await heldOf(rider)).toBe(1);
    expect((await t.database.db.select().from(heldAlerts))[0]).toMatchObject({
      title: 'Ninja Booking: a space opened',
      tripDeparture: new Date(opening.sailing.scheduledMs),
    });

    // The rider switches quiet hours off: the next scheduler tick delivers it, the next watcher pass its copies.
    const off = await rider.patch('/api/users/animal-preferences', { ...NO_ANIMALS, quietHoursEnabled: false });
    expect(off.statusCode).toBe(200);
    clock = opening.opensAt + 2 * MINUTE;
    expect(await tick(clock)).toBe(1);
    await runWatcherPass(watcher(), new Date(clock));
    await runWatcherPass(watcher(), new Date(clock + 30_000));
    expect(await tick(clock + MINUTE)).toBe(0);
    const inbox = await inboxOf(rider.id);
    expect(inbox.map((n) => n.title)).toEqual(['Ninja Booking: a space opened']);
    expect(inbox[0]?.body).toContain(opening.route);
    expect(pushed).toHaveLength(1);
    expect(await copies()).toEqual(['email rider@example.com', 'sms 604-555-0100']);
    expect(await heldOf(rider)).toBe(0);
  });

  it('is not held in the last 2 hours before its sailing: inbox, push and copies at once', async () => {
    const opening = OPEN_ALL_DAY;
    const late = opening.sailing.scheduledMs - 90 * MINUTE;
    expect(spacesAt(opening.sailing, 'standard', late)).toBeGreaterThan(0);
    const rider = await quietRider(late);
    clock = late;
    await request(rider, opening);
    await runWatcherPass(watcher(), new Date(clock));
    expect((await inboxOf(rider.id)).map((n) => n.title)).toEqual(['Ninja Booking: a space opened']);
    expect(pushed).toHaveLength(1);
    expect(await copies()).toEqual(['email rider@example.com', 'sms 604-555-0100']);
    expect(await heldOf(rider)).toBe(0);
  });

  it('is dropped, never delivered, when the space is taken again before the quiet hours end', async () => {
    const opening = SHORT_LIVED;
    let closesAt = opening.opensAt;
    while (spacesAt(opening.sailing, 'standard', closesAt) > 0) closesAt += MINUTE;
    expect(closesAt - opening.opensAt).toBeLessThan(60 * MINUTE);
    const rider = await quietRider(opening.opensAt);
    clock = opening.opensAt - MINUTE;
    await request(rider, opening);
    clock = opening.opensAt;
    await runWatcherPass(watcher(), new Date(clock));
    expect(await heldOf(rider)).toBe(1);

    clock = closesAt;
    await runWatcherPass(watcher(), new Date(clock));
    expect(await heldOf(rider)).toBe(0);
    await rider.patch('/api/users/animal-preferences', { ...NO_ANIMALS, quietHoursEnabled: false });
    expect(await tick(clock + MINUTE)).toBe(0);
    expect(await inboxOf(rider.id)).toEqual([]);
    expect(pushed).toEqual([]);
    expect(await copies()).toEqual([]);
  });
});
