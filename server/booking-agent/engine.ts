/**
 * The watcher engine: every check interval (admin setting, default 30 s) one pass over the Ninja
 * requests (./ninja-watcher.ts) and the console's monitors (./agent-watcher.ts).
 *
 * Exactly one engine runs per database: before each pass an instance takes or renews the lease row
 * 'watcher' in engine_leases (a conditional upsert: free, expired, or already its own). The lease
 * outlives a pass by LEASE_INTERVALS check intervals, so when its holder dies another instance
 * takes over after that. What was already reported lives in the database (watcher_openings,
 * notifications' unique keys), so a restart or a takeover resumes without alerting twice.
 * Passes never overlap: the next is scheduled when the previous one ends.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';

import { DEFAULT_CHECK_INTERVAL_S } from '@/domain/booking-agent';

import type { Database } from '../db/client';
import { bookingAgentSettings, engineLeases } from '../db/schema';
import type { TickRecorder } from '../health/process-health';
import { runAgentPass, SETTINGS_ROW_ID } from './agent-watcher';
import { runNinjaPass, type WatcherDeps } from './ninja-watcher';

const LEASE_NAME = 'watcher';
const LEASE_INTERVALS = 3;

export async function checkIntervalMs(database: Database): Promise<number> {
  const [row] = await database.db
    .select({ seconds: bookingAgentSettings.checkIntervalSeconds })
    .from(bookingAgentSettings)
    .where(eq(bookingAgentSettings.id, SETTINGS_ROW_ID));
  return (row?.seconds ?? DEFAULT_CHECK_INTERVAL_S) * 1000;
}

/** Takes or renews the engine lease for `holder`; answers whether it holds it now. */
export async function acquireLease(database: Database, holder: string, now: Date, leaseMs: number): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + leaseMs);
  const rows = await database.db
    .insert(engineLeases)
    .values({ name: LEASE_NAME, holder, expiresAt })
    .onConflictDoUpdate({
      target: engineLeases.name,
      set: { holder, expiresAt },
      setWhere: sql`${engineLeases.holder} = ${holder} or ${engineLeases.expiresAt} < ${now}`,
    })
    .returning({ holder: engineLeases.holder });
  return rows[0]?.holder === holder;
}

export async function releaseLease(database: Database, holder: string): Promise<void> {
  await database.db.execute(sql`delete from engine_leases where name = ${LEASE_NAME} and holder = ${holder}`);
}

export async function runWatcherPass(deps: WatcherDeps, now: Date) {
  const ninja = await runNinjaPass(deps, now);
  const agent = await runAgentPass(deps, now);
  return { ninja, agent };
}

export interface EngineOptions extends WatcherDeps {
  now?: () => number;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
  holder?: string;
  ticks?: TickRecorder;
}

/** The loop's name on the System Health tab. */
export const WATCHER_ENGINE_LOOP = 'Booking watcher';

/** Starts the engine loop; the returned function stops it, waits for a pass in flight and frees the lease. */
export function startWatcherEngine(opts: EngineOptions): () => Promise<void> {
  const clock = opts.now ?? Date.now;
  const holder = opts.holder ?? randomUUID();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const deps: WatcherDeps = { ...opts, onError: (error, context) => opts.log.error({ err: error }, context) };

  const pass = async (): Promise<number> => {
    let interval = DEFAULT_CHECK_INTERVAL_S * 1000;
    try {
      interval = await checkIntervalMs(opts.database);
      const now = new Date(clock());
      if (!(await acquireLease(opts.database, holder, now, interval * LEASE_INTERVALS))) return interval;
      const result = await runWatcherPass(deps, now);
      if (result.ninja.alerts + result.ninja.booked + result.agent.alerts > 0)
        opts.log.info(result, 'watcher pass found openings');
    } catch (error) {
      opts.log.error({ err: error }, 'watcher pass failed');
    }
    return interval;
  };
  // Between passes the engine waits the configured check interval; that is the cadence lag is measured against.
  let cadenceMs = DEFAULT_CHECK_INTERVAL_S * 1000;
  const schedule = (delayMs: number) => {
    if (delayMs > 0) cadenceMs = delayMs;
    opts.ticks?.scheduled(WATCHER_ENGINE_LOOP, cadenceMs, delayMs);
    timer = setTimeout(() => {
      timer = undefined;
      opts.ticks?.started(WATCHER_ENGINE_LOOP);
      running = pass().then((interval) => {
        if (!stopped) schedule(interval);
      });
    }, delayMs);
    timer.unref();
  };
  schedule(0);

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
    await releaseLease(opts.database, holder).catch(() => undefined);
  };
}
