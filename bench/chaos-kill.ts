/**
 * The long chaos run: riders write complaints, away sessions and orders with Idempotency-Keys while
 * the server is kill -9'ed at random moments, CHAOS_KILLS times (default 20) on PGlite and as many on
 * PostgreSQL (two instances behind a round-robin proxy), then every write is counted in the database
 * (tests/server/support/chaos-run.ts; the short run is tests/server/chaos.test.ts).
 * Prints kills survived with writes acknowledged / present / doubled / lost, per database and route.
 * Loopback only; stops by itself. CHAOS_DATABASES=pglite (or postgres) runs one of them.
 */
import { describeFigures, runChaos } from '../tests/server/support/chaos-run';

const kills = Number(process.env.CHAOS_KILLS ?? 20);
const clients = Number(process.env.CHAOS_CLIENTS ?? 4);
const databases = (process.env.CHAOS_DATABASES ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;

let failed = false;
for (const database of databases) {
  const figures = await runChaos({ database, kills, clients, log: (line) => console.log(`  ${database} ${line}`) });
  console.log(describeFigures(figures));
  if (figures.lost > 0 || figures.doubled > 0 || figures.storedUnacknowledged > 0) {
    failed = true;
    console.log(`  lost: ${figures.lostMarkers.slice(0, 20).join('; ')}`);
  }
}
process.exit(failed ? 1 : 0);
