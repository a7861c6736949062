import 'fake-indexeddb/auto';

import { cleanup, configure } from '@testing-library/preact';
import { afterEach } from 'vitest';

import { RIDER_SYNC } from '@/data/sync-plan';
import { installAcknowledged } from '@/sync/acknowledged';

// What follows an acknowledged write (a profile stored, complaints pulled again), as the page's
// start-up installs it: tests that flush without starting the sync get it too.
installAcknowledged(RIDER_SYNC.acknowledged);

// findBy*/waitFor wait for lazy routes and Dexie live queries; a busy 2-core machine can take longer
// than Testing Library's default second to get there, though the screens are right.
configure({ asyncUtilTimeout: 5000 });

// Every test's components are unmounted when it ends (Preact runs effects a frame after a render:
// one still pending once the test file's window is gone would fail the run).
afterEach(cleanup);
