/**
 * The rider's home, away-mode and inbox sync, loaded on demand by the sync plan (./sync-plan.ts) so
 * it stays out of the first-render bundle:
 * banners, amenities and the inbox are pulled on start, on 'online' and when the page becomes
 * visible (the weather level too, then); the active away session on the same triggers and every
 * AWAY_SESSION_POLL_MS while the page is visible and online (rider-core §7, §9: polled every 5 s),
 * and after the service worker reports a background flush. The away alert watcher runs for as long
 * as the page does.
 *
 * Every pull waits for the session first: a request without the cookie would make a new rider.
 * The connectivity check and the alert display are passed in: importing the UI-facing modules here
 * would make the bundler split React out of the entry chunk (measured: +1.7 KB gzipped on /app).
 */
import { AWAY_SESSION_POLL_MS } from '@/domain/away';
import { OUTBOX_FLUSHED_EVENT } from '@/lib/sw-messages';
import { logFailure } from '@/sync/log-failure';
import { runPulls, type Pull } from '@/sync/pulls';

import { pullAmenities } from './amenities';
import { watchAwayAlerts, type AlertDisplay } from './away-alert-watcher';
import { pullActiveAwaySession } from './away-sessions';
import { pullBanners } from './banners';
import type { DeckhandDB } from './db';
import { pullNotifications } from './notifications';
import { ensureSession } from './profile';
import { pullWeatherRisk } from './weather-risk';

const HOME_PULLS: readonly Pull<DeckhandDB>[] = [
  { name: 'Banner pull', run: pullBanners },
  { name: 'Amenity pull', run: pullAmenities },
  { name: 'Notification pull', run: pullNotifications },
  { name: 'Away session pull', run: pullActiveAwaySession },
];
const WEATHER_PULL: Pull<DeckhandDB> = { name: 'Weather risk pull', run: pullWeatherRisk };

export interface RiderSyncDeps extends AlertDisplay {
  isOnline: () => boolean;
}

export function startRiderSync(database: DeckhandDB, { isOnline, ...alerts }: RiderSyncDeps): () => void {
  const visible = () => document.visibilityState === 'visible';

  const pullSession = async () => {
    await ensureSession(database);
    await pullActiveAwaySession(database);
  };

  /**
   * Each pull starts in a task of its own (src/sync/pulls.ts). The sync plan's public pulls read the
   * weather level on start and on 'online'; when the page becomes visible again only this reads it
   * (ECCC issues its marine forecasts two to four times a day).
   */
  const pullAll = async (withWeather: boolean) => {
    await ensureSession(database).catch(logFailure('Session'));
    await runPulls(database, withWeather ? [...HOME_PULLS, WEATHER_PULL] : HOME_PULLS);
  };

  const onVisibility = () => {
    if (visible() && isOnline()) void pullAll(true);
  };
  const onOnline = () => void pullAll(false);
  const onWorkerFlushed = () => {
    pullSession().catch(logFailure('Away session pull'));
    pullNotifications(database).catch(logFailure('Notification pull'));
  };
  const poll = setInterval(() => {
    if (visible() && isOnline()) pullSession().catch(logFailure('Away session pull'));
  }, AWAY_SESSION_POLL_MS);
  const stopWatching = watchAwayAlerts(database, alerts);

  void pullAll(false);
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener(OUTBOX_FLUSHED_EVENT, onWorkerFlushed);

  return () => {
    clearInterval(poll);
    stopWatching();
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener(OUTBOX_FLUSHED_EVENT, onWorkerFlushed);
  };
}
