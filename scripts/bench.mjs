#!/usr/bin/env node
/**
 * `npm run bench`: builds (so the bundle figure is of the current sources), then runs every benchmark in bench/ one after another and prints
 * their figures. Nothing is asserted: the figures are written down in bench/README.md.
 */
import { spawnSync } from 'node:child_process';

const steps = [
  ['npm', ['run', 'build', '--', '--logLevel', 'warn']],
  [process.execPath, ['--import', 'tsx', 'bench/bundle-size.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/server-throughput.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/ws-broadcast.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/ws-sailings-bytes.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/memory-under-load.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/lighthouse.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/offline-warm-start.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/startup-trace.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/startup-ratio.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/steady-state.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/steady-profile.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/first-visit.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/chat-eval.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/watcher-pass.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/forecast-backtest.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/sailing-chance-window.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/chaos-kill.ts']],
  [process.execPath, ['--import', 'tsx', 'bench/emulator-frames.ts']],
];
let failed = 0;
for (const [cmd, args] of steps) {
  console.log(`\n$ ${[cmd === process.execPath ? 'node' : cmd, ...args].join(' ')}`);
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' });
  if (status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
