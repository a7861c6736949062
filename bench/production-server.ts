/**
 * The production server as `npm start` runs it (node --import tsx server/main.ts, NODE_ENV=production,
 * the built PWA in dist/), in a temporary DATA_DIR on a free port, with the realtime emulator on a
 * free port too. For benchmarks that load pages in Chromium. Run `npm run build` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's Chromium, as root (no sandbox), headless on a machine without a GPU: every page bench launches it so. */
export const CHROMIUM = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
};

export interface ProductionServer {
  origin: string;
  /** The server's process id (its CPU time can be read from /proc). */
  pid: number;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 180_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `staticDir`: serve another build than dist/ (the Lighthouse bench's baseline); `logLevel` (default
 * warn): LOG_LEVEL, its output discarded; `env`: more environment (e.g. raised rate limits).
 */
export async function startProductionServer(
  options: { staticDir?: string; logLevel?: string; env?: Record<string, string> } = {},
): Promise<ProductionServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-bench-prod-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_EMULATOR_PORT: '0',
      // The machines that run the benches have no network: the simulated world, pinned.
      FEED_SOURCE: 'simulator',
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...(options.staticDir ? { STATIC_DIR: path.resolve(options.staticDir) } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return { origin, pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /api/health in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
