/**
 * Starts the page's sync machinery (DESIGN.md "Data flow (client)") for a plan of what to move
 * (src/data/sync-plan.ts): the public pulls beside the session (the server makes the rider account
 * and cookie on the first call), then the rider's own pulls; the realtime channel; what the plan
 * loads after first render in a chunk of its own; and outbox flushes on start, on `online`, when the
 * page becomes visible, every OUTBOX_FLUSH_INTERVAL_MS, and after the service worker reports a
 * background flush (which also re-runs the plan's pulls for it).
 *
 * Idempotent: a second call while running returns the same stop function.
 */
import { OUTBOX_FLUSH_INTERVAL_MS } from '@/domain/constants';
import { OUTBOX_FLUSHED_EVENT } from '@/lib/sw-messages';
import { yieldToMain } from '@/lib/time-slice';

import { installAcknowledged, type AcknowledgedWrites } from './acknowledged';
import { useConnectivityStore, watchOnlineStatus } from './connectivity-store';
import { flushNow } from './flush-now';
import { clearBackoff } from './flusher';
import { logFailure } from './log-failure';
import { runPulls, type Pull } from './pulls';
import { connectRealtime, type RealtimeHandlers } from './realtime-channel';
import type { SyncDatabase } from './sync-database';

export interface SyncPlan<Database extends SyncDatabase> {
  /** The device's database, which every pull, message and write below reads and writes. */
  database: Database;
  /** The same for everyone: they do not wait for the session. */
  publicPulls: readonly Pull<Database>[];
  /** Makes sure the server knows this browser (a request without the cookie would make a new rider). */
  session: Pull<Database>;
  /** The rider's own, after the session. */
  riderPulls: readonly Pull<Database>[];
  /** Pulled again after the service worker reports a background flush. */
  afterWorkerFlush: readonly Pull<Database>[];
  /** What each realtime message does to the device. */
  realtime: RealtimeHandlers<Database>;
  /** What follows each kind of write the server acknowledged. */
  acknowledged: AcknowledgedWrites<Database>;
  /** Started after the first render, from a chunk of its own; resolves with its stop function. */
  later?: (database: Database, deps: { isOnline: () => boolean }) => Promise<() => void>;
}

let stopCurrent: (() => void) | null = null;

export function startSync<Database extends SyncDatabase>(plan: SyncPlan<Database>): () => void {
  if (stopCurrent) return stopCurrent;
  const { database } = plan;
  installAcknowledged(plan.acknowledged);

  const isOnline = () => useConnectivityStore.getState().online;

  const refresh = async () => {
    const publicPulls = runPulls(database, plan.publicPulls);
    // Each request started costs a slow phone a few milliseconds (the first of a page the most): the
    // session's in a task of its own, as each pull's.
    await yieldToMain();
    await plan.session.run(database).catch(logFailure(plan.session.name));
    await Promise.all([
      publicPulls,
      runPulls(database, plan.riderPulls),
      // Offline, a send can only fail and push the rows' backoff further out.
      isOnline() ? flushNow(database) : null,
    ]);
  };

  // The realtime channel first, then the pulls and the later chunk each in a task of their own: the
  // socket, the first requests and the chunk's import, started in one task, were one of 10-16 ms at
  // full speed (a long one on a slow phone).
  const stopWatchingOnline = watchOnlineStatus();
  const realtime = connectRealtime(database, plan.realtime);
  void yieldToMain().then(refresh);
  const later = plan.later && yieldToMain().then(() => plan.later!(database, { isOnline }));
  later?.catch(logFailure('Rider sync start'));

  const onOnline = () => {
    realtime.reconnectNow();
    clearBackoff(database)
      .catch(logFailure('Outbox backoff reset'))
      .finally(() => void refresh());
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible' && isOnline()) void flushNow(database);
  };
  const onWorkerFlushed = () => void runPulls(database, plan.afterWorkerFlush);
  const timer = setInterval(() => {
    if (isOnline()) void flushNow(database);
  }, OUTBOX_FLUSH_INTERVAL_MS);

  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener(OUTBOX_FLUSHED_EVENT, onWorkerFlushed);

  const stop = () => {
    if (stopCurrent !== stop) return;
    stopCurrent = null;
    clearInterval(timer);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener(OUTBOX_FLUSHED_EVENT, onWorkerFlushed);
    stopWatchingOnline();
    realtime.close();
    void later?.then(
      (stopLater) => stopLater(),
      () => undefined,
    );
  };
  stopCurrent = stop;
  return stop;
}
