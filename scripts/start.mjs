#!/usr/bin/env node
/**
 * `npm start`: runs Deckhand on the embedded defaults from a fresh clone. Installs dependencies if
 * they are missing, builds the PWA when the build is missing or older than its sources, then starts
 * the server (which creates and seeds the database on first start) and keeps it running: a server
 * that dies is started again with a log line saying why (./supervise.mjs). Plain Node: no dependencies.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { supervise } from './supervise.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  console.log('[deckhand] installing dependencies (first run)…');
  run(npm, ['install', '--no-audit', '--no-fund']);
}

const staticDir = path.resolve(process.env.STATIC_DIR ?? 'dist');
// The build writes the PWA and, beside it, the renderer of /app's first screen (dist-ssr/).
const builtAt = Math.min(
  newestMtime(path.join(staticDir, 'index.html')),
  newestMtime(path.join(path.dirname(staticDir), 'dist-ssr', 'first-screen.js')),
);
const sourcesAt = Math.max(...['src', 'sw', 'public', 'index.html', 'vite.config.ts'].map(newestMtime));
if (builtAt === 0 || sourcesAt > builtAt) {
  console.log('[deckhand] building the app…');
  run(npm, ['run', 'build']);
}

const server = supervise({ command: process.execPath, args: ['--import', 'tsx', 'server/main.ts'], cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.stop(signal));
void server.done.then((code) => process.exit(code));
