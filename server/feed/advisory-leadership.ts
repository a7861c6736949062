/**
 * Which instance does a job that must run once across instances (poll a feed source, record the
 * history): on PostgreSQL, the one holding a session-level advisory lock (`pg_try_advisory_lock`) on
 * a dedicated connection. The lock goes with the connection: an instance that dies (even kill -9)
 * drops it, and another takes it at its next `check()`. On PGlite (one process) the lock is
 * trivially held.
 */
import pg from 'pg';

export interface Leadership {
  /** Takes the lock if free, or confirms it is still held (the connection alive); answers whether this instance leads. */
  check(): Promise<boolean>;
  isLeader(): boolean;
  close(): Promise<void>;
}

/** Arbitrary constants shared by every Deckhand instance, one per job ("deckhand feed …" as 32-bit keys). */
export const LEADERSHIP_KEYS = {
  bcferries: 0x0dec_fe01,
  ais: 0x0dec_fe02,
  simulator: 0x0dec_fe03,
  history: 0x0dec_fe10,
} as const;

/** One process: always the leader. */
export function soleLeadership(): Leadership {
  return { check: async () => true, isLeader: () => true, close: async () => undefined };
}

export function advisoryLeadership(connectionString: string, key: number): Leadership {
  let client: pg.Client | undefined;
  let leader = false;

  function drop(): void {
    leader = false;
    const old = client;
    client = undefined;
    old?.end().catch(() => undefined);
  }

  return {
    async check() {
      try {
        if (!client) {
          const next = new pg.Client({ connectionString });
          // A dropped connection loses the lock with it: stop leading at once.
          next.on('error', () => {
            if (client === next) drop();
          });
          client = next;
          await next.connect();
        }
        if (leader) {
          await client.query('select 1');
          return true;
        }
        const result = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
        leader = result.rows[0]?.ok === true;
        return leader;
      } catch {
        drop();
        return false;
      }
    },
    isLeader: () => leader,
    async close() {
      const old = client;
      client = undefined;
      leader = false;
      await old?.end().catch(() => undefined);
    },
  };
}
