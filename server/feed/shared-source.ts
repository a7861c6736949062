/**
 * One poller across instances: wraps a feed source (./sources/) so that, of all the instances on one
 * PostgreSQL, only the one leading it (./advisory-leadership.ts) runs it (polls BC Ferries, holds
 * the AIS stream) and writes what it read to `feed_snapshots`; the others read that row every
 * `intervalMs` and serve it, so every instance answers the same sailings and positions and
 * broadcasts them to its own /ws clients. Each instance checks the lock every `intervalMs`: a
 * leader that dies is replaced within two intervals.
 */
import { eq } from 'drizzle-orm';

import type { Sailing } from '@/domain/sailing';
import type { VesselPosition } from '@/domain/vessel-position';

import type { Database } from '../db/client';
import { feedSnapshots } from '../db/schema';
import type { Leadership } from './advisory-leadership';
import { updateListeners, type FeedSource } from './sources/feed-source';

export interface SharedSourceOptions {
  database: Database;
  leadership: Leadership;
  intervalMs: number;
  now?: () => number;
  log: { info(message: string): void; warn(message: string): void };
}

interface Snapshot {
  sailings: readonly Sailing[];
  vessels: readonly VesselPosition[];
  updatedAt: number;
}

export function shareSource(inner: FeedSource, opts: SharedSourceOptions): FeedSource {
  const clock = opts.now ?? Date.now;
  const listeners = updateListeners();
  let leading = false;
  let snapshot: Snapshot | undefined;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let writeAgain = false;

  async function write(): Promise<void> {
    const now = clock();
    const row = {
      source: inner.name,
      sailings: inner.sailings ? [...inner.sailings(now)] : null,
      vessels: inner.vessels ? [...inner.vessels(now)] : null,
      updatedAt: new Date(now),
    };
    await opts.database.db
      .insert(feedSnapshots)
      .values(row)
      .onConflictDoUpdate({
        target: feedSnapshots.source,
        set: { sailings: row.sailings, vessels: row.vessels, updatedAt: row.updatedAt },
      });
  }

  /** Writes the leader's data; writes that arrive meanwhile make one more write after it. */
  function publish(): void {
    if (writing) {
      writeAgain = true;
      return;
    }
    writing = write()
      .catch((error: unknown) => opts.log.warn(`feed snapshot of ${inner.name} not written: ${String(error)}`))
      .finally(() => {
        writing = undefined;
        if (writeAgain) {
          writeAgain = false;
          publish();
        }
      });
  }

  inner.onUpdate?.(() => {
    if (!leading) return;
    publish();
    listeners.emit();
  });

  async function readSnapshot(): Promise<void> {
    const [row] = await opts.database.db.select().from(feedSnapshots).where(eq(feedSnapshots.source, inner.name));
    if (!row || row.updatedAt.getTime() === snapshot?.updatedAt) return;
    snapshot = {
      sailings: (row.sailings ?? []) as Sailing[],
      vessels: (row.vessels ?? []) as VesselPosition[],
      updatedAt: row.updatedAt.getTime(),
    };
    listeners.emit();
  }

  async function round(): Promise<void> {
    const lead = await opts.leadership.check();
    if (lead && !leading) {
      leading = true;
      opts.log.info(`this instance now runs the ${inner.name} feed source`);
      inner.start();
      listeners.emit();
    } else if (!lead && leading) {
      leading = false;
      opts.log.warn(`this instance no longer runs the ${inner.name} feed source`);
      inner.stop();
    }
    if (!leading) await readSnapshot();
  }

  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= round()
      .catch((error: unknown) => opts.log.warn(`feed source ${inner.name}: ${String(error)}`))
      .finally(() => {
        running = undefined;
      });
  };

  const source: FeedSource = {
    name: inner.name,
    onUpdate: listeners.add,
    // The runner knows its own status; the others know when it last wrote what it read.
    status(now) {
      if (leading) return inner.status(now);
      if (snapshot) return { lastSuccessAt: snapshot.updatedAt, lastChangeAt: snapshot.updatedAt };
      return { lastError: { at: now, message: 'nothing read yet by the instance that runs this source' } };
    },
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, opts.intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (leading) inner.stop();
      leading = false;
    },
  };
  if (inner.sailings) {
    const own = inner.sailings.bind(inner);
    source.sailings = (now) => (leading ? own(now) : (snapshot?.sailings ?? []));
  }
  if (inner.vessels) {
    const own = inner.vessels.bind(inner);
    source.vessels = (now) => (leading ? own(now) : (snapshot?.vessels ?? []));
  }
  return source;
}
