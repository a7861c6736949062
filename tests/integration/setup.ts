import 'fake-indexeddb/auto';

import { cleanup, configure } from '@testing-library/preact';
import { afterAll, afterEach } from 'vitest';

import { RIDER_SYNC } from '@/data/sync-plan';
import { installAcknowledged } from '@/sync/acknowledged';

// What follows an acknowledged write (a profile stored, complaints pulled again), as the page's
// start-up installs it: tests that flush without starting the sync get it too.
installAcknowledged(RIDER_SYNC.acknowledged);

// findBy*/waitFor wait for lazy routes and Dexie live queries; a busy 2-core machine can take longer
// than Testing Library's default second to get there, though the screens are right.
configure({ asyncUtilTimeout: 5000 });

// Every test's components are unmounted when it ends, and the file's window outlives Preact's last
// frame: it runs effects a frame after a render (on a 35 ms timer where no frame comes), and one
// still pending once the window is gone would fail the run.
afterEach(cleanup);
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise((resolve) => setTimeout(resolve, 0));
  // A page a test rendered may have started work that nobody awaits (the phone frame starts the
  // sync, whose pulls fail here and say so), and on a busy machine its last warning can come after
  // the file's tests are over, when Vitest's channel for logs is closed: that fails the whole run
  // ("Closing rpc while onUserConsoleLog was pending"). The file's tests have passed or failed by
  // now; what is logged after them is dropped.
  for (const level of ['debug', 'error', 'info', 'log', 'warn'] as const) console[level] = () => undefined;
});
