/**
 * The real server (`node --import tsx server/main.ts`) as a child process on loopback, for tests that
 * must kill it (-9), restart it on the same data, or attack what runs beside it. Output is kept so a
 * test can look for what the server logged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ServerProcess {
  port: number;
  output(): string;
  /** Resolves when the process ends, however it ends (a test can race it against what it waits for). */
  exited: Promise<void>;
  /** kill -9: no shutdown hooks, no flushing. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

const ROOT = new URL('../../../', import.meta.url);
/** A cold start compiles TypeScript and opens the database: generous on a loaded 2-core CI box. */
const START_TIMEOUT_MS = 180_000;

export async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  let output = '';
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      FIREBASE_EMULATOR_PORT: '0',
      // Tests run without a network: the simulated world unless a test names its source.
      FEED_SOURCE: 'simulator',
      LOG_LEVEL: 'warn',
      STATIC_DIR: './no-build-for-this-test',
      RATE_LIMIT_PER_CLIENT: '1000000',
      RATE_LIMIT_WRITES_PER_RIDER: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited while starting:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output}`);
    }
    await sleep(200);
  }

  return {
    port,
    output: () => output,
    exited,
    async kill9() {
      proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      await exited;
    },
  };
}
