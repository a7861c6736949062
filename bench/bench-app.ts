/**
 * The real Deckhand app for benchmarks: buildApp with an embedded PGlite database in a temporary
 * DATA_DIR, the simulator feed (not ticking unless asked) and no realtime bridge, listening on
 * 127.0.0.1 on a free port. `close()` stops it and removes the data directory.
 */
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

import type { FerryFeed } from '../server/feed/ferry-feed';
import { openEmbeddedApp } from '../tests/fixtures/embedded-app';

export interface BenchApp {
  app: FastifyInstance;
  feed: FerryFeed;
  port: number;
  close(): Promise<void>;
}

export async function startBenchApp(opts: { now?: () => number } = {}): Promise<BenchApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-bench-'));
  const embedded = await openEmbeddedApp({
    dataDir,
    staticDir: path.join(dataDir, 'no-build'),
    env: { NODE_ENV: 'production' },
    now: opts.now,
  });
  const { app, feed } = embedded;
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    feed,
    port: (app.server.address() as AddressInfo).port,
    async close() {
      await embedded.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
