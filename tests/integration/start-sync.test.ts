import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { db, META, type ComplaintRow } from '@/data/db';
import { RIDER_SYNC } from '@/data/sync-plan';
import { readClientConfig } from '@/domain/contracts/client-config';
import { fileComplaint, listComplaints } from '@/domain/contracts/complaints';
import { listFerries } from '@/domain/contracts/ferries';
import { getProfile } from '@/domain/contracts/users';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { saveWithOutbox } from '@/sync/outbox';
import { startSync } from '@/sync/start';

import { riderProfile } from '../kit/client/answers';
import { fakeApi, gate, type FakeApi } from '../kit/client/fake-api';
import { SETTLED } from '../kit/settled';

class QuietSocket extends EventTarget {
  static opened = 0;
  readyState = 0;
  constructor() {
    super();
    QuietSocket.opened += 1;
  }
  close() {
    this.readyState = 3;
  }
}

const ferry = {
  id: 'a',
  name: 'Queen of Cowichan',
  route: 'Horseshoe Bay - Departure Bay',
  departureTime: new Date(Date.now() + 30 * 60_000).toISOString(),
  capacity: 1500,
  currentPassengers: 300,
  currentVehicles: 80,
  vehicleCapacity: 360,
  status: 'docked',
  speed: 0,
};

let api: FakeApi;
/** The requests that reached the server, as `METHOD /path`. */
const requests = () => api.calls.map((c) => `${c.method} ${c.path}`);
let stop: (() => void) | undefined;

beforeEach(async () => {
  QuietSocket.opened = 0;
  useConnectivityStore.setState({ online: true, realtime: 'disconnected', flushing: false });
  vi.stubGlobal('WebSocket', QuietSocket);
  api = fakeApi()
    .answer(getProfile, riderProfile({ username: 'rider' }))
    .answer(readClientConfig, {
      realtime: { databaseURL: 'http://127.0.0.1:9000', projectId: 'p' },
      vapidPublicKey: null,
    })
    .answer(listFerries, [ferry])
    .answer(listComplaints, [])
    .answer(fileComplaint, {
      id: 1,
      category: 'delay',
      description: 'Late',
      status: 'received',
      createdAt: new Date().toISOString(),
    });
  await Promise.all(db.tables.map((table) => table.clear()));
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startSync', () => {
  it("pulls the public ferry list and config beside the session, and the rider's complaints after it; opens the channel", async () => {
    const session = gate();
    api.answer(getProfile, async () => (await session.wait(), riderProfile({ username: 'rider' })));
    stop = startSync(RIDER_SYNC);
    // The ferries are stored while the session is still unanswered; nothing of the rider's is asked yet.
    await vi.waitFor(async () => expect(await db.ferries.count()).toBe(1), SETTLED);
    expect(requests()).toEqual(expect.arrayContaining(['GET /api/config', 'GET /api/ferries']));
    expect(requests()).not.toContain('GET /api/complaints');

    session.open();
    await vi.waitFor(() => expect(requests()).toContain('GET /api/complaints'), SETTLED);
    expect(requests().indexOf('GET /api/complaints')).toBeGreaterThan(requests().indexOf('GET /api/users/profile'));
    expect((await db.meta.get(META.userProfile))?.value).toMatchObject({ username: 'rider' });
    expect(QuietSocket.opened).toBe(1);
  });

  it('reads the weather level once on start, and again when the page becomes visible', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const weather = () => requests().filter((r) => r.startsWith('GET /api/weather-risk')).length;
    stop = startSync(RIDER_SYNC);
    // The home pulls, after the session, have all started (the away session is the last of them).
    await vi.waitFor(() => expect(requests()).toContain('GET /api/away-sessions/active'), SETTLED);
    await vi.waitFor(
      () => expect(requests()).toEqual(expect.arrayContaining(['GET /api/banners', 'GET /api/amenities'])),
      SETTLED,
    );
    expect(weather()).toBe(1);

    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(weather()).toBe(2), SETTLED);
  });

  it('is idempotent', () => {
    stop = startSync(RIDER_SYNC);
    expect(startSync(RIDER_SYNC)).toBe(stop);
    expect(QuietSocket.opened).toBe(1);
  });

  it('flushes the outbox when the browser comes back online', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.offline();
    useConnectivityStore.setState({ online: false });
    stop = startSync(RIDER_SYNC);
    const row: ComplaintRow = {
      localId: 'c1',
      category: 'delay',
      description: 'Late',
      createdAt: Date.now(),
      syncState: 'queued',
    };
    await saveWithOutbox(db, db.complaints, row, {
      method: 'POST',
      path: '/api/complaints',
      body: { category: 'delay', description: 'Late' },
    });

    api.online();
    window.dispatchEvent(new Event('online'));

    await vi.waitFor(
      async () => expect(await db.complaints.get('c1')).toMatchObject({ syncState: 'sent', serverId: 1 }),
      SETTLED,
    );
    expect(requests().filter((r) => r === 'POST /api/complaints')).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });
});
