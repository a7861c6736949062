/**
 * Exactly-once under crashes (loopback only, bounded, stops by itself). Clients post complaints with
 * Idempotency-Keys while the server is kill -9'ed and restarted on the same data; a quarter of the
 * attempts drop their connection right after sending (the answer is lost), and every client retries
 * a write with the same key until it gets an answer. At the end every acknowledged write is stored
 * exactly once and nothing is stored twice.
 *
 * - PGlite: one server on one data directory, killed and restarted KILLS times.
 * - PostgreSQL: two server instances behind a round-robin TCP proxy; one of them is killed and
 *   restarted at a time, so retries land on the other instance too.
 */
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { like } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { complaints } from '../../server/db/schema';
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from './support/postgres-cluster';
import { startServer, type ServerProcess } from './support/server-process';

const CLIENTS = 4;
const KILLS = 3;
/** A request with no answer by then counts as lost (its server was killed mid-request). */
const REQUEST_TIMEOUT_MS = 15_000;
/** Time the clients write between two kills. */
const RUN_BETWEEN_KILLS_MS = 2_500;
const DROP_SHARE = 0.25;
const RETRY_PAUSE_MS = 150;

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One POST on a fresh connection; `drop` destroys the socket once the body is sent. */
function post(port: number, url: string, body: string, headers: Record<string, string>, drop: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: url, method: 'POST', agent: false, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('no answer in time')));
    request.end(body, () => {
      if (drop) setTimeout(() => request.destroy(new Error('dropped by the test')), Math.random() * 20);
    });
  });
}

interface Tally {
  acknowledged: Set<string>;
  attempts: number;
  dropped: number;
}

/** Retries with the same key until an answer arrives; 5xx and lost answers count as no answer. */
async function writeOnce(port: number, cookie: string, description: string, key: string, tally: Tally): Promise<void> {
  for (;;) {
    tally.attempts += 1;
    const drop = Math.random() < DROP_SHARE;
    if (drop) tally.dropped += 1;
    try {
      const answer = await post(port, '/api/complaints', JSON.stringify({ category: 'delay', description }), { cookie, 'idempotency-key': key }, drop);
      if (answer.status === 201) {
        tally.acknowledged.add(description);
        return;
      }
      if (answer.status !== 409 && answer.status < 500) throw new Error(`unexpected ${answer.status}: ${answer.body}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('unexpected')) throw error;
    }
    await sleep(RETRY_PAUSE_MS);
  }
}

async function openSession(port: number): Promise<string> {
  for (;;) {
    try {
      const answer = await post(port, '/api/session', '', {}, false);
      const cookie = [answer.headers['set-cookie']].flat().find((c) => c?.startsWith('dh_session='));
      if (answer.status === 201 && cookie) return cookie.split(';')[0]!;
    } catch {
      // server restarting
    }
    await sleep(RETRY_PAUSE_MS);
  }
}

/** Clients write until `stop` is set, finishing the write they are on. */
function runClients(port: number, run: string, tally: Tally, stop: { now: boolean }): Promise<void[]> {
  return Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const cookie = await openSession(port);
      for (let i = 0; !stop.now; i += 1) {
        const description = `chaos ${run} client ${client} write ${i}`;
        await writeOnce(port, cookie, description, `chaos-${run}-${client}-${i}-${Math.random().toString(36).slice(2, 10)}`, tally);
      }
    }),
  );
}

function expectExactlyOnce(stored: string[], tally: Tally): { acknowledged: number; present: number; doubled: number } {
  const counts = new Map<string, number>();
  for (const description of stored) counts.set(description, (counts.get(description) ?? 0) + 1);
  const doubled = [...counts.values()].filter((n) => n > 1).length;
  const missing = [...tally.acknowledged].filter((d) => !counts.has(d));
  expect(missing).toEqual([]);
  expect(doubled).toBe(0);
  return { acknowledged: tally.acknowledged.size, present: [...tally.acknowledged].filter((d) => counts.get(d) === 1).length, doubled };
}

/** Round-robin TCP proxy: each new connection goes to the next backend that accepts it. */
function roundRobinProxy(backends: number[]): Promise<{ port: number; close(): Promise<void> }> {
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.pause();
    const tryBackend = (left: number) => {
      const port = backends[next++ % backends.length]!;
      const upstream = net.connect(port, '127.0.0.1');
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.once('error', () => {
        if (!connected && left > 1) tryBackend(left - 1);
        else client.destroy();
      });
      // A backend killed mid-request: the client sees its connection drop, as it would in production.
      upstream.once('close', () => {
        if (connected) client.destroy();
      });
      client.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
    };
    tryBackend(backends.length);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}

const cleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

describe('chaos: kill -9 while clients write', () => {
  it(`PGlite: ${KILLS} kills on one data directory, every acknowledged write stored exactly once`, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-chaos-'));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    // Start from the migrated, seeded template (global-setup.ts) instead of migrating again.
    await fs.cp(inject('pgliteTemplateDir'), path.join(dataDir, 'pglite'), { recursive: true });
    const port = await freePort();
    let server: ServerProcess = await startServer(port, { DATA_DIR: dataDir, FEED_ENABLED: 'false' });
    cleanup.push(() => server.stop());
    const tally: Tally = { acknowledged: new Set(), attempts: 0, dropped: 0 };
    const stop = { now: false };
    const clients = runClients(port, 'pglite', tally, stop);
    for (let kill = 0; kill < KILLS; kill += 1) {
      await sleep(RUN_BETWEEN_KILLS_MS);
      await server.kill9();
      server = await startServer(port, { DATA_DIR: dataDir, FEED_ENABLED: 'false' });
    }
    await sleep(RUN_BETWEEN_KILLS_MS);
    stop.now = true;
    await clients;
    await server.stop();

    const database = await openDatabase({ dataDir: path.resolve(dataDir) });
    const stored = (await database.db.select({ d: complaints.description }).from(complaints).where(like(complaints.description, 'chaos pglite %'))).map(
      (r) => r.d,
    );
    await database.close();
    const figures = expectExactlyOnce(stored, tally);
    console.info(`chaos PGlite: ${figures.acknowledged} acknowledged, ${figures.present} present once, ${figures.doubled} doubled; ${tally.attempts} attempts, ${tally.dropped} dropped, ${KILLS} kills`);
    expect(figures.acknowledged).toBeGreaterThan(CLIENTS);
  }, 600_000);

  it(`PostgreSQL: two instances behind round-robin, ${KILLS} kills, every acknowledged write stored exactly once`, async () => {
    const cluster: ThrowawayPostgres = await startThrowawayPostgres();
    cleanup.push(() => cluster.stop());
    const dataDirs = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-chaos-pg-'))));
    cleanup.push(async () => {
      for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
    });
    const ports = [await freePort(), await freePort()];
    const env = (i: number) => ({ DATA_DIR: dataDirs[i]!, DATABASE_URL: cluster.url, FEED_ENABLED: 'false' });
    const servers: ServerProcess[] = [];
    servers[0] = await startServer(ports[0]!, env(0));
    servers[1] = await startServer(ports[1]!, env(1));
    cleanup.push(async () => {
      for (const s of servers) await s.stop();
    });
    const proxy = await roundRobinProxy(ports);
    cleanup.push(() => proxy.close());

    const tally: Tally = { acknowledged: new Set(), attempts: 0, dropped: 0 };
    const stop = { now: false };
    const clients = runClients(proxy.port, 'postgres', tally, stop);
    for (let kill = 0; kill < KILLS; kill += 1) {
      await sleep(RUN_BETWEEN_KILLS_MS);
      const victim = kill % 2;
      await servers[victim]!.kill9();
      servers[victim] = await startServer(ports[victim]!, env(victim));
    }
    await sleep(RUN_BETWEEN_KILLS_MS);
    stop.now = true;
    await clients;

    const database = await openDatabase({ DATABASE_URL: cluster.url, dataDir: dataDirs[0]! });
    const stored = (await database.db.select({ d: complaints.description }).from(complaints).where(like(complaints.description, 'chaos postgres %'))).map(
      (r) => r.d,
    );
    await database.close();
    const figures = expectExactlyOnce(stored, tally);
    console.info(`chaos PostgreSQL x2: ${figures.acknowledged} acknowledged, ${figures.present} present once, ${figures.doubled} doubled; ${tally.attempts} attempts, ${tally.dropped} dropped, ${KILLS} kills`);
    expect(figures.acknowledged).toBeGreaterThan(CLIENTS);
  }, 600_000);
});
