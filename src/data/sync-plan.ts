/**
 * What the page's sync engine (src/sync/start.ts) moves for a rider: the ferry list, the feed
 * (sailings, vessel positions, forecasts) and the config are public and pulled beside the session;
 * the rider's complaints after it (and again after a complaint was sent, or the service worker has
 * flushed); the realtime channel's messages; what follows each acknowledged write
 * (./acknowledged-writes.ts); and the home, away-mode and inbox pulls,
 * poll and alert watcher (./rider-sync.ts), loaded after first render in a chunk of their own.
 *
 * The alert display is passed to the rider sync from here: importing it there would make the bundler
 * split React out of the entry chunk (measured: +1.7 KB gzipped on /app).
 */
import { preloadAlertDisplay, showAlert } from '@/lib/alerts';
import type { SyncPlan } from '@/sync/start';

import { ACKNOWLEDGED_WRITES } from './acknowledged-writes';
import { pullClientConfig } from './client-config';
import { complaintsAcknowledged, pullComplaints } from './complaints';
import { db, type DeckhandDB } from './db';
import { pullFeedStatus } from './feed-status';
import { pullFerries } from './ferries';
import { ensureSession } from './profile';
import { riderRealtimeHandlers } from './realtime-messages';
import { pullForecasts, pullSailings, pullVessels } from './sailings-and-vessels';
import { pullWeatherRisk } from './weather-risk';

const complaints = { name: 'Complaint pull', run: pullComplaints };

export const RIDER_SYNC: SyncPlan<DeckhandDB> = {
  database: db,
  // The ferry list and the config are the same for everyone: they do not wait for the session, so a
  // first visit's Next Ferry card fills one round trip sooner. /ws also sends the list on connect;
  // the REST pull covers networks that block WebSockets.
  publicPulls: [
    { name: 'Config pull', run: pullClientConfig },
    { name: 'Ferry pull', run: pullFerries },
    { name: 'Sailings pull', run: pullSailings },
    { name: 'Vessels pull', run: pullVessels },
    { name: 'Forecasts pull', run: pullForecasts },
    { name: 'Weather risk pull', run: pullWeatherRisk },
    { name: 'Feed status pull', run: pullFeedStatus },
  ],
  session: { name: 'Session', run: ensureSession },
  riderPulls: [complaints],
  afterWorkerFlush: [complaints],
  realtime: riderRealtimeHandlers,
  acknowledged: { ...ACKNOWLEDGED_WRITES, complaints: complaintsAcknowledged },
  later: (database, { isOnline }) =>
    import('./rider-sync').then((m) => m.startRiderSync(database, { isOnline, showAlert, preloadAlertDisplay })),
};
