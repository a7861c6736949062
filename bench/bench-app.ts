/**
 * The real Deckhand app for benchmarks: buildApp with an embedded PGlite database in a temporary
 * DATA_DIR, the simulator feed (not ticking unless asked) and no realtime bridge, listening on
 * 127.0.0.1 on a free port. `close()` stops it and removes the data directory.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { createFerryFeed, type FerryFeed } from '../server/feed/ferry-feed';

export interface BenchApp {
  app: FastifyInstance;
  feed: FerryFeed;
  port: number;
  close(): Promise<void>;
}

export async function startBenchApp(opts: { now?: () => number } = {}): Promise<BenchApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-build'),
    FEED_ENABLED: 'false',
  });
  const database = await openDatabase(config);
  const feed = createFerryFeed(opts.now ? { now: opts.now } : {});
  const app = await buildApp({
    config,
    database,
    feed,
    realtime: { databaseURL: 'http://127.0.0.1:9/', projectId: config.FIREBASE_PROJECT_ID },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    feed,
    port: (app.server.address() as AddressInfo).port,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
