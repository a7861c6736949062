/**
 * The real server process (`node --import tsx server/main.ts`) on FEED_SOURCE=bcferries,ais against
 * an upstream that answers whatever the test says. Before, a document whose `sailingDuration` was
 * "99999999999h" made `documentSailings` throw `RangeError: Invalid time value`, the poll's promise
 * rejected with nobody to catch it and the process exited. Now nothing the upstream sends stops it:
 * after each hostile answer (waited for by the poll that reads it, not by time) /api/health and
 * /api/sailings still answer, and the last good sailings are still served.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { startHostileUpstream, type HostileUpstream } from './support/hostile-upstream';
import { startServer, type ServerProcess } from './support/server-process';

const PORT = Number(process.env.E2E_PORT ?? 18080) + 11;
const DAY = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/bcferries/day.json'), 'utf8'),
) as { capacityRoutes: { sailingDuration: string }[]; nonCapacityRoutes: unknown[] };

/** day.json with its first capacity route's crossing lasting 99,999,999,999 hours. */
const crashing = () => {
  const doc = structuredClone(DAY);
  if (doc.capacityRoutes[0]) doc.capacityRoutes[0].sailingDuration = '99999999999h';
  return doc;
};

let upstream: HostileUpstream;
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  upstream = await startHostileUpstream();
  upstream.answer({ kind: 'json', body: DAY });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deckhand-hostile-'));
  // The run's migrated database, copied: a first start's initdb is not what this file tests.
  fs.cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  server = await startServer(PORT, {
    DATA_DIR: dataDir,
    FEED_SOURCE: 'bcferries,ais',
    BCFERRIES_API_URL: upstream.url,
    BCFERRIES_POLL_S: '5',
    AIS_STREAM_URL: upstream.wsUrl,
    AIS_API_KEY: 'x',
    FEED_TICK_MS: '1000',
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await upstream?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const response = await fetch(`http://127.0.0.1:${PORT}${url}`);
  return { status: response.status, body: (await response.json()) as unknown };
};

/** How long one poll may take to reach the upstream and end: polls are 5 s apart and cut at 5 s. */
const POLL_DEADLINE_MS = 120_000;

/**
 * Waits for the upstream's next `count` requests; fails at once, with the server's output, if the
 * server exits meanwhile, and after POLL_DEADLINE_MS a poll with what was seen: whether the server
 * still answers (a blocked process) and what its BC Ferries source last said (a poll that never ends).
 */
async function polled(count = 1): Promise<void> {
  let deadline: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      upstream.nextRequests(count),
      server.exited.then(() => {
        throw new Error(`the server exited:\n${server.output().slice(-2_000)}`);
      }),
      new Promise<never>((_resolve, reject) => {
        deadline = setTimeout(() => void stuck().then(reject), POLL_DEADLINE_MS * count);
      }),
    ]);
  } finally {
    clearTimeout(deadline);
  }
}

async function stuck(): Promise<Error> {
  const health = await fetch(`http://127.0.0.1:${PORT}/api/feed/status`, { signal: AbortSignal.timeout(10_000) })
    .then(async (response) => `answers ${response.status}: ${(await response.text()).slice(0, 3_000)}`)
    .catch((error: unknown) => `does not answer /api/feed/status in 10 s (${String(error)})`);
  return new Error(
    `no poll ended in ${POLL_DEADLINE_MS / 1000} s; upstream ${JSON.stringify(upstream.counts())}; the server ${health}\n` +
      `its output:\n${server.output().slice(-3_000)}`,
  );
}

async function stillServing(): Promise<number> {
  const health = await get('/api/health');
  expect(health.status).toBe(200);
  const sailings = await get('/api/sailings');
  expect(sailings.status).toBe(200);
  expect(Array.isArray(sailings.body)).toBe(true);
  return (sailings.body as unknown[]).length;
}

describe('no answer from the upstream stops the server', () => {
  it('reads the good document first', async () => {
    for (;;) {
      if ((await stillServing()) > 0) break;
      await polled();
    }
  });

  it('survives a sailingDuration of "99999999999h" (the poll that read it failed, the server did not) and keeps the last good sailings', async () => {
    const before = await stillServing();
    upstream.answer({ kind: 'json', body: crashing() });
    await polled(2);
    // The poll after the one that read it: had the first stopped the process, this one never came.
    // The route with that duration is dropped (or, before per-route validation, the whole document).
    expect(before).toBeGreaterThan(0);
    expect(await stillServing()).toBeGreaterThan(0);
  }, 60_000);

  it('survives hostile documents: wrong types, huge and negative numbers, absurd times, deep nesting, __proto__ keys, garbage, 50 MB, a slow drip and a hang', async () => {
    upstream.answer({ kind: 'json', body: DAY });
    await polled(2);
    const before = await stillServing();
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const answers = [
      { kind: 'json', body: { capacityRoutes: 'yes', nonCapacityRoutes: 7 } },
      { kind: 'json', body: { ...DAY, capacityRoutes: [{ ...DAY.capacityRoutes[0], sailingDuration: -1e308 }] } },
      {
        kind: 'json',
        body: { ...DAY, capacityRoutes: [{ ...DAY.capacityRoutes[0], sailingDuration: '-99999999h 99999m' }] },
      },
      { kind: 'text', body: `{"capacityRoutes": ${deep}, "nonCapacityRoutes": []}` },
      {
        kind: 'text',
        body: '{"__proto__": {"polluted": true}, "capacityRoutes": [{"__proto__": {"routeCode": "TSASWB"}}], "nonCapacityRoutes": []}',
      },
      { kind: 'text', body: '<html>\u0000' },
      { kind: 'huge' },
      { kind: 'drip' },
      { kind: 'hang' },
    ] as const;
    for (const answer of answers) {
      upstream.answer(answer);
      await polled();
      await stillServing();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    upstream.answer({ kind: 'json', body: DAY });
    await polled(2);
    expect(await stillServing()).toBe(before);
    // About 65 s on an idle 2-core machine (nine polls, two of them cut by the 5 s timeout); a cap,
    // not a wait: the test waits on the polls themselves, which a loaded host spaces out.
  }, 480_000);

  it('survives hostile AIS frames: error frames, garbage, absurd numbers and times, deep nesting, __proto__, 50 MB', async () => {
    const cowichan = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/ais/queen-of-cowichan.json'), 'utf8'),
    ) as { MetaData: Record<string, unknown>; Message: { PositionReport: Record<string, unknown> } };
    const absurd = structuredClone(cowichan);
    Object.assign(absurd.Message.PositionReport, { Sog: 1e308, Cog: -1e308, Latitude: 89.9999, Longitude: -180 });
    absurd.MetaData.time_utc = '9999-12-31 23:59:59.999999999 +0000 UTC';
    upstream.frames([
      JSON.stringify(cowichan),
      JSON.stringify(absurd),
      '{"error": "Api Key Is Not Valid"}',
      '\u0000not json',
      '['.repeat(50_000) + ']'.repeat(50_000),
      '{"__proto__": {"MessageType": "PositionReport"}, "MetaData": {"MMSI": 316001251}}',
      Buffer.alloc(50 * 1024 * 1024, 0x20),
    ]);
    await polled(2);
    await stillServing();
    const vessels = await get('/api/vessels');
    expect(vessels.status).toBe(200);
  }, 240_000);
});
