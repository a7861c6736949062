/** The cached rider profile (META.userProfile), parsed; undefined while loading, null when none is cached yet. */
import { useLiveQuery } from 'dexie-react-hooks';

import { META, type DeckhandDB } from '@/data/db';
import { riderProfileSchema, type RiderProfile } from '@/domain/membership';

export async function readRiderProfile(database: DeckhandDB): Promise<RiderProfile | null> {
  const parsed = riderProfileSchema.safeParse((await database.meta.get(META.userProfile))?.value);
  return parsed.success ? parsed.data : null;
}

export function useRiderProfile(database: DeckhandDB): RiderProfile | null | undefined {
  return useLiveQuery(() => readRiderProfile(database), [database]);
}
