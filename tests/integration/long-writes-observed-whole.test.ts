/**
 * What a write tells the live queries (src/data/long-writes-observed-whole.ts): a transaction that
 * writes many rows of a table in small batches is recorded as a change to the whole table (one range
 * per part, whatever the row count, so each live query's merge stays short), a short write is still
 * recorded row by row, and no live query misses a change either way.
 */
import { waitFor } from '@testing-library/preact';
import Dexie, { liveQuery } from 'dexie';
import { describe, expect, it } from 'vitest';

import type { DeckhandDB } from '@/data/db';
import { WHOLE_TABLE_ROWS } from '@/data/long-writes-observed-whole';
import type { Sailing } from '@/domain/sailing';

import { freshDatabase } from '../kit/client/fresh-database';
import { HSB_LNG, HSB_NAN, publishedSailing } from '../kit/sailing';

const HOUR = 60 * 60_000;
const START = Date.parse('2026-07-01T07:00:00Z');

const week = (leg: typeof HSB_LNG | typeof HSB_NAN, count: number, overrides: Partial<Sailing> = {}) =>
  Array.from({ length: count }, (_, i) =>
    publishedSailing({ ...leg, departure: START + i * HOUR, observedAt: START - HOUR }, overrides),
  );

/** How many ranges a record of changed parts holds (each part's interval tree, counted node by node). */
function rangesIn(parts: Record<string, unknown>): number {
  const count = (node: unknown): number => {
    if (!node || typeof node !== 'object') return 0;
    const { l, r, from } = node as { l?: unknown; r?: unknown; from?: unknown };
    return (from === undefined ? 0 : 1) + count(l) + count(r);
  };
  return Object.values(parts).reduce<number>((sum, part) => sum + count(part), 0);
}

/** The change records the page's live queries hear while `write` runs. */
async function recordsOf(database: DeckhandDB, write: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const records: Record<string, unknown>[] = [];
  const listener = (parts: Record<string, unknown>) => {
    const own = Object.fromEntries(Object.entries(parts).filter(([part]) => part.includes(`/${database.name}/`)));
    if (Object.keys(own).length > 0) records.push(own);
  };
  Dexie.on('storagemutated', listener);
  try {
    await write();
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    Dexie.on('storagemutated').unsubscribe(listener);
  }
  return records;
}

/** Writes `rows` in one transaction, eight rows a request (as a slow phone's time-sliced batches). */
const inSmallBatches = (database: DeckhandDB, rows: Sailing[]) =>
  database.transaction('rw', database.sailings, async () => {
    for (let i = 0; i < rows.length; i += 8) await database.sailings.bulkPut(rows.slice(i, i + 8));
  });

describe('how a write is told to the live queries', () => {
  it('records a long write made in small batches as the whole table, a few ranges however many rows', async () => {
    const database = freshDatabase();
    await database.open(); // opening a new database tells every query of every table
    const long = await recordsOf(database, () => inSmallBatches(database, week(HSB_LNG, 300)));
    expect(long).toHaveLength(1);
    // The primary key, the deletions and the two indexes (and their virtual prefixes): one range each.
    expect(rangesIn(long[0]!)).toBeLessThanOrEqual(8);
  });

  it('still records a short write row by row, so a query of another route is left alone', async () => {
    const database = freshDatabase();
    await inSmallBatches(database, [...week(HSB_LNG, 10), ...week(HSB_NAN, 10)]);
    const short = await recordsOf(database, () => inSmallBatches(database, week(HSB_NAN, 3, { status: 'cancelled' })));
    expect(short).toHaveLength(1);
    expect(rangesIn(short[0]!)).toBeGreaterThan(3);

    let reads = 0;
    const subscription = liveQuery(() => {
      reads += 1;
      return database.sailings.where('[routeId+from]').equals([HSB_LNG.routeId, HSB_LNG.from]).toArray();
    }).subscribe(() => undefined);
    await waitFor(() => expect(reads).toBe(1));
    await inSmallBatches(database, week(HSB_NAN, 3, { status: 'scheduled' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(1);
    // A long write of the other route's rows is the whole table's: the query reads again.
    await inSmallBatches(database, week(HSB_NAN, WHOLE_TABLE_ROWS, { status: 'cancelled' }));
    await waitFor(() => expect(reads).toBe(2));
    subscription.unsubscribe();
  });

  it('tells every live query on the table of a long write, and each reads what was written', async () => {
    const database = freshDatabase();
    await inSmallBatches(database, week(HSB_LNG, 10));
    const cancelled: number[] = [];
    const subscription = liveQuery(() =>
      database.sailings.where('[routeId+from]').equals([HSB_LNG.routeId, HSB_LNG.from]).toArray(),
    ).subscribe((rows) => cancelled.push(rows.filter((s) => s.status === 'cancelled').length));
    await waitFor(() => expect(cancelled).toEqual([0]));
    // The route's rows come last in a long write, after it is recorded as the whole table's.
    const rows = [...week(HSB_NAN, WHOLE_TABLE_ROWS + 10), ...week(HSB_LNG, 10, { status: 'cancelled' })];
    await inSmallBatches(database, rows);
    await waitFor(() => expect(cancelled.at(-1)).toBe(10));
    subscription.unsubscribe();
  });
});
