/**
 * Server memory under load and after an attack on the realtime emulator. Starts the real server
 * (production-server.ts: `node --import tsx server/main.ts`, PGlite in a temporary directory) on 127.0.0.1, then:
 * 1. opens 1,000 WebSocket clients on /ws and runs 60 s of mixed load (reads, and complaint writes
 *    with Idempotency-Keys, 16 at a time);
 * 2. sends the realtime emulator 50 MiB of garbage on one socket, and a malformed protocol frame.
 * Prints the resident memory (VmRSS) of the API process and of the emulator process after each
 * step, and whether the API still answers. Goal: under 600 MiB, server up. The rate limits are
 * raised for the run (all load comes from one address). Nothing is asserted.
 * Run: `npx tsx bench/memory-under-load.ts` (about 90 s; hard limit 240 s).
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';

import { startProductionServer } from './production-server';

const CLIENTS = 1_000;
const LOAD_MS = 60_000;
const CONCURRENCY = 16;
const GARBAGE_MIB = 50;
const HARD_LIMIT_MS = 240_000;

const hardLimit = setTimeout(() => {
  console.error(`memory-under-load: gave up after ${HARD_LIMIT_MS / 1000} s`);
  process.exit(1);
}, HARD_LIMIT_MS);
hardLimit.unref();

function rssMiB(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return NaN;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const server = await startProductionServer({
  logLevel: 'error',
  env: {
    FEED_TICK_MS: '1000',
    RATE_LIMIT_PER_CLIENT: '100000000',
    RATE_LIMIT_WRITES_PER_RIDER: '100000000',
  },
});
const base = server.origin;
const up = async () => {
  try {
    return (await fetch(`${base}/api/health`)).ok;
  } catch {
    return false;
  }
};

try {
  const emulatorPort = (
    (await (await fetch(`${base}/api/config`)).json()) as { realtime: { emulator?: { port: number } } }
  ).realtime.emulator?.port;
  const report = (step: string) => {
    const emulatorPid = childrenOf(server.pid)[0];
    console.log(`${step}: API ${rssMiB(server.pid)} MiB, emulator ${rssMiB(emulatorPid)} MiB`);
  };
  report('idle');

  const sockets: WebSocket[] = [];
  for (let i = 0; i < CLIENTS; i += 100) {
    await Promise.all(
      Array.from(
        { length: 100 },
        () =>
          new Promise<void>((resolve) => {
            const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
            socket.once('open', () => resolve());
            socket.once('error', () => resolve());
            socket.on('message', () => undefined);
            sockets.push(socket);
          }),
      ),
    );
  }
  const session = await fetch(`${base}/api/session`, { method: 'POST' });
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  let requests = 0;
  let failures = 0;
  const until = Date.now() + LOAD_MS;
  const reads = [
    '/api/ferries',
    '/api/config',
    '/api/banners',
    '/api/store/items',
    '/api/queue/detections',
    '/api/orders',
  ];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = 0; Date.now() < until; i += 1) {
        const write = i % 4 === 0;
        const res = await fetch(`${base}${write ? '/api/complaints' : reads[i % reads.length]}`, {
          method: write ? 'POST' : 'GET',
          headers: write
            ? { cookie, 'content-type': 'application/json', 'idempotency-key': `bench-${worker}-${i}-${Date.now()}` }
            : { cookie },
          ...(write ? { body: JSON.stringify({ category: 'delay', description: `bench ${worker} ${i}` }) } : {}),
        }).catch(() => undefined);
        requests += 1;
        if (!res || res.status >= 500) failures += 1;
        await res?.arrayBuffer().catch(() => undefined);
      }
    }),
  );
  const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
  console.log(
    `mixed load: ${requests} requests in ${LOAD_MS / 1000} s (${failures} failed or 5xx), ${open} of ${CLIENTS} sockets open`,
  );
  report(`after ${CLIENTS} WebSocket clients and ${LOAD_MS / 1000} s of mixed load`);
  for (const socket of sockets) socket.terminate();

  if (emulatorPort) {
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    await new Promise<void>((resolve) => {
      const socket = net.connect(emulatorPort, '127.0.0.1', async () => {
        for (let i = 0; i < GARBAGE_MIB; i += 1) {
          if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r));
          if (socket.destroyed) break;
        }
        socket.end();
      });
      socket.on('error', () => resolve());
      socket.on('close', () => resolve());
    });
    const frame = new WebSocket(`ws://127.0.0.1:${emulatorPort}/.ws?v=5&ns=deckhand-local`);
    await new Promise<void>((resolve) => {
      frame.once('open', () => frame.send('{"t":"d","d":{}}'));
      frame.once('close', () => resolve());
      frame.once('error', () => resolve());
    });
    await sleep(5_000);
    report(`after ${GARBAGE_MIB} MiB of garbage and a malformed frame to the emulator`);
  }
  console.log(`API up at the end: ${(await up()) ? 'yes' : 'NO'}`);
} finally {
  await server.stop();
}
