import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';

import { ferryListSchema, realtimeMessageSchema, type RealtimeMessage } from '@/domain/ferry';
import { sailingListSchema, type Sailing } from '@/domain/sailing';
import {
  applySailingChanges,
  applySailingsSnapshot,
  sailingChangesSchema,
  sailingsSnapshotSchema,
} from '@/domain/sailing-changes';
import { serviceDayOf } from '@/domain/service-day';
import { vesselPositionListSchema } from '@/domain/vessel-position';

import { WS_CLIENT_MESSAGES_PER_WINDOW, WS_CLOSE_TOO_MANY_MESSAGES } from '../../server/realtime/ws';
import { createTestApp, type TestApp } from '../kit/server/app';

/** Friday 10 July 2026, 09:00 in Vancouver. */
const MORNING = Date.parse('2026-07-10T09:00:00-07:00');
let clock = MORNING;
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
});
afterAll(async () => {
  await t?.close();
});

/**
 * Collects a socket's JSON messages so a test can await them in order: by default the ferry
 * messages and answers, or only the stream types named.
 */
function inbox(socket: WebSocket, types?: readonly string[]): () => Promise<RealtimeMessage> {
  const received: RealtimeMessage[] = [];
  const waiting: Array<(m: RealtimeMessage) => void> = [];
  socket.on('message', (data) => {
    const message = realtimeMessageSchema.parse(JSON.parse(data.toString()));
    if (
      types
        ? !types.includes(message.type)
        : ['sailings', 'sailings_changed', 'vessels', 'feed_status'].includes(message.type)
    )
      return;
    const next = waiting.shift();
    if (next) next(message);
    else received.push(message);
  });
  return () => {
    const ready = received.shift();
    return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
  };
}

async function connect(
  types?: readonly string[],
): Promise<{ socket: WebSocket; next: () => Promise<RealtimeMessage> }> {
  const socket = new WebSocket(url);
  // Listen from the start: the server sends the ferry list as soon as the socket opens.
  const next = inbox(socket, types);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, next };
}

describe('/ws realtime channel', () => {
  it('sends the ferry list on connect, the same list GET /api/ferries answers', async () => {
    const { socket, next } = await connect();
    const first = await next();
    expect(first.type).toBe('ferries');
    const rest = await t.app.inject({ method: 'GET', url: '/api/ferries' });
    expect(ferryListSchema.parse(first.data)).toEqual(rest.json());
    socket.terminate();
  });

  it('broadcasts ferry_update to every client when the feed changes, and only then', async () => {
    const clients = await Promise.all(Array.from({ length: 25 }, () => connect()));
    for (const c of clients) expect((await c.next()).type).toBe('ferries');

    t.feed.tick(clock + 20_000); // same simulated minute: nothing to send
    clock += 45 * 60_000;
    t.feed.tick();
    const expected = (await t.app.inject({ method: 'GET', url: '/api/ferries' })).json();
    for (const c of clients) {
      const update = await c.next();
      expect(update.type).toBe('ferry_update');
      expect(ferryListSchema.parse(update.data)).toEqual(expected);
    }
    for (const c of clients) c.socket.terminate();
  });

  it('ignores client messages it cannot parse and answers an application ping', async () => {
    const { socket, next } = await connect();
    await next();
    socket.send('this is not json');
    socket.send('{"no_type": true}');
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await next()).toEqual({ type: 'pong', data: null });
    expect(socket.readyState).toBe(socket.OPEN);
    socket.terminate();
  });

  it('closes a socket that sends more messages than its limit, and answers none past it', async () => {
    const { socket, next } = await connect();
    await next();
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    let pongs = 0;
    socket.on('message', (data) => {
      if (String(data).includes('"pong"')) pongs += 1;
    });
    for (let i = 0; i < 100_000 && socket.readyState === socket.OPEN; i += 1) socket.send('{"type":"ping"}');
    expect(await closed).toBe(WS_CLOSE_TOO_MANY_MESSAGES);
    expect(pongs).toBeLessThanOrEqual(WS_CLIENT_MESSAGES_PER_WINDOW);
    // Another client is served as before.
    const other = await connect();
    expect((await other.next()).type).toBe('ferries');
    other.socket.terminate();
  });

  it('keeps serving the others after a client goes away', async () => {
    const gone = await connect();
    const stays = await connect();
    await gone.next();
    await stays.next();
    gone.socket.terminate();
    clock += 60 * 60_000;
    t.feed.tick();
    expect((await stays.next()).type).toBe('ferry_update');
    stays.socket.terminate();
  });

  it('sends the feed status on connect, the same GET /api/feed/status answers', async () => {
    const { socket, next } = await connect(['feed_status']);
    const status = await next();
    expect(status.type).toBe('feed_status');
    expect(status.data).toEqual((await t.app.inject({ method: 'GET', url: '/api/feed/status' })).json());
    socket.terminate();
  });

  it('sends the sailings and the vessel positions on connect, the same GET /api/sailings and /api/vessels answer', async () => {
    const { socket, next } = await connect(['sailings', 'vessels']);
    const sailings = await next();
    const vessels = await next();
    expect(sailings.type).toBe('sailings');
    expect(vessels.type).toBe('vessels');
    const snapshot = sailingsSnapshotSchema.parse(sailings.data);
    // The live window: today's and tomorrow's service days (the REST answer also has later days).
    expect(snapshot.days).toEqual(['2026-07-10', '2026-07-11']);
    const days = new Set(snapshot.sailings.map((s) => serviceDayOf(Date.parse(s.scheduledDeparture))));
    expect([...days].sort()).toEqual(snapshot.days);
    const rest = sailingListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/sailings' })).json());
    expect(rest.filter((s) => days.has(serviceDayOf(Date.parse(s.scheduledDeparture))))).toEqual(snapshot.sailings);
    expect(vesselPositionListSchema.parse(vessels.data)).toEqual(
      (await t.app.inject({ method: 'GET', url: '/api/vessels' })).json(),
    );
    socket.terminate();
  });

  /** The server's sailings of `days`, as GET /api/sailings?date= answers them. */
  async function restSailings(days: readonly string[]): Promise<Sailing[]> {
    const lists = await Promise.all(
      days.map(async (d) =>
        sailingListSchema.parse((await t.app.inject({ method: 'GET', url: `/api/sailings?date=${d}` })).json()),
      ),
    );
    return lists.flat();
  }
  const byId = (list: readonly Sailing[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

  it('then sends only what changed: a client applying the changes holds exactly what GET /api/sailings answers', async () => {
    const { socket, next } = await connect(['sailings', 'sailings_changed']);
    const snapshotMessage = await next();
    const snapshot = sailingsSnapshotSchema.parse(snapshotMessage.data);
    const snapshotBytes = JSON.stringify(snapshotMessage).length;
    let held = applySailingsSnapshot([], snapshot);
    let version = snapshot.version;
    let days = snapshot.days;
    // Every simulated minute for an hour, then into the next service day (it starts at 3 am).
    const nextDay = Date.parse('2026-07-11T04:00:00-07:00');
    const steps = [...Array.from({ length: 60 }, () => 60_000), 'next day', 60_000] as const;
    for (const step of steps) {
      clock = step === 'next day' ? Math.max(nextDay, clock + 60_000) : clock + step;
      t.feed.tick();
      const message = await next();
      expect(message.type).toBe('sailings_changed');
      const change = sailingChangesSchema.parse(message.data);
      expect(change.from).toBe(version);
      version = change.version;
      days = change.days;
      held = applySailingChanges(held, change);
      if (step === 60_000) expect(JSON.stringify(message).length).toBeLessThan(snapshotBytes / 10);
    }
    expect(days).toEqual(['2026-07-11', '2026-07-12']);
    expect(byId(held)).toEqual(byId(await restSailings(days)));
    socket.terminate();
  });

  it('answers a resync request with the current snapshot', async () => {
    const { socket, next } = await connect(['sailings']);
    const first = sailingsSnapshotSchema.parse((await next()).data);
    clock += 60_000;
    t.feed.tick();
    socket.send('{"type":"sailings_resync"}');
    const again = sailingsSnapshotSchema.parse((await next()).data);
    expect(again.version).toBe(first.version + 1);
    expect(byId(again.sailings)).toEqual(byId(await restSailings(again.days)));
    socket.terminate();
  });

  it('broadcasts sailing changes and vessels when they change, beside ferry_update', async () => {
    const { socket, next } = await connect(['sailings', 'sailings_changed', 'vessels']);
    await next();
    await next();
    clock += 30 * 60_000;
    t.feed.tick();
    const types = [(await next()).type, (await next()).type].sort();
    expect(types).toEqual(['sailings_changed', 'vessels']);
    socket.terminate();
  });
});
