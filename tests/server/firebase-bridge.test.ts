import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, onValue, ref, set, type Database } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { queueDataSchema, type QueueDataValue } from '@/domain/realtime';
import { TERMINALS } from '@/domain/terminals';

import { loadConfig } from '../../server/config';
import { createFerryFeed } from '../../server/feed/ferry-feed';
import { startFirebaseBridge, type BridgeLogger, type FirebaseBridge } from '../../server/realtime/firebase-bridge';

const MINUTE = 60_000;
/** Friday 10 July 2026, 07:30 in Vancouver: cars are queuing at Horseshoe Bay. */
const START = Date.parse('2026-07-10T07:30:00-07:00');
const silent: BridgeLogger = { info: () => undefined, warn: () => undefined };

/** Resolves with the first value at `path` that `accept` takes; rejects on a read error. */
function valueWhere<T>(db: Database, path: string, accept: (value: unknown) => value is T): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = onValue(
      ref(db, path),
      (snapshot) => {
        const value: unknown = snapshot.val();
        if (accept(value)) {
          stop();
          resolve(value);
        }
      },
      reject,
    );
  });
}

describe('Firebase bridge on the local emulator', () => {
  let clock = START;
  const feed = createFerryFeed({ now: () => clock });
  let bridge: FirebaseBridge;
  let app: FirebaseApp;
  let db: Database;

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      FIREBASE_EMULATOR_PORT: '0',
      LOG_LEVEL: 'silent',
    });
    bridge = await startFirebaseBridge(config, feed, silent);
    const port = bridge.client.emulator?.port;
    if (!port) throw new Error('The bridge did not start the emulator');
    app = initializeApp({ databaseURL: bridge.client.databaseURL, projectId: bridge.client.projectId }, 'bridge-test');
    db = getDatabase(app);
    connectDatabaseEmulator(db, '127.0.0.1', port);
  });
  afterAll(async () => {
    await deleteApp(app);
    await bridge?.close();
  });

  it('hands the client the emulator port and the project, nothing hosted', () => {
    expect(bridge.client).toEqual({
      databaseURL: expect.stringContaining(String(bridge.client.emulator?.port)),
      projectId: 'deckhand-local',
      emulator: { port: expect.any(Number) },
    });
    expect(bridge.state()).toEqual({ mode: 'emulator', state: 'connected', restarts: 0 });
  });

  it('publishes queue_data/horseshoe-bay with the spec fields, and each new count', async () => {
    const isCountAt =
      (at: number) =>
      (v: unknown): v is QueueDataValue =>
        queueDataSchema.safeParse(v).success && (v as QueueDataValue).timestamp === at;

    const first = await valueWhere(db, 'queue_data/horseshoe-bay', isCountAt(START));
    expect(z.strictObject(queueDataSchema.shape).parse(first)).toEqual({
      terminalId: 'horseshoe-bay',
      vehicleCount: feed.queueCounts().find((q) => q.terminalId === 'horseshoe-bay')?.vehicleCount,
      timestamp: START,
      userReported: false,
      confidence: 0.85,
      source: 'camera',
    });

    clock = START + 20 * MINUTE;
    feed.tick();
    const later = await valueWhere(db, 'queue_data/horseshoe-bay', isCountAt(clock));
    expect(later.vehicleCount).toBe(feed.queueCounts()[0]?.vehicleCount);
  });

  it('keeps the last 10 counts per terminal in queue_history', async () => {
    for (let i = 1; i <= 12; i += 1) {
      clock += MINUTE;
      feed.tick();
    }
    const newest = String(clock);
    const history = await valueWhere(
      db,
      'queue_history/tsawwassen',
      (v): v is Record<string, QueueDataValue> => typeof v === 'object' && v !== null && newest in v,
    );
    const keys = Object.keys(history).map(Number);
    expect(keys).toHaveLength(10);
    expect(Math.min(...keys)).toBe(clock - 9 * MINUTE);
    expect(history[newest]).toMatchObject({ terminalId: 'tsawwassen', timestamp: clock, source: 'camera' });
  });

  it('denies client writes to the realtime nodes', async () => {
    await expect(
      set(ref(db, 'queue_data/horseshoe-bay'), { terminalId: 'horseshoe-bay', vehicleCount: 999 }),
    ).rejects.toThrow(/permission/i);
    await expect(set(ref(db, 'queue_history/horseshoe-bay/1'), { vehicleCount: 1 })).rejects.toThrow(/permission/i);
  });

  it('denies client reads outside the shared nodes', async () => {
    await expect(valueWhere(db, 'admin', (_v): _v is unknown => true)).rejects.toThrow(/permission/i);
  });
});

describe('Firebase bridge on a hosted database (REST)', () => {
  const requests: Array<{ method: string; url: string; body: string }> = [];
  let server: http.Server;
  let bridge: FirebaseBridge | undefined;
  const existing = Array.from({ length: 10 }, (_, i) => String(START - (20 - i) * MINUTE));

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        requests.push({ method: request.method ?? '', url: request.url ?? '', body });
        response.setHeader('Content-Type', 'application/json');
        const isHsbHistory = request.method === 'GET' && request.url?.startsWith('/queue_history/horseshoe-bay.json');
        response.end(isHsbHistory ? JSON.stringify(Object.fromEntries(existing.map((k) => [k, true]))) : 'null');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await bridge?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('writes the counts with the database secret and trims history it finds already there', async () => {
    const databaseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      FIREBASE_DATABASE_URL: databaseURL,
      FIREBASE_DATABASE_SECRET: 's3cret',
      FIREBASE_PROJECT_ID: 'deckhand-prod',
      FIREBASE_API_KEY: 'key-1',
    });
    bridge = await startFirebaseBridge(config, createFerryFeed({ now: () => START }), silent);
    expect(bridge.client).toEqual({ databaseURL, projectId: 'deckhand-prod', apiKey: 'key-1' });
    await bridge.close();

    const reads = requests.filter((r) => r.method === 'GET');
    expect(reads.map((r) => r.url.split('?')[0]).sort()).toEqual(
      TERMINALS.map(({ id }) => `/queue_history/${id}.json`).sort(),
    );
    expect(reads.every((r) => r.url.includes('shallow=true') && r.url.includes('auth=s3cret'))).toBe(true);

    const writes = requests.filter((r) => r.method === 'PATCH');
    expect(writes).toHaveLength(1);
    expect(writes[0]?.url).toBe('/.json?auth=s3cret');
    const update = JSON.parse(writes[0]?.body ?? '{}') as Record<string, unknown>;
    expect(queueDataSchema.parse(update['queue_data/horseshoe-bay'])).toMatchObject({
      terminalId: 'horseshoe-bay',
      timestamp: START,
    });
    expect(update[`queue_history/horseshoe-bay/${START}`]).toMatchObject({ timestamp: START });
    expect(update[`queue_history/horseshoe-bay/${existing[0]}`]).toBeNull();
    expect(update[`queue_history/horseshoe-bay/${existing[1]}`]).toBeUndefined();
  });
});
