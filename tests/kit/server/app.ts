/**
 * One real Deckhand app per test file, on its own copy of the template PGlite database
 * (pglite-template.ts). Logging is silent, the feed never ticks by itself (call `feed.tick(now)`), and
 * no realtime bridge runs: the client realtime config points at a closed port. The app is ready
 * (plugins loaded) when returned; add test-only routes through `opts.setup`.
 *
 *   const t = await createTestApp();          // in beforeAll
 *   await t.app.inject({ method: 'GET', url: '/api/health' });
 *   await truncateTables(t.database, ['users']); // between tests: reset what the test touched
 *   await t.close();                          // in afterAll
 *
 * or, for the usual file-wide app: `const t = useTestApp({ reset: ['users', 'sessions'] });`
 * Requests as a rider, staff member or admin: actor.ts.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';

import type { ClientRealtimeConfig } from '@/domain/realtime';

import type { Database } from '../../../server/db/client';
import {
  CLOSED_PORT_REALTIME,
  openEmbeddedApp,
  type EmbeddedApp,
  type EmbeddedAppOptions,
} from '../../fixtures/embedded-app';

export interface TestAppOptions extends Partial<
  Pick<
    EmbeddedAppOptions,
    | 'staticDir'
    | 'env'
    | 'now'
    | 'vapidPublicKey'
    | 'realtimeWriter'
    | 'publishQueueCount'
    | 'processHealth'
    | 'firstScreenRenderer'
    | 'feedSources'
  >
> {
  /** Registers extra routes (e.g. a test-only route) before the app is made ready. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
}

export interface TestApp extends EmbeddedApp {
  realtime: ClientRealtimeConfig;
}

export const TEST_REALTIME = CLOSED_PORT_REALTIME;

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-test-app-'));
  const dataDir = path.join(workDir, 'data');
  await fs.cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  const embedded = await openEmbeddedApp({
    ...opts,
    dataDir,
    staticDir: opts.staticDir ?? path.join(workDir, 'no-build'),
  });
  await opts.setup?.(embedded.app);
  // Ready before handing out: app.injectWS (websocket tests) routes without inject()'s implicit ready.
  await embedded.app.ready();
  return {
    ...embedded,
    realtime: TEST_REALTIME,
    async close() {
      await embedded.close();
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

/** What any rider's request may write: their account, their session and its idempotency keys. */
export const RIDER_TABLES = ['users', 'sessions', 'idempotency_keys'] as const;

/** What a Ninja Booking request writes as it is watched, booked and told. */
export const NINJA_BOOKING_TABLES = [
  'ninja_requests',
  'watcher_openings',
  'reservation_bookings',
  'outbound_messages',
  'notifications',
] as const;

/**
 * One app for the whole test file: opened in beforeAll, closed in afterAll, and the `reset` tables
 * truncated before each test. The returned object is filled in by beforeAll, so use it in tests only.
 */
export function useTestApp(opts: TestAppOptions & { reset?: readonly string[] } = {}): TestApp {
  const { reset = [], ...appOpts } = opts;
  const t = {} as TestApp;
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await createTestApp(appOpts);
    Object.assign(t, opened);
  });
  afterAll(async () => {
    await opened?.close();
  });
  beforeEach(async () => {
    await truncateTables(t.database, reset);
  });
  return t;
}
