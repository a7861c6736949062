/**
 * Storing a pulled list (src/data/pulled-rows.ts): the table ends up holding exactly the list, its age
 * is stamped with it, and only what changed is written, so a pull that brings nothing new does not
 * wake the screens reading the table.
 */
import { waitFor } from '@testing-library/preact';
import { liveQuery } from 'dexie';
import { describe, expect, it, vi } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { localChangeStands, replaceTable, replaceTableSoonFirst, sameRow } from '@/data/pulled-rows';
import type { Ferry } from '@/domain/ferry';
import { MIN_BATCH_ROWS, SLICE_MS } from '@/lib/time-slice';

import { freshDatabase } from '../kit/client/fresh-database';
import { sampleFerry } from './sample-data';

const ferry = (id: string, overrides: Partial<Ferry> = {}): Ferry => sampleFerry({ id, ...overrides });

/**
 * The answers a live query of the ferries' statuses gives after its first, while `change` runs and
 * then one pull that cancels ferry "b" (every answer comes in order, so any answer `change` caused
 * stands before the cancelled one).
 */
async function answersAfter(database: DeckhandDB, change: () => Promise<void>): Promise<string[][]> {
  const answers: string[][] = [];
  let cancelled!: () => void;
  const sawCancelled = new Promise<void>((resolve) => (cancelled = resolve));
  const subscription = liveQuery(() => database.ferries.orderBy('id').toArray()).subscribe((rows) => {
    answers.push(rows.map((f) => f.status));
    if (rows.some((f) => f.status === 'Cancelled')) cancelled();
  });
  await waitFor(() => expect(answers).toHaveLength(1));
  await change();
  await replaceTable(database, database.ferries, [ferry('a'), ferry('b', { status: 'Cancelled' })]);
  await sawCancelled;
  subscription.unsubscribe();
  return answers.slice(1);
}

describe('storing a pulled list', () => {
  it('leaves exactly the list, changed rows changed and gone rows gone, with its age', async () => {
    const database = freshDatabase();
    await replaceTable(database, database.ferries, [ferry('a'), ferry('b'), ferry('c')], META.ferriesFetchedAt, 1_000);
    await replaceTable(
      database,
      database.ferries,
      [ferry('a'), ferry('c', { status: 'Delayed' }), ferry('d')],
      META.ferriesFetchedAt,
      2_000,
    );
    const stored = await database.ferries.orderBy('id').toArray();
    expect(stored.map((f) => [f.id, f.status])).toEqual([
      ['a', sampleFerry().status],
      ['c', 'Delayed'],
      ['d', sampleFerry().status],
    ]);
    expect((await database.meta.get(META.ferriesFetchedAt))?.value).toBe(2_000);
  });

  it('stores a list longer than one batch whole', async () => {
    const database = freshDatabase();
    const many = Array.from({ length: 307 }, (_, i) => ferry(`f-${String(i).padStart(3, '0')}`));
    await replaceTable(database, database.ferries, many);
    expect(await database.ferries.count()).toBe(many.length);
    await replaceTable(database, database.ferries, many.slice(5));
    expect(await database.ferries.count()).toBe(many.length - 5);
  });

  it('on a slow phone, stores a long list in batches of a few milliseconds each, not a fixed count', async () => {
    const database = freshDatabase();
    // A slow phone: copying a row for IndexedDB costs 1 ms of main thread.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const bulkPut = database.ferries.bulkPut.bind(database.ferries);
    const batches: number[] = [];
    vi.spyOn(database.ferries, 'bulkPut').mockImplementation((rows) => {
      now += rows.length;
      batches.push(rows.length);
      return bulkPut(rows);
    });
    try {
      const many = Array.from({ length: 150 }, (_, i) => ferry(`f-${String(i).padStart(3, '0')}`));
      await replaceTable(database, database.ferries, many);
      expect(await database.ferries.count()).toBe(150);
    } finally {
      vi.restoreAllMocks();
    }
    // After the first, each batch holds what fits in a slice (SLICE_MS rows at 1 ms a row), or the
    // fewest a batch holds when that is more.
    expect(Math.max(...batches.slice(1))).toBeLessThanOrEqual(Math.max(SLICE_MS, MIN_BATCH_ROWS));
    expect(batches.reduce((sum, n) => sum + n, 0)).toBe(150);
  });

  it('a pull that brings nothing new wakes no reader of the table; one that does, wakes it', async () => {
    const database = freshDatabase();
    const list = [ferry('a'), ferry('b')];
    await replaceTable(database, database.ferries, list);
    const status = sampleFerry().status;
    // The same list as new objects, as a pull's answer is: only the cancelling pull is answered.
    expect(await answersAfter(database, () => replaceTable(database, database.ferries, structuredClone(list)))).toEqual(
      [[status, 'Cancelled']],
    );
  });
});

describe('sameRow', () => {
  describe('in two steps, the rows a first screen shows first', () => {
    const soon = (f: { id?: string }) => String(f.id) < 'm';
    /** A `later` the test resolves by hand. */
    function laterByHand() {
      let quiet!: () => void;
      const later = new Promise<void>((resolve) => (quiet = resolve));
      return { later: () => later, quiet };
    }
    /** `rows` as the server lists them: its soon part at once, the whole list again once `later` resolves. */
    const storeInTwoSteps = (database: DeckhandDB, rows: Ferry[], later: () => Promise<void>) =>
      replaceTableSoonFirst(database, database.ferries, rows.filter(soon), META.ferriesFetchedAt, soon, () =>
        later().then(() => rows),
      );
    /** Once `quiet()` was called: resolves after the second step's transaction, if it began one. */
    const afterSecondStep = async (database: DeckhandDB) => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await database.transaction('rw', database.ferries, () => undefined);
    };

    it('stores the soon part and its age at once, and the rest once the page has been quiet', async () => {
      const database = freshDatabase();
      await database.ferries.bulkPut([ferry('b'), ferry('x'), ferry('z')]);
      const { later, quiet } = laterByHand();
      await storeInTwoSteps(database, [ferry('a'), ferry('y', { status: 'Delayed' })], later);
      // The soon part is the list's (b is gone); the rest is what the device held.
      expect((await database.ferries.orderBy('id').toArray()).map((f) => f.id)).toEqual(['a', 'x', 'z']);
      expect(typeof (await database.meta.get(META.ferriesFetchedAt))?.value).toBe('number');
      quiet();
      await afterSecondStep(database);
      expect((await database.ferries.orderBy('id').toArray()).map((f) => [f.id, f.status])).toEqual([
        ['a', sampleFerry().status],
        ['y', 'Delayed'],
      ]);
    });

    it('asks for the rest only once the page has been quiet, and keeps what the device held if that fails', async () => {
      const database = freshDatabase();
      await database.ferries.bulkPut([ferry('x')]);
      const { later, quiet } = laterByHand();
      let asked = 0;
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await replaceTableSoonFirst(database, database.ferries, [ferry('a')], META.ferriesFetchedAt, soon, () =>
        later().then(() => {
          asked += 1;
          return Promise.reject(new TypeError('Failed to fetch'));
        }),
      );
      expect(asked).toBe(0);
      quiet();
      await waitFor(() =>
        expect(warn).toHaveBeenCalledWith('The rest of the ferries list could not be stored', expect.any(TypeError)),
      );
      expect(asked).toBe(1);
      expect((await database.ferries.orderBy('id').toArray()).map((f) => f.id)).toEqual(['a', 'x']);
    });

    it('drops its second step when another replace of the table began meanwhile', async () => {
      const database = freshDatabase();
      const { later, quiet } = laterByHand();
      await storeInTwoSteps(database, [ferry('a'), ferry('y')], later);
      await replaceTable(database, database.ferries, [ferry('a'), ferry('w')]);
      quiet();
      await afterSecondStep(database);
      expect((await database.ferries.orderBy('id').toArray()).map((f) => f.id)).toEqual(['a', 'w']);
    });

    it('leaves the soon part alone in its second step (newer figures may have landed there)', async () => {
      const database = freshDatabase();
      const { later, quiet } = laterByHand();
      await storeInTwoSteps(database, [ferry('a'), ferry('y')], later);
      await database.ferries.put(ferry('a', { status: 'Cancelled' }));
      quiet();
      await afterSecondStep(database);
      expect(await database.ferries.get('y')).toBeDefined();
      expect((await database.ferries.get('a'))?.status).toBe('Cancelled');
    });
  });

  it('compares fields and nested values, not identity', () => {
    expect(sameRow({ a: 1, p: { s: 'x' } }, { a: 1, p: { s: 'x' } })).toBe(true);
    expect(sameRow({ a: 1, p: { s: 'x' } }, { a: 1, p: { s: 'y' } })).toBe(false);
    expect(sameRow({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameRow(undefined, { a: 1 })).toBe(false);
  });
});

describe('a local change against a pulled answer', () => {
  const pullStartedAt = 1_000;
  it('stands while it has not reached the server, and once acknowledged since the pull started, in its millisecond too', () => {
    expect(localChangeStands({ syncState: 'queued' }, pullStartedAt)).toBe(true);
    expect(localChangeStands({ syncState: 'failed' }, pullStartedAt)).toBe(true);
    expect(localChangeStands({ syncState: 'sent', syncedAt: pullStartedAt + 1 }, pullStartedAt)).toBe(true);
    // A write answered within the millisecond its own request started in: its answer carries it.
    expect(localChangeStands({ syncState: 'sent', syncedAt: pullStartedAt }, pullStartedAt)).toBe(true);
  });

  it('gives way to an answer whose request started after the server had it', () => {
    expect(localChangeStands({ syncState: 'sent', syncedAt: pullStartedAt - 1 }, pullStartedAt)).toBe(false);
    expect(localChangeStands({ syncState: 'sent' }, pullStartedAt)).toBe(false);
  });
});
