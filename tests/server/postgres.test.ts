/**
 * The same server on real PostgreSQL (DATABASE_URL), on a throwaway cluster
 * (./support/postgres-cluster.ts).
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { complaintSchema } from '@/domain/complaint';
import { openDatabase } from '../../server/db/client';
import { fares, storeItems, terminals } from '../../server/db/schema';
import { createTestApp, sessionCookieFrom, type TestApp } from './test-app';
import { startThrowawayPostgres, type ThrowawayPostgres } from './support/postgres-cluster';

/** Migrations committed in server/db/migrations (drizzle-kit's journal lists each once). */
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(new URL('../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }
).entries.length;
let cluster: ThrowawayPostgres | undefined;
let databaseUrl: string;
let clusterDir: string;
let t: TestApp | undefined;

beforeAll(async () => {
  cluster = await startThrowawayPostgres();
  databaseUrl = cluster.url;
  clusterDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-pg-app-'));
});

afterAll(async () => {
  await t?.close();
  await cluster?.stop();
  if (clusterDir) await fs.rm(clusterDir, { recursive: true, force: true });
});

describe('PostgreSQL via DATABASE_URL', () => {
  it('migrates and seeds, and doing it again (also from two instances at once) changes nothing', async () => {
    const first = await openDatabase({ DATABASE_URL: databaseUrl, dataDir: clusterDir });
    expect(first.kind).toBe('postgres');
    const count = async (db: typeof first.db) => ({
      terminals: (await db.select().from(terminals)).length,
      storeItems: (await db.select().from(storeItems)).length,
      fares: (await db.select().from(fares)).length,
    });
    const seeded = await count(first.db);
    expect(seeded.terminals).toBe(7);
    expect(seeded.fares).toBe(5);
    await first.close();

    const [a, b] = await Promise.all([
      openDatabase({ DATABASE_URL: databaseUrl, dataDir: clusterDir }),
      openDatabase({ DATABASE_URL: databaseUrl, dataDir: clusterDir }),
    ]);
    expect(await count(a.db)).toEqual(seeded);
    // Both drivers answer execute() with node-postgres' result shape.
    const migrations = (await a.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: unknown[];
    };
    // Each committed migration is recorded exactly once, however many instances ran them.
    expect(migrations.rows).toEqual([{ n: MIGRATION_COUNT }]);
    await Promise.all([a.close(), b.close()]);
  });

  it('serves the API on PostgreSQL: post a complaint and read it back', async () => {
    t = await createTestApp({ env: { DATABASE_URL: databaseUrl } });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', db: 'postgres' });

    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'pg-complaint-0001' },
      payload: JSON.stringify({ category: 'cleanliness', description: 'Facility cleanliness issues observed' }),
    });
    expect(posted.statusCode).toBe(201);
    const created = complaintSchema.parse(posted.json());
    const cookie = sessionCookieFrom(posted);

    const list = await t.app.inject({ method: 'GET', url: '/api/complaints', headers: { cookie } });
    expect(list.json()).toEqual([created]);
  });
});
