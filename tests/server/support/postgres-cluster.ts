/**
 * A throwaway PostgreSQL cluster for tests: initdb + pg_ctl from /usr/lib/postgresql/<version>/bin
 * on a free 127.0.0.1 port, run as the `postgres` user when the tests run as root. Missing binaries
 * fail the test with instructions; they are never skipped.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';

export function findPostgresBin(): string {
  const versions = existsSync(PG_ROOT)
    ? readdirSync(PG_ROOT)
        .filter(
          (v) =>
            existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')) && existsSync(path.join(PG_ROOT, v, 'bin', 'pg_ctl')),
        )
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      `PostgreSQL server binaries (initdb, pg_ctl) were not found under ${PG_ROOT}/*/bin. ` +
        'Install them with `apt-get install -y postgresql` and run the tests again.',
    );
  }
  return path.join(PG_ROOT, newest, 'bin');
}

export const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool, as `postgres` when we are root (initdb and postgres refuse to run as root). */
export async function pgTool(bin: string, tool: string, args: string[]) {
  const command = path.join(bin, tool);
  return isRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ThrowawayPostgres {
  url: string;
  stop(): Promise<void>;
}

/** Creates and starts a cluster in a temporary directory; stop() removes it again. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  const clusterDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-pg-'));
  const dataDir = path.join(clusterDir, 'data');
  if (isRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await fs.chown(clusterDir, uid, gid);
  }
  await pgTool(bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  await pgTool(bin, 'pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(clusterDir, 'server.log'),
    '-o',
    `-p ${port} -k ${clusterDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await pgTool(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      await fs.rm(clusterDir, { recursive: true, force: true });
    },
  };
}
