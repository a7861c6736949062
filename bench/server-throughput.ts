/**
 * What the server's hottest answers cost, as ratios to a bare Fastify hello-world running in another
 * process in the same run: GET /app (the first screen rendered with the current sailings, brotli and
 * gzip), GET /api/ferries (brotli, and identity), on the production server as `npm start` runs it
 * (node --import tsx server/main.ts, NODE_ENV=production, LOG_LEVEL=info with its request lines sent
 * to /dev/null, the feed ticking every 5 s). Targets alternate round by round so none gains from a
 * quieter moment. autocannon runs in this process and competes with the servers for CPU on a small
 * machine: read the ratios, not the absolute figures. Beside each, the serving process's CPU time per
 * request (user + system, from /proc/PID/stat) and the hello-world's divided by it: the throughput
 * ratio an idle machine would show when the server is what limits, and much steadier than requests
 * per second while other work shares the cores. Printed, never asserted.
 * Run after `npm run build`: `npx tsx bench/server-throughput.ts` (about 70 s; stops by itself).
 * `THROUGHPUT_ROUNDS`, `THROUGHPUT_SECONDS` change the length.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import autocannon from 'autocannon';

import { startProductionServer } from './production-server';

const DURATION_S = Number(process.env.THROUGHPUT_SECONDS ?? 5);
const ROUNDS = Number(process.env.THROUGHPUT_ROUNDS ?? 2);
const CONNECTIONS = 50;

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** The process serving it, whose CPU time is read. */
  pid: number;
}
interface Run {
  rps: number;
  p99: number;
  bytes: number;
  bad: number;
  /** CPU time (user + system) the serving process spent per request, µs. */
  cpuUs: number;
}

const TICKS_PER_SECOND = 100;

/** A process's CPU time so far (user + system), µs. */
function cpuTimeUs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the line (utime, stime), counted after the name's closing parenthesis.
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
}

async function measure(target: Target): Promise<Run> {
  const options = { url: target.url, connections: CONNECTIONS, headers: target.headers };
  await autocannon({ ...options, duration: 1 });
  const cpuBefore = cpuTimeUs(target.pid);
  const result = await autocannon({ ...options, duration: DURATION_S });
  const cpuUs = (cpuTimeUs(target.pid) - cpuBefore) / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bytes: result.throughput.total / Math.max(1, result.requests.total),
    bad: result.errors + result.non2xx,
    cpuUs,
  };
}

async function startHelloWorld(): Promise<{ origin: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/hello-world-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return {
    origin: `http://127.0.0.1:${chunk.toString().trim()}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    },
  };
}

const hello = await startHelloWorld();
// All load comes from one address: the per-client limit would answer most of it 429.
const server = await startProductionServer({ logLevel: 'info', env: { RATE_LIMIT_PER_CLIENT: '100000000' } });
try {
  const html = { accept: 'text/html' };
  const targets: Target[] = [
    { name: 'hello-world (other process)', url: `${hello.origin}/`, headers: {}, pid: hello.pid },
    {
      name: 'GET /app, brotli',
      url: `${server.origin}/app`,
      headers: { ...html, 'accept-encoding': 'br' },
      pid: server.pid,
    },
    {
      name: 'GET /app, gzip',
      url: `${server.origin}/app`,
      headers: { ...html, 'accept-encoding': 'gzip' },
      pid: server.pid,
    },
    {
      name: 'GET /api/ferries, brotli',
      url: `${server.origin}/api/ferries`,
      headers: { 'accept-encoding': 'br' },
      pid: server.pid,
    },
    { name: 'GET /api/ferries, identity', url: `${server.origin}/api/ferries`, headers: {}, pid: server.pid },
  ];
  const runs = new Map<string, Run[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) runs.get(target.name)!.push(await measure(target));
  }
  const mean = (list: Run[], pick: (r: Run) => number) => list.reduce((sum, r) => sum + pick(r), 0) / list.length;
  const base = mean(runs.get(targets[0]!.name)!, (r) => r.rps);
  const baseCpu = mean(runs.get(targets[0]!.name)!, (r) => r.cpuUs);
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s per target, Node ${process.version}, load average ${load}`,
  );
  for (const target of targets) {
    const list = runs.get(target.name)!;
    const rps = mean(list, (r) => r.rps);
    const cpu = mean(list, (r) => r.cpuUs);
    console.log(
      `  ${target.name.padEnd(30)} ${rps.toFixed(0).padStart(6)} req/s  ratio ${(rps / base).toFixed(2)}  CPU ${cpu.toFixed(0).padStart(4)} µs a request  CPU ratio ${(baseCpu / cpu).toFixed(2)}  p99 ${mean(list, (r) => r.p99).toFixed(0)} ms  ${(mean(list, (r) => r.bytes) / 1024).toFixed(1)} KB a response  errors/non-2xx ${mean(list, (r) => r.bad)}`,
    );
  }
} finally {
  await server.stop();
  await hello.stop();
}
