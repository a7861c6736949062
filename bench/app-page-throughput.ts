/**
 * What rendering /app per request costs the server: GET /app as the server renders it (the next
 * sailing put into the page, one render per ferry list and minute, compressed per request) against
 * GET /shells/app.html (the build's shell, a precompressed file), on the production server as
 * `npm start` runs it, the feed ticking every 5 s. Both as a phone asks: Accept text/html, brotli.
 * autocannon runs in this process and competes with the server for CPU on a small machine: read the
 * ratio, not the absolute figures. Printed, never asserted.
 * Run after `npm run build`: `npx tsx bench/app-page-throughput.ts` (about 30 s; stops by itself).
 */
import autocannon from 'autocannon';
import { startProductionServer } from './production-server';

const DURATION_S = 5;
const ROUNDS = 2;
const CONNECTIONS = 20;
const HEADERS = { accept: 'text/html', 'accept-encoding': 'br' };

async function measure(url: string): Promise<{ rps: number; p99: number; bytes: number; errors: number; non2xx: number }> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: HEADERS });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: HEADERS });
  return { rps: result.requests.average, p99: result.latency.p99, bytes: result.throughput.total / result.requests.total, errors: result.errors, non2xx: result.non2xx };
}

const server = await startProductionServer();
try {
  const rows: Record<string, Array<Awaited<ReturnType<typeof measure>>>> = { rendered: [], shell: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    rows.rendered!.push(await measure(`${server.origin}/app`));
    rows.shell!.push(await measure(`${server.origin}/shells/app.html`));
  }
  console.log(`GET /app rendered per request vs the build's shell, ${CONNECTIONS} connections, ${ROUNDS}×${DURATION_S} s each, brotli`);
  for (const [name, results] of Object.entries(rows)) {
    const avg = (pick: (r: (typeof results)[number]) => number) => results.reduce((sum, r) => sum + pick(r), 0) / results.length;
    console.log(
      `  ${name === 'rendered' ? '/app (rendered)    ' : '/shells/app.html   '} ${avg((r) => r.rps).toFixed(0)} req/s, p99 ${avg((r) => r.p99).toFixed(0)} ms, ${(avg((r) => r.bytes) / 1024).toFixed(1)} KB a response, errors ${avg((r) => r.errors + r.non2xx)}`,
    );
  }
} finally {
  await server.stop();
}
