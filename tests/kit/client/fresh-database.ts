/**
 * A new, empty Deckhand database (Dexie on fake-indexeddb) for one test: a name of its own, so no
 * test sees another's rows, and deleted when the test finishes (after the file's afterEach hooks,
 * so screens still reading it are unmounted first).
 *
 *   let database: DeckhandDB;
 *   beforeEach(() => {
 *     database = freshDatabase();
 *   });
 */
import { onTestFinished } from 'vitest';

import { DeckhandDB } from '@/data/db';

export function freshDatabase(): DeckhandDB {
  const database = new DeckhandDB(`test-${crypto.randomUUID()}`);
  onTestFinished(async () => {
    await database.delete();
  });
  return database;
}
