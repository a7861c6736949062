/**
 * Runs the local realtime emulator as its own child process and keeps it running, so nothing a
 * client sends to the emulator can stop the API: firebase-server throws outside any handler on some
 * malformed frames, and it buffers what it cannot parse. In a child process a crash (or the heap cap
 * being hit) ends only the emulator; the supervisor starts a new one on the same port after a short,
 * growing delay and replays the current data, and firebase clients reconnect by themselves.
 *
 * The API server's writes reach the child over IPC. The supervisor keeps the latest value of every
 * path written (multi-path update semantics: a null removes a path and everything under it), which
 * is what a fresh emulator needs to serve the same nodes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import type { ChildMessage, EmulatorChildOptions, ParentMessage } from './emulator-child';

/** First restart delay after a crash; doubles per crash in a row up to the maximum. */
export const EMULATOR_RESTART_DELAY_MS = 250;
export const EMULATOR_RESTART_DELAY_MAX_MS = 5_000;
/** A child that ran this long without crashing resets the delay. */
const EMULATOR_STABLE_MS = 30_000;
/** How long a child may take to listen before it counts as a failed start. */
const EMULATOR_START_TIMEOUT_MS = 30_000;
/** Heap cap of the emulator process: past it V8 ends the child instead of swapping the machine. */
export const EMULATOR_MAX_HEAP_MB = 192;

export interface SupervisedEmulator {
  port: number;
  /** Applies a multi-path update as the server; kept and replayed if the emulator restarts. */
  update(values: Record<string, unknown>): Promise<void>;
  /** How many times the emulator process has been restarted. */
  restarts(): number;
  /** The running child's pid (undefined while it restarts). */
  pid(): number | undefined;
  close(): Promise<void>;
}

export interface SupervisorLogger {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
}

const CHILD_ENTRY = fileURLToPath(new URL('./emulator-child.ts', import.meta.url));

function normalise(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

/** The latest value of every written path; an update removes what it overwrites or deletes. */
export class RealtimeSnapshot {
  private readonly values = new Map<string, unknown>();

  apply(update: Record<string, unknown>): void {
    for (const [raw, value] of Object.entries(update)) {
      const path = normalise(raw);
      for (const existing of [...this.values.keys()]) {
        if (existing === path || existing.startsWith(`${path}/`)) this.values.delete(existing);
      }
      if (value !== null && value !== undefined) this.values.set(path, value);
    }
  }

  /** One single-path update per stored path: replaying never mixes an ancestor with its child. */
  updates(): Array<Record<string, unknown>> {
    return [...this.values].map(([path, value]) => ({ [path]: value }));
  }
}

export async function startSupervisedEmulator(
  options: EmulatorChildOptions,
  log: SupervisorLogger,
): Promise<SupervisedEmulator> {
  const snapshot = new RealtimeSnapshot();
  let port = options.port;
  let child: ChildProcess | undefined;
  let ready = false;
  let closing = false;
  let restartCount = 0;
  let delay = EMULATOR_RESTART_DELAY_MS;
  let restartTimer: NodeJS.Timeout | undefined;

  const send = (message: ParentMessage) => {
    if (child?.connected && ready) child.send(message);
  };

  function spawnChild(): Promise<number> {
    return new Promise((resolve, reject) => {
      const startedAt = Date.now();
      const proc = fork(CHILD_ENTRY, [], {
        execArgv: ['--import', 'tsx', `--max-old-space-size=${EMULATOR_MAX_HEAP_MB}`],
        env: { ...process.env, DECKHAND_EMULATOR_OPTIONS: JSON.stringify({ ...options, port }) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child = proc;
      ready = false;
      const timeout = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(new Error('The realtime emulator did not start in time'));
      }, EMULATOR_START_TIMEOUT_MS);
      proc.on('message', (message: ChildMessage) => {
        if (message?.type !== 'ready') return;
        clearTimeout(timeout);
        port = message.port;
        ready = true;
        for (const update of snapshot.updates()) proc.send({ type: 'update', values: update } satisfies ParentMessage);
        resolve(port);
      });
      proc.on('exit', (code, signal) => {
        clearTimeout(timeout);
        if (child === proc) {
          child = undefined;
          ready = false;
        }
        if (closing) return;
        if (Date.now() - startedAt > EMULATOR_STABLE_MS) delay = EMULATOR_RESTART_DELAY_MS;
        log.warn({ code, signal, restartInMs: delay }, 'realtime emulator stopped; restarting it');
        reject(new Error(`The realtime emulator exited (${signal ?? code})`));
        restartTimer = setTimeout(() => {
          restartCount += 1;
          spawnChild().then(
            (p) => log.info({ port: p, restarts: restartCount }, 'realtime emulator restarted'),
            () => undefined,
          );
        }, delay);
        delay = Math.min(delay * 2, EMULATOR_RESTART_DELAY_MAX_MS);
      });
    });
  }

  port = await spawnChild();

  return {
    get port() {
      return port;
    },
    async update(values) {
      snapshot.apply(values);
      send({ type: 'update', values });
    },
    restarts: () => restartCount,
    pid: () => (ready ? child?.pid : undefined),
    async close() {
      closing = true;
      clearTimeout(restartTimer);
      const proc = child;
      if (!proc || proc.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      });
    },
  };
}
