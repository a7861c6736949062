import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

import { LongFilesFirst } from './tests/kit/long-files-first';

/**
 * Node's built-in tz data is older than the browsers' (see server/time/terminal-zone.ts): every test
 * formats terminal time with the pinned database, as the server does and as current browsers do.
 */
const PINNED_TIME_ZONE = 'server/time/terminal-zone.ts';
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The server tests
    // spend much of their time waiting on polls, timers and sockets, so two workers there overlap
    // the waits (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The five longest files, which mostly wait on real server processes, start first so their
    // waits overlap the rest instead of trailing the run (tests/kit/long-files-first.ts).
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Pure modules: the files of a worker share one module graph instead of each importing
          // everything again (docs/testing.md).
          isolate: false,
          setupFiles: [PINNED_TIME_ZONE],
          // Some rules are checked over every minute of a simulated day: 1-2 s on an idle machine,
          // over vitest's 5 s with the CPU busy on a 2-core host (the simulator's departures, 7.7 s).
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [PINNED_TIME_ZONE, 'tests/integration/setup.ts'],
          // One findBy/waitFor may wait 5 s (setup.ts), so a test of several must have more than
          // vitest's 5 s in all: rendering and role queries in jsdom are CPU work that takes 2 s on
          // a 2-core machine at load average 20 and over 5 s with the whole suite beside it.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // A worker's files share one module graph: importing the server's modules again for each
          // file took a fifth of this project's time. Each file still builds its own app on its own
          // database copy (tests/kit/server/app.ts); the server's modules keep only caches of pure
          // results, and a test that stubs a global or fakes the clock undoes it after each test
          // (docs/testing.md).
          isolate: false,
          globalSetup: ['tests/kit/server/pglite-template.ts'],
          setupFiles: [PINNED_TIME_ZONE],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
