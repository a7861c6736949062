/**
 * GET /api/ferries throughput against a bare Fastify hello-world, measured in the same run on the
 * same machine so the ratio means something across machines. Figures are printed, never asserted.
 * autocannon runs in this process, so on a small machine it competes with the servers for CPU: read
 * the ratio, not the absolute figures.
 * Run: `npx tsx bench/ferries-throughput.ts` (about 30 s; stops by itself).
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startBenchApp } from './bench-app';

const DURATION_S = 5;
/** The two targets alternate, so neither gains from running while the machine is cooler. */
const ROUNDS = 2;
const CONNECTIONS = 50;

async function measure(url: string): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
  // A short warm-up so the JIT and the serialisation cache are settled before counting.
  await autocannon({ url, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const bare = Fastify({ logger: false });
bare.get('/', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bench = await startBenchApp();
try {
  const helloUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/`;
  const ferriesUrl = `http://127.0.0.1:${bench.port}/api/ferries`;
  const helloRuns = [];
  const ferriesRuns = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    helloRuns.push(await measure(helloUrl));
    ferriesRuns.push(await measure(ferriesUrl));
  }
  const mean = (runs: Array<{ rps: number }>) => runs.reduce((sum, r) => sum + r.rps, 0) / runs.length;
  const hello = { ...helloRuns.at(-1)!, rps: mean(helloRuns) };
  const ferries = { ...ferriesRuns.at(-1)!, rps: mean(ferriesRuns) };
  const bytes = JSON.stringify(bench.feed.current()).length;
  console.log(`connections ${CONNECTIONS}, ${ROUNDS} rounds of ${DURATION_S} s each, Node ${process.version}`);
  console.log(`bare Fastify hello-world: ${hello.rps.toFixed(0)} req/s (p99 ${hello.p99} ms, errors ${hello.errors}, non-2xx ${hello.non2xx})`);
  console.log(`GET /api/ferries (${bytes} B): ${ferries.rps.toFixed(0)} req/s (p99 ${ferries.p99} ms, errors ${ferries.errors}, non-2xx ${ferries.non2xx})`);
  console.log(`ratio /api/ferries : hello-world = ${(ferries.rps / hello.rps).toFixed(2)}`);
} finally {
  await bench.close();
  await bare.close();
}
