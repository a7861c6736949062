/**
 * Opens Deckhand's database: embedded PGlite persisted in `DATA_DIR/pglite` by default, or PostgreSQL
 * through a `pg.Pool` when `DATABASE_URL` is set. Either way the committed migrations are applied and the
 * seed is topped up before the database is handed out, so every caller sees the full schema.
 *
 * Several instances may start against one PostgreSQL at once: migrations run under a session-level
 * advisory lock (the migrator itself is not safe to run concurrently), and the seed only inserts what is
 * missing. PGlite is single-process by nature; one server owns its data directory.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import type { Config } from '../config';
import type { Db } from './db-handle';
import { PGLITE_OPTIONS } from './pglite-options';
import * as schema from './schema';
import { seedDatabase } from './seed';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant shared by every Deckhand instance: "deckhand migrate" as a 32-bit key. */
const MIGRATION_LOCK_KEY = 0x0dec_4a7d;

export interface OpenOptions {
  /**
   * Create a new PGlite data directory in a child process (server/db/pglite-initdb.ts), so the
   * memory its initdb takes is not kept by this one. The server does; tests and tools need not.
   */
  initialiseApart?: boolean;
}

export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'dataDir'>,
  options: OpenOptions = {},
): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite(path.join(config.dataDir, 'pglite'), options);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs server/db/pglite-initdb.ts on `dataDir` in a child process with this process's loader (tsx),
 * not its file watcher (`npm run dev`: the child would wait for changes instead of exiting) or inspector.
 */
async function initialiseInChild(dataDir: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-initdb.ts', import.meta.url));
  const execArgv = process.execArgv.filter((arg) => !/^--(watch|inspect)/.test(arg));
  const child = fork(script, [dataDir], { execArgv, stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`Creating the embedded database in ${dataDir} failed (exit code ${code})`);
}

async function openPglite(dataDir: string, options: OpenOptions): Promise<Database> {
  await fs.mkdir(dataDir, { recursive: true });
  if (options.initialiseApart && !(await exists(path.join(dataDir, 'PG_VERSION')))) await initialiseInChild(dataDir);
  const client = new PGlite(dataDir, PGLITE_OPTIONS);
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await seedDatabase(db);
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString });
  // An idle client that errors (server restart, network drop) must not crash the process; the pool
  // replaces it on the next query.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  try {
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await seedDatabase(db);
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lock.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}
