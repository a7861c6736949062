/**
 * Starts the page's sync machinery (DESIGN.md "Data flow (client)"): the config, ferries and feed
 * (sailings, vessel positions, forecasts) pulls
 * (public) beside the session (the server makes the rider account and cookie on the first call),
 * then the complaints pull (the rider's own); the realtime channel, the home, away-mode and inbox
 * pulls, poll and alert watcher (./rider-sync.ts, on demand), and outbox flushes on start, on
 * `online`, when the page becomes visible, every OUTBOX_FLUSH_INTERVAL_MS, and after the service
 * worker reports a background flush.
 *
 * Idempotent: a second call while running returns the same stop function.
 */
import { db } from '@/data/db';
import { OUTBOX_FLUSH_INTERVAL_MS } from '@/domain/constants';
import { preloadAlertDisplay, showAlert } from '@/lib/alerts';
import { OUTBOX_FLUSHED_EVENT } from '@/lib/sw-messages';
import { useConnectivityStore, watchOnlineStatus } from './connectivity-store';
import { flushNow } from './flush-now';
import { clearBackoff } from './flusher';
import { ensureSession, logFailure, pullClientConfig, pullComplaints, pullFerries } from './pull';
import { connectRealtime } from './realtime';
import { pullFeed } from './feed-pull';

let stopCurrent: (() => void) | null = null;

export function startSync(): () => void {
  if (stopCurrent) return stopCurrent;

  const isOnline = () => useConnectivityStore.getState().online;

  const refresh = async () => {
    // The ferry list and the config are the same for everyone: they do not wait for the session,
    // so a first visit's Next Ferry card fills one round trip sooner. /ws also sends the list on
    // connect; the REST pull covers networks that block WebSockets.
    const publicPulls = [
      pullClientConfig(db).catch(logFailure('Config pull')),
      pullFerries(db).catch(logFailure('Ferry pull')),
      pullFeed(db, logFailure),
    ];
    await ensureSession(db).catch(logFailure('Session'));
    await Promise.all([
      ...publicPulls,
      pullComplaints(db).catch(logFailure('Complaint pull')),
      // Offline, a send can only fail and push the rows' backoff further out.
      isOnline() ? flushNow(db) : null,
    ]);
  };

  const stopWatchingOnline = watchOnlineStatus();
  // The home, away-mode and inbox pulls, poll and alert watcher: their own chunk, loaded after first render.
  const riderSync = import('./rider-sync').then((m) => m.startRiderSync(db, { isOnline, showAlert, preloadAlertDisplay }));
  riderSync.catch(logFailure('Rider sync start'));
  const realtime = connectRealtime(db);
  void refresh();

  const onOnline = () => {
    realtime.reconnectNow();
    clearBackoff(db)
      .catch(logFailure('Outbox backoff reset'))
      .finally(() => void refresh());
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible' && isOnline()) void flushNow(db);
  };
  const onWorkerFlushed = () => {
    pullComplaints(db).catch(logFailure('Complaint pull'));
  };
  const timer = setInterval(() => {
    if (isOnline()) void flushNow(db);
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
    void riderSync.then((stopRider) => stopRider(), () => undefined);
  };
  stopCurrent = stop;
  return stop;
}
