/**
 * What each watcher already reported (table watcher_openings): an opening is reported once while it
 * stays open; once it closes, the next opening of the same sailing is a new episode with a new
 * alert key. Keys are computed BEFORE the state is saved, so a pass that dies between delivering an
 * alert and saving the state recomputes the same key next time and the inbox's unique key drops
 * the duplicate.
 */
import { and, eq, inArray } from 'drizzle-orm';

import type { Db } from '../db/db-handle';
import { watcherOpenings } from '../db/schema';

export interface OpeningState {
  open: boolean;
  episodes: number;
}

/** By watcher, then by sailing id. */
export type Openings = Map<string, Map<string, OpeningState>>;

function statesOf(openings: Openings, watcher: string): Map<string, OpeningState> {
  let states = openings.get(watcher);
  if (!states) {
    states = new Map();
    openings.set(watcher, states);
  }
  return states;
}

export async function loadOpenings(db: Db, watchers: readonly string[]): Promise<Openings> {
  const map: Openings = new Map();
  if (watchers.length === 0) return map;
  const rows = await db
    .select()
    .from(watcherOpenings)
    .where(inArray(watcherOpenings.watcher, [...watchers]));
  for (const row of rows) statesOf(map, row.watcher).set(row.sailingId, { open: row.open, episodes: row.episodes });
  return map;
}

export async function saveOpening(db: Db, watcher: string, sailingId: string, state: OpeningState): Promise<void> {
  await db
    .insert(watcherOpenings)
    .values({ watcher, sailingId, ...state })
    .onConflictDoUpdate({ target: [watcherOpenings.watcher, watcherOpenings.sailingId], set: state });
}

/**
 * Compares a watcher's open sailings now with what it reported: calls `report(sailingId, episode)`
 * for each newly open one (then records it), and records as closed every reported one no longer open
 * (calling `closed(sailingId, episode)` first, when given).
 */
export async function reconcileOpenings(
  db: Db,
  openings: Openings,
  watcher: string,
  openNow: readonly string[],
  report: (sailingId: string, episode: number) => Promise<void>,
  closed?: (sailingId: string, episode: number) => Promise<void>,
): Promise<number> {
  let reported = 0;
  const nowOpen = new Set(openNow);
  const states = statesOf(openings, watcher);
  for (const sailingId of openNow) {
    const state = states.get(sailingId);
    if (state?.open) continue;
    const episode = (state?.episodes ?? 0) + 1;
    await report(sailingId, episode);
    const next = { open: true, episodes: episode };
    await saveOpening(db, watcher, sailingId, next);
    states.set(sailingId, next);
    reported += 1;
  }
  for (const [sailingId, state] of states) {
    if (!state.open || nowOpen.has(sailingId)) continue;
    await closed?.(sailingId, state.episodes);
    await db
      .update(watcherOpenings)
      .set({ open: false })
      .where(and(eq(watcherOpenings.watcher, watcher), eq(watcherOpenings.sailingId, sailingId)));
    states.set(sailingId, { ...state, open: false });
  }
  return reported;
}
