/**
 * The same server on real PostgreSQL (DATABASE_URL): a throwaway cluster made with initdb + pg_ctl
 * from /usr/lib/postgresql/<version>/bin on a free 127.0.0.1 port, run as the `postgres` user when the
 * tests run as root. Missing binaries fail the test with instructions; they are never skipped.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { complaintSchema } from '@/domain/complaint';
import { openDatabase } from '../../server/db/client';
import { fares, storeItems, terminals } from '../../server/db/schema';
import { createTestApp, sessionCookieFrom, type TestApp } from './test-app';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../server/db/migrations');

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';

function findPostgresBin(): string {
  const versions = existsSync(PG_ROOT)
    ? readdirSync(PG_ROOT)
        .filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')) && existsSync(path.join(PG_ROOT, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      `PostgreSQL server binaries (initdb, pg_ctl) were not found under ${PG_ROOT}/*/bin. ` +
        'Install them with `apt-get install -y postgresql` and run the tests again.',
    );
  }
  return path.join(PG_ROOT, newest, 'bin');
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool, as `postgres` when we are root (initdb and postgres refuse to run as root). */
async function pgTool(bin: string, tool: string, args: string[]) {
  const command = path.join(bin, tool);
  return isRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

let bin: string;
let clusterDir: string;
let dataDir: string;
let databaseUrl: string;
let started = false;
let t: TestApp | undefined;

beforeAll(async () => {
  bin = findPostgresBin();
  clusterDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-pg-'));
  dataDir = path.join(clusterDir, 'data');
  if (isRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await fs.chown(clusterDir, uid, gid);
  }
  await pgTool(bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  await pgTool(bin, 'pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(clusterDir, 'server.log'),
    '-o',
    `-p ${port} -k ${clusterDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-w',
    'start',
  ]);
  started = true;
  databaseUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
});

afterAll(async () => {
  await t?.close();
  if (started) await pgTool(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
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
    // Each committed migration is applied exactly once, however many instances start together.
    const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(migrations.rows).toEqual([{ n: journal.entries.length }]);
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
