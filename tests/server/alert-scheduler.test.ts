/**
 * The alert scheduler against a real database: when the away alerts fire (instants on a hand-set
 * clock, never wall time), that each fires once (next tick, a restarted server), that ended and stale
 * sessions stay silent, that the queue-moving alert follows the feed, and how pushes are handed out.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';

import { awayAlertKey, queueMovingAlertKey } from '@/domain/away';
import type { AlertPushPayload } from '@/domain/notification';

import type { AlertSource } from '../../server/alerts/alert-source';
import { deliverAlert } from '../../server/alerts/deliver-alert';
import { awayReturnSource } from '../../server/alerts/sources/away-return';
import { createQueueMovingSource } from '../../server/alerts/sources/queue-moving';
import { notifications, pushSubscriptions } from '../../server/db/schema';
import { simulate } from '../../server/feed/simulator';
import { runAlertTick, startAlertScheduler, type AlertSchedulerLog } from '../../server/jobs/alert-scheduler';
import type { PushResult, PushSender, PushTarget } from '../../server/push/push-sender';
import { openEmbeddedApp } from '../fixtures/embedded-app';
import { asRider, type Actor } from '../kit/server/actor';
import { createTestApp, truncateTables, type TestApp } from '../kit/server/app';

const MINUTE = 60_000;

interface Sent {
  endpoint: string;
  payload: AlertPushPayload;
}

/** A push service stand-in: records every send and answers per endpoint (default 'sent'). */
function fakePush(answers: Record<string, PushResult | Error> = {}): PushSender & { sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    async send(sub: PushTarget, payload: AlertPushPayload) {
      sent.push({ endpoint: sub.endpoint, payload });
      const answer = answers[sub.endpoint] ?? 'sent';
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

function quietLog(): AlertSchedulerLog & { errors: object[] } {
  const errors: object[] = [];
  return { errors, error: (obj) => void errors.push(obj), info: () => undefined };
}

async function subscribe(rider: Actor, endpoint: string): Promise<void> {
  const res = await rider.post('/api/push/subscriptions', { endpoint, keys: { p256dh: 'BKey', auth: 'auth' } });
  expect(res.statusCode).toBe(201);
}

interface Started {
  id: string;
  alertAt: number;
  boardingMs: number;
}

async function startAway(
  rider: Actor,
  opts: { boardingMs?: number; threshold?: number; ferryId?: string; location?: string } = {},
): Promise<Started> {
  const boardingMs = opts.boardingMs ?? Date.now() + 30 * MINUTE;
  const res = await rider.post('/api/away-sessions', {
    id: randomUUID(),
    ferryId: opts.ferryId ?? 'queen-of-oak-bay',
    queuePosition: 26,
    estimatedBoardingTime: new Date(boardingMs).toISOString(),
    currentLocation: opts.location ?? 'Coffee Kiosk',
    ...(opts.threshold === undefined ? {} : { alertThresholdMinutes: opts.threshold }),
  });
  expect(res.statusCode).toBe(201);
  const session = res.json();
  return { id: session.id, alertAt: Date.parse(session.alertAt), boardingMs };
}

async function inbox(rider: Actor) {
  return (await rider.get('/api/notifications')).json();
}

describe('alert scheduler on one server', () => {
  let t: TestApp;
  let feedClock = Date.now();

  beforeAll(async () => {
    t = await createTestApp({ now: () => feedClock });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await truncateTables(t.database, ['users', 'sessions', 'away_sessions', 'notifications', 'push_subscriptions']);
  });

  it('fires the return alert at boarding minus the threshold, on the first tick at or after it, once', async () => {
    const rider = await asRider(t);
    await subscribe(rider, 'https://push.example.test/phone');
    const session = await startAway(rider);
    expect(session.alertAt).toBe(session.boardingMs - 5 * MINUTE);
    const push = fakePush();
    const deps = { database: t.database, push, sources: [awayReturnSource] };

    // Ticks every 5 s from 30 s before the alert time to 30 s after it; the first delivery is observed.
    const delivering: number[] = [];
    for (let at = session.alertAt - 30_000; at <= session.alertAt + 30_000; at += 5_000) {
      if ((await runAlertTick(deps, new Date(at))) > 0) delivering.push(at);
    }
    expect(delivering).toEqual([session.alertAt]);
    expect(await runAlertTick(deps, new Date(session.alertAt - 1))).toBe(0);
    // Once in the inbox, the source no longer reports it at all (its query skips delivered keys).
    expect(await awayReturnSource.due(t.database, new Date(session.alertAt + MINUTE))).toEqual([]);

    expect(push.sent).toEqual([
      {
        endpoint: 'https://push.example.test/phone',
        payload: {
          title: 'Time to head back to your vehicle',
          body: 'Boarding starts in about 5 minutes. Leave Coffee Kiosk now.',
          tag: awayAlertKey(session.id),
          url: '/app?away=open',
          kind: 'away_alert',
        },
      },
    ]);
    const list = await inbox(rider);
    expect(list.unreadCount).toBe(1);
    expect(list.items).toMatchObject([
      { key: awayAlertKey(session.id), kind: 'away_alert', title: 'Time to head back to your vehicle', readAt: null },
    ]);
  });

  it("uses the session's own threshold", async () => {
    const rider = await asRider(t);
    const session = await startAway(rider, { threshold: 12, location: 'Washrooms' });
    const push = fakePush();
    const deps = { database: t.database, push, sources: [awayReturnSource] };
    expect(session.alertAt).toBe(session.boardingMs - 12 * MINUTE);
    expect(await runAlertTick(deps, new Date(session.alertAt - 1))).toBe(0);
    expect(await runAlertTick(deps, new Date(session.alertAt))).toBe(1);
    expect((await inbox(rider)).items[0].body).toBe('Boarding starts in about 12 minutes. Leave Washrooms now.');
  });

  it('never alerts for an ended session', async () => {
    const rider = await asRider(t);
    const session = await startAway(rider);
    await rider.delete(`/api/away-sessions/${session.id}`);
    const deps = { database: t.database, push: fakePush(), sources: [awayReturnSource] };
    expect(await runAlertTick(deps, new Date(session.alertAt + MINUTE))).toBe(0);
    expect((await inbox(rider)).items).toEqual([]);
  });

  it('does not call a rider back to a sailing that boarded more than an hour ago', async () => {
    const rider = await asRider(t);
    const session = await startAway(rider, { boardingMs: Date.now() - 2 * 60 * MINUTE });
    const deps = { database: t.database, push: fakePush(), sources: [awayReturnSource] };
    expect(await runAlertTick(deps, new Date(session.boardingMs + 61 * MINUTE))).toBe(0);
    expect(await runAlertTick(deps, new Date(session.boardingMs + 59 * MINUTE))).toBe(1);
  });

  it('keeps going when one source fails', async () => {
    const rider = await asRider(t);
    const session = await startAway(rider);
    const broken: AlertSource = {
      name: 'broken',
      due: () => Promise.reject(new Error('source down')),
    };
    const log = quietLog();
    const deps = { database: t.database, push: fakePush(), sources: [broken, awayReturnSource], log };
    expect(await runAlertTick(deps, new Date(session.alertAt))).toBe(1);
    expect(log.errors).toMatchObject([{ source: 'broken' }]);
  });

  it('sends the queue-moving alert when the feed shows the ferry loading, once', async () => {
    // A vessel whose loading starts later than "now": the rider waits for it. The simulated world
    // finds some sailings late as the day goes on (their loading then starts later than first said):
    // the ferry is one whose loading still starts when it first said, whatever the hour the test runs.
    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    const loadsAsSaid = (f: { id: string; boardingStartTime?: string | null }) => {
      const starts = Date.parse(f.boardingStartTime ?? '');
      if (!(starts > now + MINUTE)) return false;
      return simulate(starts).ferries.find((g) => g.id === f.id)?.boardingStartTime === f.boardingStartTime;
    };
    const ferry = simulate(now).ferries.find(loadsAsSaid);
    if (!ferry) throw new Error('the simulator has no ferry loading later');
    const loadingStarts = Date.parse(ferry.boardingStartTime!);
    const rider = await asRider(t);
    await subscribe(rider, 'https://push.example.test/phone');
    const session = await startAway(rider, {
      ferryId: ferry.id,
      boardingMs: Date.parse(ferry.departureTime),
    });
    const push = fakePush();
    const deps = { database: t.database, push, sources: [createQueueMovingSource(t.feed)] };

    feedClock = loadingStarts - MINUTE;
    t.feed.tick();
    expect(await runAlertTick(deps, new Date(feedClock))).toBe(0);

    feedClock = loadingStarts;
    t.feed.tick();
    expect(t.feed.current().find((f) => f.id === ferry.id)?.boardingStartTime).toBe(ferry.boardingStartTime);
    expect(await runAlertTick(deps, new Date(feedClock))).toBe(1);
    expect(await runAlertTick(deps, new Date(feedClock + 5_000))).toBe(0);

    expect(push.sent.map((s) => s.payload)).toEqual([
      {
        title: 'Your queue is moving',
        body: 'Movement was detected in your row: boarding has started. Return to your vehicle now.',
        tag: queueMovingAlertKey(session.id),
        url: '/app?away=open',
        kind: 'queue_moving',
      },
    ]);
    expect((await inbox(rider)).items).toMatchObject([{ kind: 'queue_moving', key: queueMovingAlertKey(session.id) }]);
  });

  it("pushes to all of the rider's browsers and deletes the ones the push service calls gone", async () => {
    const rider = await asRider(t);
    for (const name of ['phone', 'tablet', 'old-laptop', 'offline']) {
      await subscribe(rider, `https://push.example.test/${name}`);
    }
    const push = fakePush({
      'https://push.example.test/old-laptop': 'gone',
      'https://push.example.test/offline': 'failed',
      'https://push.example.test/tablet': new Error('socket hang up'),
    });
    const errors: unknown[] = [];
    const alert = {
      userId: rider.id,
      key: 'test:gone',
      kind: 'away_alert' as const,
      title: 'T',
      body: 'B',
      url: '/app',
    };
    expect(await deliverAlert({ database: t.database, push, onPushError: (e) => errors.push(e) }, alert)).toBe(true);
    expect(push.sent).toHaveLength(4);
    const left = (await t.database.db.select().from(pushSubscriptions)).map((s) => s.endpoint).sort();
    expect(left).toEqual([
      'https://push.example.test/offline',
      'https://push.example.test/phone',
      'https://push.example.test/tablet',
    ]);
    expect(errors).toHaveLength(1);

    expect(await deliverAlert({ database: t.database, push }, alert)).toBe(false);
    expect(push.sent).toHaveLength(4);
    expect(await t.database.db.select().from(notifications)).toHaveLength(1);
  });
});

describe('alert scheduler across a restart', () => {
  let workDir: string;
  let dataDir: string;

  beforeAll(async () => {
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-alert-restart-'));
    dataDir = path.join(workDir, 'data');
    await fs.cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  });
  afterAll(async () => {
    await fs.rm(workDir, { recursive: true, force: true });
  });

  /** A source that counts the ticks that asked it. */
  function counted(source: AlertSource): AlertSource & { calls: number } {
    const wrapper = {
      name: source.name,
      calls: 0,
      async due(...args: Parameters<AlertSource['due']>) {
        wrapper.calls += 1;
        return source.due(...args);
      },
    };
    return wrapper;
  }

  it('delivers once with the first server and never again after it restarts on the same database', async () => {
    const open = () => openEmbeddedApp({ dataDir, staticDir: path.join(workDir, 'no-build') });
    const push = fakePush();
    const log = quietLog();

    const first = await open();
    const rider = await asRider(first);
    await subscribe(rider, 'https://push.example.test/phone');
    const session = await startAway(rider);
    const clock = () => session.alertAt + 1_000;

    const source1 = counted(awayReturnSource);
    const stop1 = startAlertScheduler({
      database: first.database,
      push,
      sources: [source1],
      intervalMs: 10,
      now: clock,
      log,
    });
    await vi.waitFor(() => expect(source1.calls).toBeGreaterThanOrEqual(3), { timeout: 20_000 });
    await stop1();
    await first.close();
    expect(push.sent).toHaveLength(1);

    const second = await open();
    try {
      const source2 = counted(awayReturnSource);
      const stop2 = startAlertScheduler({
        database: second.database,
        push,
        sources: [source2],
        intervalMs: 10,
        now: clock,
        log,
      });
      await vi.waitFor(() => expect(source2.calls).toBeGreaterThanOrEqual(3), { timeout: 20_000 });
      await stop2();
      expect(push.sent).toHaveLength(1);
      expect(log.errors).toEqual([]);
      const list = await inbox(rider.on(second.app));
      expect(list.items).toMatchObject([{ key: awayAlertKey(session.id) }]);
    } finally {
      await second.close();
    }
  });
});
