/**
 * /ws broadcast delivery to 2,000 clients (`WS_CLIENTS`): the real app on 127.0.0.1 in this process,
 * the clients in `WS_CLIENT_PROCESSES` (default 2) other processes, as phones would be elsewhere;
 * then 30 feed changes (each sends ferry_update, sailings and vessels); for each change, the time
 * from the feed tick to each client's receipt of its `ferry_update` (one clock for all processes:
 * performance.timeOrigin + now()). Prints p50/p99/max in ms, and the server's own work per change
 * (the tick, serialising and writing to every socket). Figures are printed, never asserted.
 * Run: `npx tsx bench/ws-broadcast.ts` (about 30 s; stops by itself, hard limit 180 s).
 */
import { fork, type ChildProcess } from 'node:child_process';

import { startBenchApp } from './bench-app';

const CLIENTS = Number(process.env.WS_CLIENTS ?? 2_000);
const PROCESSES = Number(process.env.WS_CLIENT_PROCESSES ?? 2);
const BROADCASTS = 30;
const PER_BROADCAST_TIMEOUT_MS = 10_000;
const HARD_LIMIT_MS = 180_000;
/** Daytime, when every step changes the ferries (overnight nothing moves, so nothing is sent). */
const START = Date.parse('2026-07-10T08:00:00-07:00');

const hardLimit = setTimeout(() => {
  console.error(`ws-broadcast: gave up after ${HARD_LIMIT_MS / 1000} s`);
  process.exit(1);
}, HARD_LIMIT_MS);
hardLimit.unref();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const clock = () => performance.timeOrigin + performance.now();

const bench = await startBenchApp({ now: () => START });
const url = `ws://127.0.0.1:${bench.port}/ws`;
const children: ChildProcess[] = [];
try {
  const connectStarted = clock();
  const perChild = Math.ceil(CLIENTS / PROCESSES);
  await Promise.all(
    Array.from({ length: PROCESSES }, (_, i) => {
      const child = fork('bench/ws-clients.ts', [url, String(Math.min(perChild, CLIENTS - i * perChild))], {
        execArgv: ['--import', 'tsx'],
      });
      children.push(child);
      return new Promise<void>((resolve) => child.once('message', () => resolve()));
    }),
  );
  const connectMs = clock() - connectStarted;

  const latencies: number[] = [];
  const serverWork: number[] = [];
  let delivered = 0;
  let time = START;
  for (let round = 0; round < BROADCASTS; round += 1) {
    time += 7 * 60_000;
    const reports = children.map(
      (child) =>
        new Promise<number[]>((resolve) => {
          const timer = setTimeout(() => child.send({ type: 'flush' }), PER_BROADCAST_TIMEOUT_MS);
          child.once('message', (m: { times: number[] }) => {
            clearTimeout(timer);
            resolve(m.times);
          });
        }),
    );
    const sentAt = clock();
    bench.feed.tick(time);
    // The fan-out writes in a microtask after the tick: measure up to the end of this turn.
    await new Promise((resolve) => setImmediate(resolve));
    serverWork.push(clock() - sentAt);
    for (const times of await Promise.all(reports)) {
      delivered += times.length;
      for (const t of times) latencies.push(t - sentAt);
    }
  }

  latencies.sort((a, b) => a - b);
  serverWork.sort((a, b) => a - b);
  const bytes = JSON.stringify(bench.feed.current()).length;
  console.log(
    `${CLIENTS} clients in ${PROCESSES} processes connected in ${connectMs.toFixed(0)} ms; ${BROADCASTS} changes, ferry_update ~${bytes} B; Node ${process.version}`,
  );
  console.log(`deliveries ${delivered} (missed ${CLIENTS * BROADCASTS - delivered})`);
  console.log(
    `delivery latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms; server work per change p50 ${percentile(serverWork, 50).toFixed(1)} ms, max ${(serverWork.at(-1) ?? NaN).toFixed(1)} ms`,
  );
} finally {
  for (const child of children) child.send({ type: 'stop' });
  await bench.close();
}
