/**
 * One real Deckhand app per test file, on its own copy of the template PGlite database
 * (global-setup.ts). Logging is silent, the feed never ticks by itself (call `feed.tick(now)`), and
 * no realtime bridge runs: the client realtime config points at a closed port. The app is ready
 * (plugins loaded) when returned; add test-only routes through `opts.setup`.
 *
 *   const t = await createTestApp();          // in beforeAll
 *   await t.app.inject({ method: 'GET', url: '/api/health' });
 *   await truncateTables(t.database, ['users']); // between tests: reset what the test touched
 *   await t.close();                          // in afterAll
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { createFerryFeed, type FerryFeed } from '../../server/feed/ferry-feed';
import type { ClientRealtimeConfig } from '../../server/realtime/firebase-bridge';

export interface TestAppOptions {
  /** Directory to serve as the built PWA. Default: a directory that does not exist (no build). */
  staticDir?: string;
  /** Extra environment for loadConfig (strings, as in process.env). */
  env?: Record<string, string>;
  /** Registers extra routes (e.g. a test-only route using requireRole) before the app is made ready. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
  /** Clock for the feed simulator; default Date.now. */
  now?: () => number;
  vapidPublicKey?: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  feed: FerryFeed;
  config: Config;
  realtime: ClientRealtimeConfig;
  close(): Promise<void>;
}

export const TEST_REALTIME: ClientRealtimeConfig = { databaseURL: 'http://127.0.0.1:9/', projectId: 'test' };

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-test-app-'));
  const dataDir = path.join(workDir, 'data');
  await fs.cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: opts.staticDir ?? path.join(workDir, 'no-build'),
    FEED_ENABLED: 'false',
    ...opts.env,
  });
  const database = await openDatabase(config);
  const feed = createFerryFeed(opts.now ? { now: opts.now } : {});
  const app = await buildApp({
    config,
    database,
    feed,
    realtime: TEST_REALTIME,
    vapidPublicKey: opts.vapidPublicKey,
  });
  await opts.setup?.(app);
  // Ready before handing out: app.injectWS (websocket tests) routes without inject()'s implicit ready.
  await app.ready();
  return {
    app,
    database,
    feed,
    config,
    realtime: TEST_REALTIME,
    async close() {
      feed.stop();
      await app.close();
      await database.close();
      await fs.rm(workDir, { recursive: true, force: true });
    },
  };
}

/** Empties the named tables (and rows that reference them) and restarts their id sequences. */
export async function truncateTables(database: Database, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  const names = tables.map((t) => `"${t.replace(/"/g, '""')}"`).join(', ');
  await database.db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
}

/** The `name=value` pair of the session cookie set by a response, for the next request's Cookie header. */
export function sessionCookieFrom(response: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = response.cookies.find((c) => c.name === 'dh_session');
  if (!cookie) throw new Error('The response set no dh_session cookie');
  return `dh_session=${cookie.value}`;
}
