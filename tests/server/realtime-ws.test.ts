import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { ferryListSchema, realtimeMessageSchema, type RealtimeMessage } from '@/domain/ferry';
import { createTestApp, type TestApp } from './test-app';

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

/** Collects a socket's JSON messages so a test can await them in order. */
function inbox(socket: WebSocket): () => Promise<RealtimeMessage> {
  const received: RealtimeMessage[] = [];
  const waiting: Array<(m: RealtimeMessage) => void> = [];
  socket.on('message', (data) => {
    const message = realtimeMessageSchema.parse(JSON.parse(data.toString()));
    const next = waiting.shift();
    if (next) next(message);
    else received.push(message);
  });
  return () => {
    const ready = received.shift();
    return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
  };
}

async function connect(): Promise<{ socket: WebSocket; next: () => Promise<RealtimeMessage> }> {
  const socket = new WebSocket(url);
  // Listen from the start: the server sends the ferry list as soon as the socket opens.
  const next = inbox(socket);
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
});
