/**
 * Where the server's memory goes while it starts on PGlite: resident memory (VmRSS) and its peak
 * (VmHWM) after each step of a first start on an empty data directory (PGlite's initdb, the
 * migrations, the seed, the first-screen renderer) and of a second start on the same directory.
 * Printed, never asserted. Run: `npx tsx bench/memory-start.ts` (about 30 s).
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

import * as schema from '../server/db/schema';
import { seedDatabase } from '../server/db/seed';

function memory(): string {
  const status = readFileSync('/proc/self/status', 'utf8');
  const mib = (key: string) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
  return `RSS ${mib('VmRSS')} MiB, peak ${mib('VmHWM')} MiB, heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MiB`;
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-memory-start-'));
const migrationsFolder = fileURLToPath(new URL('../server/db/migrations', import.meta.url));
try {
  console.log(`loaded                 ${memory()}`);
  for (const run of ['first start', 'second start']) {
    const client = new PGlite(path.join(dir, 'pglite'));
    await client.waitReady;
    console.log(`${run}: PGlite ready  ${memory()}`);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    console.log(`${run}: migrated      ${memory()}`);
    await seedDatabase(db);
    console.log(`${run}: seeded        ${memory()}`);
    await client.close();
    console.log(`${run}: closed        ${memory()}`);
  }
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
