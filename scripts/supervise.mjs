/**
 * Keeps one child process running for `npm start`: when it dies without being asked to, a log line
 * says why (its exit code or signal) and it is started again after a backoff (1 s doubling to 60 s;
 * back to 1 s once a run has lasted a minute). A child that keeps dying within a minute of starting
 * (a bad configuration, a port in use) is not started forever: after `maxQuickFailures` such runs in a
 * row the supervisor gives up with the child's exit code. `stop(signal)` (Ctrl-C, SIGTERM) passes the
 * signal on and never restarts. Plain Node: no dependencies.
 */
import { spawn } from 'node:child_process';

/**
 * @param {{
 *   command: string, args: string[], cwd?: string, env?: NodeJS.ProcessEnv, stdio?: import('node:child_process').StdioOptions,
 *   log?: (line: string) => void, firstDelayMs?: number, maxDelayMs?: number, stableAfterMs?: number,
 *   maxQuickFailures?: number, now?: () => number,
 * }} opts
 * @returns {{ done: Promise<number>, stop(signal?: NodeJS.Signals): void, restarts(): number, pid(): number | undefined }}
 */
export function supervise(opts) {
  const log = opts.log ?? ((line) => console.error(line));
  const firstDelayMs = opts.firstDelayMs ?? 1_000;
  const maxDelayMs = opts.maxDelayMs ?? 60_000;
  const stableAfterMs = opts.stableAfterMs ?? 60_000;
  const maxQuickFailures = opts.maxQuickFailures ?? 5;
  const clock = opts.now ?? Date.now;
  let delay = firstDelayMs;
  let quickFailures = 0;
  let restarts = 0;
  let stopping = false;
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {(code: number) => void} */
  let finish = () => undefined;
  const done = new Promise((resolve) => {
    finish = resolve;
  });

  const why = (code, signal) => (signal ? `signal ${signal}` : `exit code ${code}`);

  function start() {
    timer = undefined;
    const startedAt = clock();
    child = spawn(opts.command, opts.args, { cwd: opts.cwd, env: opts.env, stdio: opts.stdio ?? 'inherit' });
    child.on('error', (error) => log(`[deckhand] the server could not be started: ${error.message}`));
    child.on('exit', (code, signal) => {
      child = undefined;
      if (stopping) {
        finish(code ?? (signal ? 1 : 0));
        return;
      }
      const ranMs = clock() - startedAt;
      if (ranMs >= stableAfterMs) {
        delay = firstDelayMs;
        quickFailures = 0;
      } else {
        quickFailures += 1;
      }
      if (quickFailures >= maxQuickFailures) {
        log(
          `[deckhand] the server stopped (${why(code, signal)}) ${quickFailures} times in a row within ${Math.round(stableAfterMs / 1000)} s of starting; not starting it again`,
        );
        finish(code || 1);
        return;
      }
      restarts += 1;
      log(
        `[deckhand] the server stopped unexpectedly (${why(code, signal)}) after ${Math.round(ranMs / 1000)} s; starting it again in ${Math.round(delay / 100) / 10} s`,
      );
      timer = setTimeout(start, delay);
      delay = Math.min(maxDelayMs, delay * 2);
    });
  }
  start();

  return {
    done,
    restarts: () => restarts,
    pid: () => child?.pid,
    stop(signal = 'SIGTERM') {
      stopping = true;
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
        finish(0);
        return;
      }
      child?.kill(signal);
    },
  };
}
