import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait for lazy routes and Dexie live queries; a busy 2-core machine can take longer
// than Testing Library's default second to get there, though the screens are right.
configure({ asyncUtilTimeout: 5000 });
