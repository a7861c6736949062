/**
 * How the device database tells its live queries what a write changed. Dexie records a write of fewer
 * than 50 rows key by key (each row's key and each index value it touched) and a single write of 50
 * rows or more as "the whole table"; when the write commits, every live query on the page merges that
 * record into its own before deciding whether to read again. A long list is written here in small
 * batches sized by time (./pulled-rows.ts, src/lib/time-slice.ts), each under 50 rows on a slow
 * phone, so storing a week of sailings left a record of thousands of keys, and every live query on
 * the page merged all of them in one task after the commit: the longest tasks of a warm start with
 * the CPU slowed 16× (bench/README.md).
 *
 * This middleware carries Dexie's rule over to a transaction: once a transaction has written
 * WHOLE_TABLE_ROWS rows of a table, its writes to that table are recorded as the whole table's. Live
 * queries on that table then read again, as they would after one bulk write of the same rows; a short
 * write (a realtime change of a few sailings) is still recorded key by key, so a query on another
 * route is left alone.
 */
import { RangeSet, type DBCore, type DBCoreMutateRequest, type DBCoreTable, type Dexie } from 'dexie';

/** Dexie's own threshold for recording a single write as the whole table's. */
export const WHOLE_TABLE_ROWS = 50;

function rowsIn(req: DBCoreMutateRequest): number {
  switch (req.type) {
    case 'add':
    case 'put':
      return req.values.length;
    case 'delete':
      return req.keys.length;
    case 'deleteRange':
      return 0; // recorded as the one range it deletes already (a clear(): the whole table)
  }
}

export function observeLongWritesWhole(database: Dexie): void {
  database.use({
    stack: 'dbcore',
    name: 'LongWritesObservedWhole',
    create: (down: DBCore): DBCore => {
      const tables = new Map<string, DBCoreTable>();
      const observedWhole = (tableName: string): DBCoreTable => {
        const table = down.table(tableName);
        const prefix = `idb://${down.schema.name}/${tableName}/`;
        // The parts Dexie names for a table: its primary key (''), its deletions and each index.
        const parts = ['', ':dels', ...table.schema.indexes.map((index) => index.name)].map((part) => prefix + part);
        /** Rows written so far, per transaction. */
        const written = new WeakMap<object, number>();
        return {
          ...table,
          mutate: (req) => {
            const rows = (written.get(req.trans) ?? 0) + rowsIn(req);
            written.set(req.trans, rows);
            if (rows >= WHOLE_TABLE_ROWS) {
              const mutatedParts = (req.mutatedParts ??= {});
              for (const part of parts) mutatedParts[part] = new RangeSet(down.MIN_KEY, down.MAX_KEY);
            }
            return table.mutate(req);
          },
        };
      };
      return {
        ...down,
        // One wrapper per table, so every write of a transaction counts toward the same total.
        table: (tableName) => {
          let table = tables.get(tableName);
          if (!table) tables.set(tableName, (table = observedWhole(tableName)));
          return table;
        },
      };
    },
  });
}
