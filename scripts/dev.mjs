#!/usr/bin/env node
/**
 * `npm run dev`: the API server (tsx watch, port 8080) and Vite's dev server (port 5173, proxying
 * /api and /ws to it) side by side. Ctrl-C stops both. The feed is the simulator unless FEED_SOURCE
 * says otherwise: development does not depend on the network (`npm start` tries real data first).
 */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', FEED_SOURCE: 'simulator', ...process.env },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
