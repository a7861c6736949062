import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';
import { ACKNOWLEDGED_WRITES } from '@/data/acknowledged-writes';
import { installAcknowledged } from '@/sync/acknowledged';

// What follows an acknowledged write (a profile stored, complaints pulled again), as the page's
// start-up and the service worker install it: tests that flush without starting the sync get it too.
installAcknowledged(ACKNOWLEDGED_WRITES);

// findBy*/waitFor wait for lazy routes and Dexie live queries; a busy 2-core machine can take longer
// than Testing Library's default second to get there, though the screens are right.
configure({ asyncUtilTimeout: 5000 });
