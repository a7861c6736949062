import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { pullBanners } from '@/data/banners';
import { pullClientConfig } from '@/data/client-config';
import { pullComplaints } from '@/data/complaints';
import { META, type DeckhandDB } from '@/data/db';
import { pullFerries } from '@/data/ferries';
import { ensureSession } from '@/data/profile';
import { riderRealtimeHandlers } from '@/data/realtime-messages';
import { WS_HEARTBEAT_MS } from '@/domain/constants';
import { activeBanners } from '@/domain/contracts/banners';
import { readClientConfig } from '@/domain/contracts/client-config';
import { listComplaints } from '@/domain/contracts/complaints';
import { listFerries } from '@/domain/contracts/ferries';
import { getProfile } from '@/domain/contracts/users';
import type { Ferry } from '@/domain/ferry';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { connectRealtime, realtimeUrl } from '@/sync/realtime-channel';

import { riderProfile } from '../kit/client/answers';
import { fakeApi, reply } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';
import { HSB_LNG, publishedSailing } from '../kit/sailing';
import { SETTLED } from '../kit/settled';

let database: DeckhandDB;

const ferry = (id: string, minutesAhead: number): Ferry => ({
  id,
  name: `Vessel ${id}`,
  route: 'Tsawwassen - Swartz Bay',
  departureTime: new Date(Date.now() + minutesAhead * 60_000).toISOString(),
  capacity: 2000,
  currentPassengers: 500,
  currentVehicles: 100,
  vehicleCapacity: 400,
  status: 'docked',
  speed: 0,
});

beforeEach(() => {
  database = freshDatabase();
  useConnectivityStore.setState({ online: true, realtime: 'disconnected', flushing: false });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('pull', () => {
  it('pullFerries replaces the ferries table and stamps the fetch time', async () => {
    await database.ferries.put(ferry('gone', 5));
    fakeApi().answer(listFerries, [ferry('a', 10), ferry('b', 70)]);
    await pullFerries(database);
    expect((await database.ferries.toArray()).map((f) => f.id).sort()).toEqual(['a', 'b']);
    expect((await database.meta.get(META.ferriesFetchedAt))?.value).toEqual(expect.any(Number));
  });

  it('pullFerries keeps the old data when the answer has the wrong shape', async () => {
    await database.ferries.put(ferry('kept', 5));
    // A reply is sent as it is: here an answer the contract refuses.
    fakeApi().answer(listFerries, reply(200, [{ id: 'broken' }]));
    await expect(pullFerries(database)).rejects.toThrow();
    expect((await database.ferries.toArray()).map((f) => f.id)).toEqual(['kept']);
  });

  it('pullComplaints merges by serverId and never drops queued or failed local rows', async () => {
    await database.complaints.bulkPut([
      { localId: 'sent-here', category: 'delay', description: 'Late', createdAt: 1, syncState: 'sent', serverId: 1 },
      { localId: 'waiting', category: 'staff', description: 'Rude', createdAt: 2, syncState: 'queued' },
      { localId: 'rejected', category: 'other', description: 'x', createdAt: 3, syncState: 'failed', syncError: 'No' },
    ]);
    fakeApi().answer(listComplaints, [
      {
        id: 2,
        category: 'cleanliness',
        description: 'From my other phone',
        status: 'received',
        createdAt: '2026-03-02T18:00:00.000Z',
      },
      { id: 1, category: 'delay', description: 'Late', status: 'resolved', createdAt: '2026-03-01T18:00:00.000Z' },
    ]);
    await pullComplaints(database);
    const rows = await database.complaints.toArray();
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.localId === 'sent-here')).toMatchObject({ status: 'resolved', syncState: 'sent' });
    expect(rows.find((r) => r.serverId === 2)).toMatchObject({
      description: 'From my other phone',
      syncState: 'sent',
      status: 'received',
    });
    expect(rows.find((r) => r.localId === 'waiting')).toMatchObject({ syncState: 'queued' });
    expect(rows.find((r) => r.localId === 'rejected')).toMatchObject({ syncState: 'failed' });

    // Pulling again changes nothing.
    await pullComplaints(database);
    expect(await database.complaints.count()).toBe(4);
  });

  it('pullComplaints drops a pulled copy once the local original knows its serverId (crash between send and commit)', async () => {
    fakeApi().answer(listComplaints, [
      { id: 7, category: 'delay', description: 'Late', status: 'received', createdAt: '2026-03-01T18:00:00.000Z' },
    ]);
    await database.complaints.put({
      localId: 'mine',
      category: 'delay',
      description: 'Late',
      createdAt: 1,
      syncState: 'queued',
    });
    await pullComplaints(database);
    expect(await database.complaints.count()).toBe(2);

    // The flusher records the answer late: now two rows carry serverId 7.
    await database.complaints.update('mine', { syncState: 'sent', serverId: 7 });
    await pullComplaints(database);
    const rows = await database.complaints.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ localId: 'mine', serverId: 7, status: 'received', syncState: 'sent' });
  });

  it('pullBanners replaces the banners in server order, dropping ones the server no longer sends', async () => {
    await database.banners.put({ id: 'old', title: 'Old', message: 'Gone', order: 0 });
    fakeApi().answer(activeBanners, [
      { id: 'b', title: 'B', message: 'Second' },
      { id: 'a', title: 'A', message: 'First' },
    ]);
    await pullBanners(database);
    expect((await database.banners.orderBy('order').toArray()).map((b) => b.id)).toEqual(['b', 'a']);
  });

  it('pullClientConfig stores the realtime config and the VAPID key', async () => {
    const realtime = {
      databaseURL: 'http://127.0.0.1:9000?ns=deckhand-local',
      projectId: 'deckhand-local',
      emulator: { port: 9000 },
    };
    fakeApi().answer(readClientConfig, { realtime, vapidPublicKey: 'BPk' });
    await pullClientConfig(database);
    expect((await database.meta.get(META.clientConfig))?.value).toEqual({ realtime, vapidPublicKey: 'BPk' });
  });

  it('ensureSession asks for the profile once and stores it; a failure is retried on the next call', async () => {
    const api = fakeApi().answer(getProfile, riderProfile()).offline();
    await expect(ensureSession(database)).rejects.toThrow();

    api.online();
    await ensureSession(database);
    await ensureSession(database);
    expect(api.callsTo(getProfile)).toHaveLength(1);
    expect((await database.meta.get(META.userProfile))?.value).toEqual(riderProfile());
  });
});

/** Enough of a WebSocket for the client: listeners, readyState and the events a test fires. */
class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  readyState: number = WebSocket.CONNECTING;
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  receive(data: string) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
  drop() {
    this.readyState = WebSocket.CLOSED;
    this.dispatchEvent(new Event('error'));
    this.dispatchEvent(new Event('close'));
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = WebSocket.CLOSED;
    this.dispatchEvent(new Event('close'));
  }
  /** A dead mobile link: close() is accepted but the 'close' event never comes. */
  hang() {
    this.close = () => {
      this.readyState = WebSocket.CLOSING;
    };
  }
}

describe('realtime channel', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
  });

  const connect = () =>
    connectRealtime(database, riderRealtimeHandlers, {
      url: 'ws://deckhand.test/ws',
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      random: () => 0,
    });

  it('uses /ws on the same host, secure when the page is', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'deckhand.example:8443' })).toBe('wss://deckhand.example:8443/ws');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws');
  });

  it('reports its state and replaces the ferries on "ferries" and "ferry_update" messages', async () => {
    const connection = connect();
    expect(useConnectivityStore.getState().realtime).toBe('connecting');
    const socket = FakeSocket.instances[0]!;
    socket.open();
    expect(useConnectivityStore.getState().realtime).toBe('connected');

    socket.receive(JSON.stringify({ type: 'ferries', data: [ferry('a', 10), ferry('b', 40)] }));
    await vi.waitFor(async () => expect(await database.ferries.count()).toBe(2), SETTLED);

    socket.receive(JSON.stringify({ type: 'ferry_update', data: [ferry('c', 20)] }));
    await vi.waitFor(async () => expect((await database.ferries.toArray()).map((f) => f.id)).toEqual(['c']), SETTLED);
    expect((await database.meta.get(META.ferriesFetchedAt))?.value).toEqual(expect.any(Number));

    connection.close();
    expect(useConnectivityStore.getState().realtime).toBe('disconnected');
  });

  it('only logs messages it cannot parse', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const connection = connect();
    const socket = FakeSocket.instances[0]!;
    socket.open();
    socket.receive('not json');
    socket.receive(JSON.stringify({ type: 'ferries', data: [{ id: 'half a ferry' }] }));
    socket.receive(JSON.stringify({ type: 'something_else', data: 1 }));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2), SETTLED);
    expect(await database.ferries.count()).toBe(0);
    expect(useConnectivityStore.getState().realtime).toBe('connected');
    connection.close();
  });

  it('asks for a sailings snapshot when a change does not follow the version it holds', async () => {
    const connection = connect();
    const socket = FakeSocket.instances[0]!;
    socket.open();
    socket.receive(JSON.stringify({ type: 'sailings', data: { version: 4, days: ['2026-07-10'], sailings: [] } }));
    const change = (from: number) => ({
      from,
      version: from + 1,
      days: ['2026-07-10'],
      upserted: [],
      removed: [],
      observedAt: {},
    });
    // The messages are handled one at a time, in order: the change from 4 follows the snapshot.
    socket.receive(JSON.stringify({ type: 'sailings_changed', data: change(4) }));
    // Version 6 is missed: the change from 6 is not applied, a snapshot is asked for (once).
    socket.receive(JSON.stringify({ type: 'sailings_changed', data: change(6) }));
    await vi.waitFor(() => expect(socket.sent).toEqual(['{"type":"sailings_resync"}']), SETTLED);
    connection.close();
  });

  it('applies a change sent right behind a long snapshot, which is checked in slices first', async () => {
    const connection = connect();
    const socket = FakeSocket.instances[0]!;
    socket.open();
    const start = Date.parse('2026-07-10T06:00:00-07:00');
    const sailings = Array.from({ length: 120 }, (_, i) =>
      publishedSailing({ ...HSB_LNG, departure: start + i * 10 * 60_000, observedAt: start }),
    );
    const changed = { ...sailings[0]!, status: 'cancelled' as const };
    socket.receive(JSON.stringify({ type: 'sailings', data: { version: 1, days: ['2026-07-10'], sailings } }));
    socket.receive(
      JSON.stringify({
        type: 'sailings_changed',
        data: { from: 1, version: 2, days: ['2026-07-10'], upserted: [changed], removed: [], observedAt: {} },
      }),
    );
    await vi.waitFor(async () => expect((await database.sailings.get(changed.id))?.status).toBe('cancelled'), SETTLED);
    expect(await database.sailings.count()).toBe(120);
    expect(socket.sent).toEqual([]);
    connection.close();
  });

  it('pings while open and treats a link silent for two heartbeats as dropped, even without a close event', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const connection = connect();
    const socket = FakeSocket.instances[0]!;
    socket.open();
    socket.hang();

    vi.advanceTimersByTime(WS_HEARTBEAT_MS);
    expect(socket.sent).toEqual(['{"type":"ping"}']);
    socket.receive('{"type":"pong","data":null}');
    vi.advanceTimersByTime(2 * WS_HEARTBEAT_MS);
    expect(useConnectivityStore.getState().realtime).toBe('connected');

    // Nothing heard since the pong: two more heartbeats later the link counts as dead.
    vi.advanceTimersByTime(WS_HEARTBEAT_MS);
    expect(useConnectivityStore.getState().realtime).toBe('disconnected');
    vi.runOnlyPendingTimers();
    expect(FakeSocket.instances).toHaveLength(2);
    connection.close();
  });

  it('marks the channel disconnected when it drops and reconnects with backoff', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const connection = connect();
    FakeSocket.instances[0]!.open();
    FakeSocket.instances[0]!.drop();
    expect(useConnectivityStore.getState().realtime).toBe('disconnected');
    expect(FakeSocket.instances).toHaveLength(1);

    vi.runOnlyPendingTimers();
    expect(FakeSocket.instances).toHaveLength(2);
    expect(useConnectivityStore.getState().realtime).toBe('connecting');

    // A failed retry waits again; reconnectNow skips the wait (e.g. the browser came back online).
    FakeSocket.instances[1]!.drop();
    connection.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(3);
    FakeSocket.instances[2]!.open();
    expect(useConnectivityStore.getState().realtime).toBe('connected');

    connection.close();
    vi.runOnlyPendingTimers();
    expect(FakeSocket.instances).toHaveLength(3);
  });
});
