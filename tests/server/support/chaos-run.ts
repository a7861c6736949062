/**
 * One chaos run (loopback only, bounded, stops by itself): riders write keyed writes (Idempotency-Key)
 * over three rider write routes while the server is kill -9'ed at random moments and restarted on the
 * same data; then every write is counted in the database.
 *
 * - Writes: `POST /api/complaints` (description), `POST /api/away-sessions` without a client id (the
 *   server makes the id, so a second run of one write would be a second row; currentLocation) and
 *   `POST /api/orders` of one item (the server takes stock and makes the id; deliveryLocation). Each
 *   write carries a marker unique to it in the field named, which is how it is found afterwards.
 * - A share of the attempts drop their connection right after sending (the answer is lost), and a
 *   server killed mid-request loses the answers it owed. A client retries a write with the same key
 *   and body until it has an answer (5xx and 409 "in progress" are no answer), as the app's outbox does.
 * - PGlite: one server on one data directory, killed and restarted. PostgreSQL: two server instances
 *   behind a round-robin TCP proxy; a random one of them is killed and restarted each time, so
 *   retries land on the other instance too.
 *
 * Figures: writes acknowledged (a 2xx answer reached the client), present (stored exactly once),
 * doubled (stored more than once), lost (acknowledged but not stored), stored without an
 * acknowledgement (must be 0: every client kept retrying until it had an answer), and refused (a final
 * 4xx; only the order cap can refuse, and the run rotates riders so it should not).
 * Used by tests/server/chaos.test.ts (a few kills, in `npm test`) and bench/chaos-kill.ts (many).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { like } from 'drizzle-orm';

import { RIDER_OPEN_ITEMS_MAX } from '@/domain/store';

import { openDatabase, type Database } from '../../../server/db/client';
import { FLEET } from '../../../server/db/fleet';
import { awaySessions, complaints, orders, storeItems } from '../../../server/db/schema';
import { freePort, startThrowawayPostgres } from './postgres-cluster';
import { startServer, type ServerProcess } from './server-process';

export const CHAOS_ROUTES = ['complaints', 'away-sessions', 'orders'] as const;
export type ChaosRoute = (typeof CHAOS_ROUTES)[number];

export interface ChaosOptions {
  database: 'pglite' | 'postgres';
  kills: number;
  /** Concurrent riders writing (default 4). */
  clients?: number;
  /** The pause before each kill is drawn uniformly from this range (default 300-2,500 ms). */
  pauseMs?: readonly [number, number];
  /** PGlite only: a migrated, seeded DATA_DIR to start from (copied) instead of creating one. */
  pgliteTemplateDir?: string;
  log?: (line: string) => void;
}

export interface RouteFigures {
  acknowledged: number;
  present: number;
  doubled: number;
  lost: number;
  storedUnacknowledged: number;
  refused: number;
}

export interface ChaosFigures extends RouteFigures {
  database: 'pglite' | 'postgres';
  kills: number;
  attempts: number;
  dropped: number;
  /** Acknowledged markers that were never stored, for a failure message. */
  lostMarkers: string[];
  perRoute: Record<ChaosRoute, RouteFigures>;
  seconds: number;
}

/** A request with no answer by then counts as lost (its server was killed mid-request). */
const REQUEST_TIMEOUT_MS = 15_000;
const DROP_SHARE = 0.25;
const RETRY_PAUSE_MS = 150;
/** Orders need stock: the run gives every item this much so a long run is never refused for stock. */
const CHAOS_STOCK = 1_000_000;

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One POST on a fresh connection; `drop` destroys the socket once the body is sent. */
function post(
  port: number,
  url: string,
  body: string,
  headers: Record<string, string>,
  drop: boolean,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        agent: false,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      },
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
      if (drop) setTimeout(() => request.destroy(new Error('dropped by the run')), Math.random() * 20);
    });
  });
}

interface Tally {
  acknowledged: Record<ChaosRoute, Set<string>>;
  refused: Record<ChaosRoute, number>;
  attempts: number;
  dropped: number;
}

class UnexpectedAnswer extends Error {}

/** The route's URL and body for one write carrying `marker`. */
function writeRequest(route: ChaosRoute, marker: string): { url: string; body: unknown } {
  switch (route) {
    case 'complaints':
      return { url: '/api/complaints', body: { category: 'delay', description: marker } };
    case 'away-sessions':
      return {
        url: '/api/away-sessions',
        body: {
          ferryId: FLEET[0]!.id,
          queuePosition: 12,
          estimatedBoardingTime: new Date(Date.now() + 3_600_000).toISOString(),
          currentLocation: marker,
        },
      };
    case 'orders':
      return {
        url: '/api/orders',
        body: { order: { deliveryLocation: marker }, items: [{ storeItemId: 'bottled-water', quantity: 1 }] },
      };
  }
}

/**
 * Sends one write until it has an answer, always with the same key and body. Returns whether it was
 * acknowledged (2xx) or refused (a final 4xx the run expects).
 */
async function writeOnce(
  port: number,
  cookie: string,
  route: ChaosRoute,
  marker: string,
  key: string,
  tally: Tally,
): Promise<'acknowledged' | 'refused'> {
  const { url, body } = writeRequest(route, marker);
  const text = JSON.stringify(body);
  for (;;) {
    tally.attempts += 1;
    const drop = Math.random() < DROP_SHARE;
    if (drop) tally.dropped += 1;
    try {
      const answer = await post(port, url, text, { cookie, 'idempotency-key': key }, drop);
      if (answer.status === 200 || answer.status === 201) {
        tally.acknowledged[route].add(marker);
        return 'acknowledged';
      }
      if (answer.status === 409 && answer.body.includes('order_limit')) {
        tally.refused[route] += 1;
        return 'refused';
      }
      if (answer.status !== 409 && answer.status < 500)
        throw new UnexpectedAnswer(`${url} answered ${answer.status}: ${answer.body}`);
    } catch (error) {
      if (error instanceof UnexpectedAnswer) throw error;
    }
    await sleep(RETRY_PAUSE_MS);
  }
}

/** A new rider: `POST /api/session` until one answers with a session cookie. */
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

/**
 * Clients write until `stop` is set, finishing the write they are on. Each client turns through the
 * routes; its orders go out under a rider who is replaced before reaching the open-items cap.
 */
function runClients(port: number, run: string, clients: number, tally: Tally, stop: { now: boolean }): Promise<void[]> {
  return Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const cookie = await openSession(port);
      let orderCookie = await openSession(port);
      let ordersOfRider = 0;
      for (let i = 0; !stop.now; i += 1) {
        const route = CHAOS_ROUTES[i % CHAOS_ROUTES.length]!;
        const marker = `chaos ${run} client ${client} write ${i}`;
        const key = `chaos-${run}-${client}-${i}-${Math.random().toString(36).slice(2, 10)}`;
        if (route === 'orders' && ordersOfRider === RIDER_OPEN_ITEMS_MAX) {
          orderCookie = await openSession(port);
          ordersOfRider = 0;
        }
        const outcome = await writeOnce(port, route === 'orders' ? orderCookie : cookie, route, marker, key, tally);
        if (route === 'orders') ordersOfRider = outcome === 'refused' ? RIDER_OPEN_ITEMS_MAX : ordersOfRider + 1;
      }
    }),
  );
}

/** Every stored marker of this run, per route. */
async function storedMarkers(database: Database, run: string): Promise<Record<ChaosRoute, string[]>> {
  const prefix = `chaos ${run} %`;
  const { db } = database;
  const [c, a, o] = await Promise.all([
    db.select({ m: complaints.description }).from(complaints).where(like(complaints.description, prefix)),
    db.select({ m: awaySessions.currentLocation }).from(awaySessions).where(like(awaySessions.currentLocation, prefix)),
    db.select({ m: orders.deliveryLocation }).from(orders).where(like(orders.deliveryLocation, prefix)),
  ]);
  return { complaints: c.map((r) => r.m), 'away-sessions': a.map((r) => r.m), orders: o.map((r) => r.m) };
}

function countRoute(
  stored: readonly string[],
  acknowledged: ReadonlySet<string>,
  refused: number,
): RouteFigures & { lostMarkers: string[] } {
  const counts = new Map<string, number>();
  for (const marker of stored) counts.set(marker, (counts.get(marker) ?? 0) + 1);
  const lostMarkers = [...acknowledged].filter((m) => !counts.has(m));
  return {
    acknowledged: acknowledged.size,
    present: [...acknowledged].filter((m) => counts.get(m) === 1).length,
    doubled: [...counts.values()].filter((n) => n > 1).length,
    lost: lostMarkers.length,
    storedUnacknowledged: [...counts.keys()].filter((m) => !acknowledged.has(m)).length,
    refused,
    lostMarkers,
  };
}

/** Gives every store item plenty of stock so orders are only ever refused by a defect. */
async function stockUp(database: Database): Promise<void> {
  await database.db.update(storeItems).set({ stock: CHAOS_STOCK });
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

function randomPause([min, max]: readonly [number, number]): number {
  return min + Math.random() * (max - min);
}

/** Runs the clients against `port` while `killOne` kills and restarts a server `kills` times. */
async function writeThroughKills(
  port: number,
  run: string,
  options: ChaosOptions,
  killOne: (kill: number) => Promise<void>,
): Promise<Tally> {
  const tally: Tally = {
    acknowledged: { complaints: new Set(), 'away-sessions': new Set(), orders: new Set() },
    refused: { complaints: 0, 'away-sessions': 0, orders: 0 },
    attempts: 0,
    dropped: 0,
  };
  const stop = { now: false };
  const pauses = options.pauseMs ?? [300, 2_500];
  const clients = runClients(port, run, options.clients ?? 4, tally, stop);
  // A client that meets an unexpected answer ends the run at once instead of after every kill.
  let failed: unknown = null;
  clients.catch((error: unknown) => {
    failed = error;
    stop.now = true;
  });
  for (let kill = 0; kill < options.kills && !failed; kill += 1) {
    await sleep(randomPause(pauses));
    await killOne(kill);
    options.log?.(
      `kill ${kill + 1}/${options.kills}: ${[...CHAOS_ROUTES].reduce((n, r) => n + tally.acknowledged[r].size, 0)} acknowledged so far`,
    );
  }
  await sleep(randomPause(pauses));
  stop.now = true;
  await clients;
  return tally;
}

function figuresOf(
  options: ChaosOptions,
  tally: Tally,
  stored: Record<ChaosRoute, string[]>,
  startedAt: number,
): ChaosFigures {
  const perRoute = {} as Record<ChaosRoute, RouteFigures>;
  const lostMarkers: string[] = [];
  const total: RouteFigures = { acknowledged: 0, present: 0, doubled: 0, lost: 0, storedUnacknowledged: 0, refused: 0 };
  for (const route of CHAOS_ROUTES) {
    const { lostMarkers: lost, ...figures } = countRoute(
      stored[route],
      tally.acknowledged[route],
      tally.refused[route],
    );
    perRoute[route] = figures;
    lostMarkers.push(...lost);
    for (const field of Object.keys(total) as Array<keyof RouteFigures>) total[field] += figures[field];
  }
  return {
    database: options.database,
    kills: options.kills,
    ...total,
    attempts: tally.attempts,
    dropped: tally.dropped,
    lostMarkers,
    perRoute,
    seconds: Math.round((Date.now() - startedAt) / 1000),
  };
}

/** Runs one chaos run and counts what was stored. Every process and directory it made is gone after. */
export async function runChaos(options: ChaosOptions): Promise<ChaosFigures> {
  return options.database === 'pglite' ? runOnPglite(options) : runOnPostgres(options);
}

async function runOnPglite(options: ChaosOptions): Promise<ChaosFigures> {
  const startedAt = Date.now();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-chaos-'));
  let server: ServerProcess | null = null;
  try {
    if (options.pgliteTemplateDir) await fs.cp(options.pgliteTemplateDir, dataDir, { recursive: true });
    const setup = await openDatabase({ dataDir }, { initialiseApart: true });
    await stockUp(setup);
    await setup.close();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, FEED_ENABLED: 'false' };
    server = await startServer(port, env);
    const tally = await writeThroughKills(port, 'pglite', options, async () => {
      await server!.kill9();
      server = await startServer(port, env);
    });
    await server.stop();
    server = null;
    const database = await openDatabase({ dataDir });
    const stored = await storedMarkers(database, 'pglite');
    await database.close();
    return figuresOf(options, tally, stored, startedAt);
  } finally {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function runOnPostgres(options: ChaosOptions): Promise<ChaosFigures> {
  const startedAt = Date.now();
  const cluster = await startThrowawayPostgres();
  const dataDirs = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-chaos-pg-'))));
  const servers: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>> | null = null;
  try {
    const setup = await openDatabase({ DATABASE_URL: cluster.url, dataDir: dataDirs[0]! });
    await stockUp(setup);
    await setup.close();
    const ports = [await freePort(), await freePort()];
    const env = (i: number) => ({ DATA_DIR: dataDirs[i]!, DATABASE_URL: cluster.url, FEED_ENABLED: 'false' });
    for (const i of [0, 1]) servers[i] = await startServer(ports[i]!, env(i));
    proxy = await roundRobinProxy(ports);
    const tally = await writeThroughKills(proxy.port, 'postgres', options, async () => {
      const victim = Math.random() < 0.5 ? 0 : 1;
      await servers[victim]!.kill9();
      servers[victim] = await startServer(ports[victim]!, env(victim));
    });
    const database = await openDatabase({ DATABASE_URL: cluster.url, dataDir: dataDirs[0]! });
    const stored = await storedMarkers(database, 'postgres');
    await database.close();
    return figuresOf(options, tally, stored, startedAt);
  } finally {
    await proxy?.close();
    for (const server of servers) await server.stop();
    await cluster.stop();
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
  }
}

/** One line for a log or a table: kills, acknowledged / present / doubled / lost, and per route. */
export function describeFigures(f: ChaosFigures): string {
  const routes = CHAOS_ROUTES.map(
    (r) => `${r} ${f.perRoute[r].acknowledged}/${f.perRoute[r].present}/${f.perRoute[r].doubled}/${f.perRoute[r].lost}`,
  ).join(', ');
  return (
    `chaos ${f.database}: ${f.kills} kills survived; ${f.acknowledged} writes acknowledged, ${f.present} present once, ${f.doubled} doubled, ` +
    `${f.lost} lost, ${f.storedUnacknowledged} stored unacknowledged, ${f.refused} refused; ${f.attempts} attempts (${f.dropped} answers dropped by the client); ` +
    `per route acknowledged/present/doubled/lost: ${routes}; ${f.seconds} s`
  );
}
