/** The rider's active away session from the local store (undefined while loading, null when none). */
import { useLiveQuery } from 'dexie-react-hooks';

import type { AwaySessionRow, DeckhandDB } from '@/data/db';

export function useActiveAwaySession(database: DeckhandDB): AwaySessionRow | null | undefined {
  return useLiveQuery(
    async () => (await database.awaySessions.where('status').equals('active').first()) ?? null,
    [database],
  );
}
