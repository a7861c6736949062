/**
 * The process's last line of defence (server/process-guards.ts), in a child process of its own: a
 * promise rejected with nobody to catch it is logged and the process keeps running (it used to exit);
 * uncaught exceptions are logged and survived while rare, and a burst of them exits with code 70 and
 * a line saying why. And `npm start`'s supervisor (scripts/supervise.mjs): a server that dies is started
 * again with a line giving its exit code or signal, with a backoff, not forever, and stop() ends it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// @ts-expect-error: a plain-Node script without type declarations
import { supervise } from '../../scripts/supervise.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs `code` (TypeScript) in a child with the guards installed; answers its output and exit code once it ends. */
function runGuarded(code: string): Promise<{ output: string; code: number | null }> {
  const script = `
    import { installProcessGuards } from './server/process-guards.ts';
    installProcessGuards({ log: (m) => console.log('[guard] ' + m.split('\\n')[0]), maxUncaught: 3, windowMs: 60_000 });
    ${code}
  `;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (exitCode) => resolve({ output, code: exitCode }));
  });
}

describe('process guards', () => {
  it('logs an unhandled rejection and keeps running', async () => {
    const { output, code } = await runGuarded(`
      void Promise.reject(new RangeError('Invalid time value'));
      setTimeout(() => { console.log('still serving'); process.exit(0); }, 50);
    `);
    expect(output).toContain('[guard] unhandled promise rejection (kept serving): RangeError: Invalid time value');
    expect(output).toContain('still serving');
    expect(code).toBe(0);
  }, 60_000);

  it('survives a rare uncaught exception, and exits with code 70 and the reason when they come in a burst', async () => {
    const { output, code } = await runGuarded(`
      let n = 0;
      const boom = () => { n += 1; setTimeout(() => { throw new Error('handler broke ' + n); }, 0); };
      boom();
      setTimeout(() => { console.log('survived one'); boom(); boom(); boom(); }, 50);
      setTimeout(() => { console.log('should not get here'); process.exit(0); }, 5_000);
    `);
    expect(output).toContain('[guard] uncaught exception (kept serving): Error: handler broke 1');
    expect(output).toContain('survived one');
    expect(output).toMatch(/\[guard\] uncaught exception, the 4th within 60 s: exiting with code 70/);
    expect(output).not.toContain('should not get here');
    expect(code).toBe(70);
  }, 60_000);
});

describe("npm start's supervisor", () => {
  const node = (code: string) => ({ command: process.execPath, args: ['-e', code], stdio: 'ignore' as const });

  it('restarts a server that dies, saying why, with a growing backoff, and gives up after repeated quick failures', async () => {
    const lines: string[] = [];
    const run = supervise({
      ...node('process.exit(3)'),
      log: (line: string) => lines.push(line),
      firstDelayMs: 100,
      maxQuickFailures: 3,
    });
    expect(await run.done).toBe(3);
    expect(run.restarts()).toBe(2);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^\[deckhand\] the server stopped unexpectedly \(exit code 3\) after \d+ s; starting it again in 0\.1 s$/,
    );
    expect(lines[1]).toMatch(/\(exit code 3\) after \d+ s; starting it again in 0\.2 s$/);
    expect(lines[2]).toBe(
      '[deckhand] the server stopped (exit code 3) 3 times in a row within 60 s of starting; not starting it again',
    );
  }, 60_000);

  it('says which signal killed it', async () => {
    const lines: string[] = [];
    const run = supervise({
      ...node("process.kill(process.pid, 'SIGKILL')"),
      log: (line: string) => lines.push(line),
      firstDelayMs: 10,
      maxQuickFailures: 2,
    });
    await run.done;
    expect(lines[0]).toContain('(signal SIGKILL)');
  }, 60_000);

  it('stops on Ctrl-C or SIGTERM: the signal is passed on and the server is not started again', async () => {
    const lines: string[] = [];
    const run = supervise({ ...node('setInterval(() => {}, 1000)'), log: (line: string) => lines.push(line) });
    for (let i = 0; i < 200 && run.pid() === undefined; i += 1) await new Promise((r) => setTimeout(r, 10));
    run.stop('SIGTERM');
    expect(await run.done).toBe(1);
    expect(run.restarts()).toBe(0);
    expect(lines).toEqual([]);
  }, 60_000);
});
