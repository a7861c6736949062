/**
 * How a pull's answer is stored against what the device holds (DESIGN.md "Data flow (client)"): a
 * server-owned list replaces its table, a server row merges into the rows made on this device, and a
 * local change stands while the server may not have it yet. Every resource's pull goes through here.
 */
import type { InsertType, Table, UpdateSpec } from 'dexie';

import { inTimedBatches } from '@/lib/time-slice';
import type { SyncState } from '@/sync/sync-database';

import type { DeckhandDB } from './db';

/**
 * `table.bulkPut(rows)` in batches, each in a task of its own and sized by time (src/lib/time-slice.ts):
 * each put copies its row on the main thread, so storing a long list (a week of sailings: ~600 rows,
 * ~120 ms in one task on a slow phone, far more on a slower one) never blocks the page for longer than
 * a few milliseconds. The next batch starts from the previous batch's completion event; one
 * transaction still holds every batch: a reader sees the old list or the new one, never a part.
 * Call inside a 'rw' transaction on `table`.
 */
export async function putInBatches<T, K>(table: Table<T, K>, rows: readonly T[]): Promise<void> {
  await inTimedBatches(rows, (batch) => table.bulkPut(batch));
}

/** Whether a pulled row says the same as its stored copy (same fields and values; nested values compared as JSON). */
export function sameRow(stored: unknown, pulled: unknown): boolean {
  if (stored === pulled) return true;
  if (!stored || !pulled || typeof stored !== 'object' || typeof pulled !== 'object') return false;
  const a = stored as Record<string, unknown>;
  const b = pulled as Record<string, unknown>;
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  return keys.every(
    (key) =>
      a[key] === b[key] ||
      (typeof a[key] === 'object' && typeof b[key] === 'object' && JSON.stringify(a[key]) === JSON.stringify(b[key])),
  );
}

/**
 * Puts the rows of `rows` that differ from their stored copy (`storedOf`), in batches as
 * `putInBatches`: each batch compares its rows and puts those that differ, so the comparing and
 * copying of a long list are spread over tasks by time, like the puts. Call inside a 'rw'
 * transaction on `table`.
 */
export async function putChangedInBatches<T extends TInsert, K, TInsert>(
  table: Table<T, K, TInsert>,
  rows: readonly T[],
  keyOf: (row: T) => K,
  storedOf: (row: T) => T | undefined,
): Promise<void> {
  await inTimedBatches(rows, (batch) => {
    const changed = batch.filter((row) => !sameRow(storedOf(row), row));
    // A batch with nothing to put still reads one key: the next batch then starts in a task of its own.
    return changed.length > 0 ? table.bulkPut(changed) : table.get(keyOf(batch[0]!));
  });
}

/** Each table's count of replaces started: a step that waited (`replaceTableSoonFirst`) is dropped once a later replace began. */
const replacesStarted = new Map<string, number>();

function startReplace(database: DeckhandDB, table: { name: string }): () => boolean {
  const key = `${database.name}/${table.name}`;
  const started = (replacesStarted.get(key) ?? 0) + 1;
  replacesStarted.set(key, started);
  return () => replacesStarted.get(key) === started;
}

/**
 * Replace the part of `table` that `inPart` picks with the rows of `rows` it picks, in one transaction
 * (a reader never sees an empty table or half a list). Only what changed is written: stored rows of
 * the part the list no longer has are deleted, and its rows are put unless the stored copy says the
 * same, so a pull that brings nothing new (a start-up's, while the device is up to date) writes
 * nothing and moves nothing on screen.
 */
async function replacePart<T, K>(table: Table<T, K>, rows: readonly T[], inPart: (row: T) => boolean): Promise<void> {
  const { keyPath } = table.schema.primKey;
  const part = rows.filter(inPart);
  await table.db.transaction('rw', table, async () => {
    if (typeof keyPath === 'string' && keyPath !== '') {
      const keyOf = (row: T) => (row as Record<string, unknown>)[keyPath] as K;
      const listed = new Set(part.map(keyOf));
      const stored = new Map((await table.toArray()).filter(inPart).map((row) => [keyOf(row), row]));
      await table.bulkDelete([...stored.keys()].filter((key) => !listed.has(key)));
      await putChangedInBatches(table, part, keyOf, (row) => stored.get(keyOf(row)));
    } else {
      await table.clear();
      await putInBatches(table, part);
    }
  });
}

const everyRow = () => true;

/**
 * Replace `table` with `rows` (a reader never sees an empty table or half a list) and, given
 * `metaKey`, then stamp when they were fetched. The stamp is written in a transaction of its own right
 * after: storing a long list in slices takes many tasks, and a transaction holding the meta table that
 * long would hold up every screen reading or writing a setting (the rider's terminal) meanwhile. For
 * those few milliseconds a reader may see the new list with the previous age. Every pull of a
 * server-owned list goes through here (or `replaceTableSoonFirst`).
 */
export async function replaceTable<T, K>(
  database: DeckhandDB,
  table: Table<T, K>,
  rows: readonly T[],
  metaKey?: string,
  fetchedAt = Date.now(),
): Promise<void> {
  startReplace(database, table);
  await replacePart(table, rows, everyRow);
  if (metaKey !== undefined) await database.meta.put({ key: metaKey, value: fetchedAt, updatedAt: fetchedAt });
}

/**
 * `replaceTable` in two steps, for a long list most of which no first screen shows (a week of
 * sailings or forecasts): `soonRows`, the part `soon` picks, replace that part and the age is stamped
 * at once; `rest` (called once the page has been quiet, src/lib/page-quiet.ts, where it asks the
 * server for the rest) brings the rows of the rest of the table, so a first visit neither
 * fetches, checks nor holds the days ahead until the phone has nothing else to do. Meanwhile the
 * device keeps what it held of the rest (nothing, on a first visit), and keeps it if `rest` fails
 * (offline by then: the next pull stores it). A replace of the same table begun before `rest` answers
 * does the whole job itself, and this one's second step is dropped; the second step never touches the
 * part `soon` picks, where newer realtime figures may have landed since. Resolves after the first step.
 */
export async function replaceTableSoonFirst<T, K>(
  database: DeckhandDB,
  table: Table<T, K>,
  soonRows: readonly T[],
  metaKey: string,
  soon: (row: NoInfer<T>) => boolean,
  rest: () => Promise<readonly NoInfer<T>[]>,
): Promise<void> {
  const fetchedAt = Date.now();
  const stillLatest = startReplace(database, table);
  await replacePart(table, soonRows, soon);
  await database.meta.put({ key: metaKey, value: fetchedAt, updatedAt: fetchedAt });
  void rest()
    .then((rows) => (stillLatest() ? replacePart(table, rows, (row) => !soon(row)) : undefined))
    .catch((error: unknown) => console.warn(`The rest of the ${table.name} list could not be stored`, error));
}

/**
 * Replace `table` with a list read at `fetchedAt` (the one a page's HTML came with), unless the device
 * already holds a list fetched at or after it (a pull or the realtime channel got there first).
 */
export async function replaceTableUnlessNewer<T, K>(
  database: DeckhandDB,
  table: Table<T, K>,
  rows: readonly T[],
  metaKey: string,
  fetchedAt: number,
): Promise<void> {
  await database.transaction('rw', [table, database.meta], async () => {
    const stored = await database.meta.get(metaKey);
    if (typeof stored?.value === 'number' && stored.value >= fetchedAt) return;
    await replaceTable(database, table, rows, metaKey, fetchedAt);
  });
}

/** Local id of a row first seen through a pull (made on another device, or before a reinstall). */
const pulledLocalId = (serverId: number) => `server-${serverId}`;

/**
 * Merge one server row into a table of locally made rows keyed by localId and indexed by serverId:
 * unknown, it is added as `added()` under pulledLocalId; known, every local copy gets `changes`.
 * Rows only local (queued or failed) are never touched. If a row was pulled before the flusher
 * recorded the serverId of the local original (a crash between send and commit), the pulled copy is
 * removed so the row shows once. Call inside a 'rw' transaction on `table`.
 */
export async function mergePulledRow<Row extends { localId: string }>(
  table: Table<Row, string, InsertType<Row, 'localId'>>,
  serverId: number,
  added: (localId: string) => NoInfer<Row>,
  changes: NoInfer<UpdateSpec<InsertType<Row, 'localId'>>>,
): Promise<void> {
  const known = await table.where('serverId').equals(serverId).toArray();
  if (known.length === 0) {
    await table.put(added(pulledLocalId(serverId)));
    return;
  }
  const duplicates = known.length > 1 ? known.filter((row) => row.localId === pulledLocalId(serverId)) : [];
  await table.bulkDelete(duplicates.map((row) => row.localId));
  for (const row of known) {
    if (!duplicates.includes(row)) await table.update(row.localId, changes);
  }
}

/**
 * The merge rule for a pull's answer against the rows changed on this device: a local change stands
 * while it has not reached the server (queued, or failed and shown to the rider), and also once the
 * server acknowledged it since the pull's request started, in the same millisecond too: that answer
 * may predate it. (A write's own answer starts at its request: a server answering within the
 * millisecond must not make the write look older than the answer that carries it.)
 */
export function localChangeStands(row: { syncState: SyncState; syncedAt?: number }, pullStartedAt: number): boolean {
  return row.syncState !== 'sent' || (row.syncedAt !== undefined && row.syncedAt >= pullStartedAt);
}
