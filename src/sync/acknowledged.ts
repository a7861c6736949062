/**
 * What happens after the server acknowledged a queued write, declared by the data module that queues
 * it (src/data/acknowledged-writes.ts lists them) and installed where a flusher runs (the page's
 * start-up, the service worker), so the flusher itself knows no resource. Keyed by the outbox entry's
 * kind: the local table the write mirrors (`OutboxRow.localTable`); ANY_WRITE is every write's.
 *
 * No window, document, React or zustand: the service worker's flusher runs these too.
 */
import type { OutboxRow, SyncDatabase } from './sync-database';

export interface Acknowledgement {
  row: OutboxRow;
  /** The server's answer. */
  answer: unknown;
  /** Epoch ms the write was sent: a later answer than this may not reflect it. */
  sentAt: number;
}

export interface AfterAcknowledged<Database extends SyncDatabase = SyncDatabase> {
  /** Right after each write of this kind was acknowledged (its local row already says 'sent'): e.g. store the server's answer. */
  each?: (database: Database, acknowledgement: Acknowledgement) => Promise<unknown>;
  /** Once at the end of a pass in which writes of this kind were acknowledged: e.g. re-pull the list. */
  afterPass?: (database: Database) => Promise<unknown>;
}

/** The kind every write has besides its own. */
export const ANY_WRITE = '*';

export type AcknowledgedWrites<Database extends SyncDatabase = SyncDatabase> = Readonly<
  Record<string, AfterAcknowledged<Database>>
>;

const declared = new Map<string, AfterAcknowledged>();

/**
 * Installs what follows each kind's acknowledgement (replacing an earlier declaration of the same
 * kind). They are declared for the device's database, the one every flusher in this context is
 * handed, so the flusher passes them back the database they were declared for.
 */
export function installAcknowledged<Database extends SyncDatabase>(writes: AcknowledgedWrites<Database>): void {
  for (const [kind, after] of Object.entries(writes)) declared.set(kind, after as AfterAcknowledged);
}

/** The outbox entry's kind: the local table it mirrors (a write with none, e.g. a DELETE, has only ANY_WRITE). */
export function writeKind(row: OutboxRow): string | undefined {
  return row.localTable;
}

export function afterAcknowledged(kind: string | undefined): AfterAcknowledged | undefined {
  return kind === undefined ? undefined : declared.get(kind);
}
