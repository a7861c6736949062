/**
 * One poller across instances: two Deckhand processes on one PostgreSQL, both with FEED_SOURCE
 * bcferries pointed at the fake BC Ferries server. Exactly one polls it (one request per poll
 * interval, not two), both answer the same sailings, and when the poller is killed (-9) the other
 * takes over within two intervals.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startFakeFeed, type FakeFeed } from '../fixtures/fake-feed/fake-feed-server';
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from './support/postgres-cluster';
import { startServer, type ServerProcess } from './support/server-process';

const POLL_S = 5;
const INTERVAL_MS = POLL_S * 1000;
let cluster: ThrowawayPostgres | undefined;
let fake: FakeFeed | undefined;
const servers: ServerProcess[] = [];
const dirs: string[] = [];

async function instance(): Promise<ServerProcess> {
  if (!cluster || !fake) throw new Error('not set up');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-leader-'));
  dirs.push(dir);
  const server = await startServer(await freePort(), {
    DATA_DIR: dir,
    DATABASE_URL: cluster.url,
    FEED_SOURCE: 'bcferries',
    BCFERRIES_API_URL: fake.url,
    BCFERRIES_POLL_S: String(POLL_S),
    FEED_TICK_MS: '1000',
    LOG_LEVEL: 'info',
  });
  servers.push(server);
  return server;
}

async function sailingsOf(server: ServerProcess): Promise<unknown[]> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/sailings`);
  expect(res.status).toBe(200);
  return (await res.json()) as unknown[];
}

/** Asks both until they answer the same non-empty list (a follower reads the poller's once an interval). */
async function sameAnswers(a: ServerProcess, b: ServerProcess, withinMs: number): Promise<unknown[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const [fromA, fromB] = await Promise.all([sailingsOf(a), sailingsOf(b)]);
    if (fromA.length > 0 && JSON.stringify(fromA) === JSON.stringify(fromB)) return fromA;
    if (Date.now() > deadline) {
      expect(fromB).toEqual(fromA);
      throw new Error(
        `no sailings; polls ${fake?.documentRequests()} lengths ${fromA.length}/${fromB.length}\n${a.output()}\n---\n${b.output()}`,
      );
    }
    await sleep(500);
  }
}

const runs = (server: ServerProcess) => server.output().includes('this instance now runs the bcferries feed source');

beforeAll(async () => {
  cluster = await startThrowawayPostgres();
  fake = await startFakeFeed();
});

afterAll(async () => {
  for (const server of servers) await server.stop().catch(() => undefined);
  await fake?.close();
  await cluster?.stop();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('one poller across instances on PostgreSQL', () => {
  it('polls once per interval from two instances, answers the same from both, and hands over when the poller dies', async () => {
    const first = await instance();
    const second = await instance();
    const answer = await sameAnswers(first, second, 6 * INTERVAL_MS);
    expect(answer.length).toBeGreaterThan(10);

    // Exactly one of them runs the source.
    expect([runs(first), runs(second)].filter(Boolean)).toHaveLength(1);
    const before = fake!.documentRequests();
    await sleep(4 * INTERVAL_MS);
    const polls = fake!.documentRequests() - before;
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(polls).toBeLessThanOrEqual(5); // two pollers would have made about 8

    await sameAnswers(first, second, 2 * INTERVAL_MS);

    const [poller, other] = runs(first) ? [first, second] : [second, first];
    await poller.kill9();
    const atKill = fake!.documentRequests();
    await sleep(2 * INTERVAL_MS + 1000);
    expect(runs(other)).toBe(true);
    expect(fake!.documentRequests()).toBeGreaterThan(atKill);
    expect((await sailingsOf(other)).length).toBeGreaterThan(10);
    // Its own waits come to about 35 s (four intervals, a hand-over), plus two server starts: a busy
    // machine needs more than the default minute.
  }, 180_000);
});
