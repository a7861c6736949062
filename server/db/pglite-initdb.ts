/**
 * Creates an empty PGlite data directory (PostgreSQL's initdb) and exits: run by server/db/client.ts
 * in a process of its own on a first start. PGlite's initdb runs a second Postgres and the initdb
 * program beside the one it creates, and the memory they take stays with the process (about 450 MB
 * more, measured with `npx tsx bench/memory-start.ts`): done here, it is returned when this process
 * ends, before the server opens the directory.
 * Usage: node --import tsx server/db/pglite-initdb.ts <data dir>
 */
import { PGlite } from '@electric-sql/pglite';

import { PGLITE_OPTIONS } from './pglite-options';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: pglite-initdb <data dir>');
  process.exit(2);
}
const client = new PGlite(dataDir, PGLITE_OPTIONS);
await client.waitReady;
await client.close();
