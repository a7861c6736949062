/**
 * Nothing sent to the realtime emulator stops the API: frames that made firebase-server throw are
 * refused before it reads them, and the emulator runs in its own supervised process, so 50 MiB of
 * garbage costs at most an emulator restart. Runs the real server as a child process on loopback.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';

import { KILLER_FRAMES, sendFrames } from './support/emulator-frames';
import { freePort } from './support/postgres-cluster';
import { startServer, type ServerProcess } from './support/server-process';

let server: ServerProcess;
let dataDir: string;
let emulatorPort: number;

async function apiUp(): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/health`);
  return res.ok;
}

/** Resolves once a WebSocket to the emulator opens (it is listening again). */
async function waitForEmulator(timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const opened = await new Promise<boolean>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${emulatorPort}/.ws?v=5&ns=deckhand-local`);
      socket.once('open', () => {
        socket.close();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (opened) return;
    if (Date.now() > deadline) throw new Error('the emulator did not come back');
    await sleep(200);
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-emulator-'));
  // The run's migrated database, copied: a first start's initdb is not what this file tests.
  await fs.cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  server = await startServer(await freePort(), { DATA_DIR: dataDir });
  const config = (await (await fetch(`http://127.0.0.1:${server.port}/api/config`)).json()) as {
    realtime: { emulator?: { port: number } };
  };
  emulatorPort = config.realtime.emulator!.port;
  await waitForEmulator();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('realtime emulator isolation', () => {
  it('the fourteen frames that ended the emulator close only their sockets: emulator and API stay up', async () => {
    for (const frame of KILLER_FRAMES) {
      expect((await sendFrames(emulatorPort, [frame])).closeCode, frame.slice(0, 60)).toBe(1008);
      expect(await apiUp()).toBe(true);
    }
    expect(server.output()).not.toMatch(/realtime emulator stopped/);
    const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(health.status).toBe(200);
  }, 120_000);

  it('50 MiB of garbage to the emulator leaves the API up and the emulator serving', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    await new Promise<void>((resolve) => {
      const socket = net.connect(emulatorPort, '127.0.0.1', () => {
        let sent = 0;
        const pump = () => {
          while (sent < 50 && socket.write(chunk)) sent += 1;
          if (sent >= 50) socket.end();
        };
        socket.on('drain', () => {
          sent += 1;
          pump();
        });
        pump();
      });
      socket.on('error', () => resolve());
      socket.on('close', () => resolve());
    });
    expect(await apiUp()).toBe(true);
    await waitForEmulator();
  }, 120_000);

  it('the emulator listens on loopback only by default', async () => {
    const lan = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    if (!lan) return expect(lan).toBeUndefined();
    const reached = await new Promise<boolean>((resolve) => {
      const socket = net.connect(emulatorPort, lan, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    expect(reached).toBe(false);
  });
});
