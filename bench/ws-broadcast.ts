/**
 * /ws broadcast delivery to 1,000 clients: the real app on 127.0.0.1, 1,000 `ws` clients, then N
 * feed changes; for each change, the time from the feed tick to each client's receipt of its
 * `ferry_update`. Prints p50/p99/max in ms. Figures are printed, never asserted.
 * The clients run in the same process as the server (one clock, no sync needed), so the figures
 * include the clients' own work: a conservative upper bound for the server.
 * Run: `npx tsx bench/ws-broadcast.ts` (about 15 s; stops by itself, hard limit 120 s).
 */
import { WebSocket } from 'ws';
import { startBenchApp } from './bench-app';

const CLIENTS = 1_000;
const BROADCASTS = 30;
const CONNECT_BATCH = 100;
const PER_BROADCAST_TIMEOUT_MS = 10_000;
const HARD_LIMIT_MS = 120_000;
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

const bench = await startBenchApp({ now: () => START });
const url = `ws://127.0.0.1:${bench.port}/ws`;
const sockets: WebSocket[] = [];
const latencies: number[] = [];
let sentAt = 0;
let pending = 0;
let onRoundDone: (() => void) | undefined;

try {
  const connectStarted = performance.now();
  for (let i = 0; i < CLIENTS; i += CONNECT_BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(CONNECT_BATCH, CLIENTS - i) }, async () => {
        const socket = new WebSocket(url);
        let greeted: () => void = () => undefined;
        const greeting = new Promise<void>((resolve) => (greeted = resolve));
        socket.on('message', (data: Buffer) => {
          if (data.toString('latin1', 0, 22) === '{"type":"ferry_update"') {
            latencies.push(performance.now() - sentAt);
            pending -= 1;
            if (pending === 0) onRoundDone?.();
          } else {
            greeted();
          }
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        });
        await greeting;
        sockets.push(socket);
      }),
    );
  }
  const connectMs = performance.now() - connectStarted;

  let missed = 0;
  let clock = START;
  for (let round = 0; round < BROADCASTS; round += 1) {
    clock += 7 * 60_000;
    pending = sockets.length;
    const done = new Promise<void>((resolve) => {
      onRoundDone = resolve;
      setTimeout(resolve, PER_BROADCAST_TIMEOUT_MS).unref();
    });
    sentAt = performance.now();
    bench.feed.tick(clock);
    await done;
    missed += Math.max(0, pending);
  }

  latencies.sort((a, b) => a - b);
  const bytes = JSON.stringify(bench.feed.current()).length;
  console.log(`${sockets.length} clients connected in ${connectMs.toFixed(0)} ms; ${BROADCASTS} broadcasts of ~${bytes} B; Node ${process.version}`);
  console.log(`deliveries ${latencies.length} (missed ${missed})`);
  console.log(
    `delivery latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms`,
  );
} finally {
  for (const socket of sockets) socket.terminate();
  await bench.close();
}
