/**
 * Deckhand's server process: config → database (migrated and seeded) → VAPID keys → ferry feed →
 * realtime bridge → app, listening on HOST:PORT. Timers (feed ticks, idempotency cleanup, the alert
 * scheduler that pushes away-mode alerts) start only once the port is open. SIGINT/SIGTERM close
 * everything in reverse order; a second signal, or a shutdown that hangs, exits at once. An
 * unhandled rejection or uncaught exception is logged and the process keeps serving
 * (./process-guards.ts); the feed logs and counts what its sources' data breaks.
 */
import { createAnimalReminderSource } from './alerts/sources/animal-reminder';
import { arrivalTimerAlertSource } from './alerts/sources/arrival-timer';
import { awayReturnSource } from './alerts/sources/away-return';
import { createDailyDigestSource } from './alerts/sources/daily-digest';
import { orderUpdateAlertSource } from './alerts/sources/order-updates';
import { createQueueMovingSource } from './alerts/sources/queue-moving';
import { createSailingDisruptionSource } from './alerts/sources/sailing-disruption';
import { createTripChangesSource } from './alerts/sources/trip-changes';
import { createWeatherRisingSource } from './alerts/sources/weather-rising';
import { buildApp } from './app';
import { ensureInitialAdmin } from './auth/back-office-accounts';
import { bookingProviderFromConfig } from './booking-agent/booking-provider';
import { startWatcherEngine } from './booking-agent/engine';
import { transportsFromConfig } from './booking-agent/messages';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { advisoryLeadership, LEADERSHIP_KEYS, soleLeadership, type Leadership } from './feed/advisory-leadership';
import { createFerryFeed } from './feed/ferry-feed';
import { shareSource } from './feed/shared-source';
import { feedSourcesFromConfig } from './feed/sources/from-config';
import { createForecastService } from './forecast/forecast-service';
import { ProcessHealth } from './health/process-health';
import { startHistoryRetention } from './history/history-retention';
import { createSailingRecorder } from './history/sailing-recorder';
import { loadFirstScreenRenderer, rendererFileFor } from './http/first-screen';
import { releaseOrphanedClaims } from './http/idempotency';
import { ALERT_TICK_INTERVAL_MS, startAlertScheduler } from './jobs/alert-scheduler';
import { startIdempotencyCleanup } from './jobs/idempotency-cleanup';
import { startTrialExpiry } from './jobs/trial-expiry';
import { installProcessGuards } from './process-guards';
import { parseAllowHosts } from './push/endpoint-guard';
import { createWebPushSender } from './push/push-sender';
import { loadVapidKeys } from './push/vapid';
import { startFirebaseBridge } from './realtime/firebase-bridge';
import { createEcccSource } from './weather/eccc-source';
import { createWeatherRiskService } from './weather/weather-risk-service';
import { weatherSourceName } from './weather/weather-source-choice';

/** How often an instance that does not run a streaming source (AIS) reads what its runner wrote. */
const SHARED_SOURCE_READ_MS = 5_000;
/** How often each instance checks whether it should record the history (one does). */
const HISTORY_LEADERSHIP_CHECK_MS = 10_000;

/** A shutdown taking longer than this is abandoned so orchestrators are not left waiting. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** How often each upcoming sailing's weather level and each settled sailing's outcome are noted. */
const WEATHER_RECORD_INTERVAL_MS = 60_000;

// Before anything else: a failure while starting is still reported by main's own catch below.
installProcessGuards({ log: (message) => console.error(`[deckhand] ${message}`) });

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config, { initialiseApart: true });
  await ensureInitialAdmin({
    database,
    dataDir: config.dataDir,
    password: config.ADMIN_INITIAL_PASSWORD,
    // Printed, not logged at a level: the one time a generated password is shown must not be filtered out.
    log: (message) => console.log(message),
  });
  await releaseOrphanedClaims(database);
  const vapid = await loadVapidKeys(config);
  const feedLog = {
    info: (message: string) => (config.LOG_LEVEL === 'silent' ? undefined : console.log(message)),
    warn: (message: string) => (config.LOG_LEVEL === 'silent' ? undefined : console.warn(message)),
  };
  // With several instances on PostgreSQL, one polls each source and records the history; the others serve what it read.
  const leaderships: Leadership[] = [];
  const leadership = (key: number) => {
    const made =
      database.kind === 'postgres' && config.DATABASE_URL
        ? advisoryLeadership(config.DATABASE_URL, key)
        : soleLeadership();
    leaderships.push(made);
    return made;
  };
  const sources = feedSourcesFromConfig(config, feedLog).map((source) =>
    database.kind === 'postgres' && source.name !== 'simulator'
      ? shareSource(source, {
          database,
          leadership: leadership(LEADERSHIP_KEYS[source.name]),
          intervalMs: source.name === 'bcferries' ? config.BCFERRIES_POLL_S * 1000 : SHARED_SOURCE_READ_MS,
          log: feedLog,
        })
      : source,
  );
  const historyLeadership = leadership(LEADERSHIP_KEYS.history);
  const feed = createFerryFeed({
    tickMs: config.FEED_TICK_MS,
    sources,
    configured: config.FEED_SOURCE,
    onSampleError: (error) => feedLog.warn(`ferry feed sample failed, the last good data is kept: ${String(error)}`),
  });
  const bridge = await startFirebaseBridge(config, feed);
  const processHealth = new ProcessHealth();
  const firstScreen = await loadFirstScreenRenderer(rendererFileFor(config.staticDir));
  const transports = transportsFromConfig(config);
  const forecasts = createForecastService({ database, sailings: () => feed.sailings() });
  const weatherSource =
    weatherSourceName(config) === 'eccc'
      ? createEcccSource({ baseUrl: config.ECCC_DATAMART_URL, pollMs: config.ECCC_POLL_S * 1000, log: feedLog })
      : undefined;
  const weather = createWeatherRiskService({ source: weatherSource, sailings: () => feed.sailings(), database });
  const app = await buildApp({
    forecasts,
    weather,
    firstScreenRenderer: 'renderer' in firstScreen ? firstScreen.renderer : undefined,
    processHealth,
    bridgeState: () => bridge.state(),
    config,
    database,
    feed,
    transports,
    realtime: bridge.client,
    vapidPublicKey: vapid.publicKey,
    realtimeWriter: (values) => bridge.update(values),
    publishQueueCount: (count) => bridge.publishCount(count),
  });
  if ('problem' in firstScreen) app.log.warn(firstScreen.problem);

  let stopCleanup: () => void = () => undefined;
  let stopHistoryRetention: () => void = () => undefined;
  let stopRecording: () => void = () => undefined;
  let stopTrialExpiry: () => void = () => undefined;
  let stopAlerts: () => Promise<void> = async () => undefined;
  let stopWatcher: () => Promise<void> = async () => undefined;
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) process.exit(1);
    shuttingDown = true;
    app.log.info(`${signal} received, shutting down`);
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    stopCleanup();
    stopHistoryRetention();
    stopRecording();
    await Promise.all(leaderships.map((l) => l.close()));
    stopTrialExpiry();
    await stopAlerts();
    await stopWatcher();
    feed.stop();
    weatherSource?.stop();
    await app.close();
    await bridge.close();
    await database.close();
    process.exit(0);
  };
  // A step of the shutdown that fails still ends the process (the guards would otherwise keep it serving).
  const stopOn = (signal: string) =>
    void shutdown(signal).catch((error: unknown) => {
      console.error('[deckhand] shutdown failed:', error);
      process.exit(1);
    });
  process.on('SIGINT', stopOn);
  process.on('SIGTERM', stopOn);

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  if (config.FEED_ENABLED) feed.start();
  stopCleanup = startIdempotencyCleanup(database, (error) =>
    app.log.error({ err: error }, 'idempotency cleanup failed'),
  );
  void historyLeadership.check();
  const historyLeadershipTimer = setInterval(() => void historyLeadership.check(), HISTORY_LEADERSHIP_CHECK_MS);
  historyLeadershipTimer.unref();
  const stopFollowing = createSailingRecorder(database, {
    onError: (error) => app.log.error({ err: error }, 'sailing history write failed'),
    onFinalized: () => forecasts.invalidate(),
  }).follow(feed, () => historyLeadership.isLeader());
  weatherSource?.start();
  const weatherRecordTimer = setInterval(() => {
    if (!historyLeadership.isLeader()) return;
    weather.record().catch((error: unknown) => app.log.error({ err: error }, 'weather record write failed'));
  }, WEATHER_RECORD_INTERVAL_MS);
  weatherRecordTimer.unref();
  stopRecording = () => {
    clearInterval(historyLeadershipTimer);
    clearInterval(weatherRecordTimer);
    stopFollowing();
  };
  stopHistoryRetention = startHistoryRetention(database, config.HISTORY_RETENTION_DAYS, (error) =>
    app.log.error({ err: error }, 'sailing history pruning failed'),
  );
  stopTrialExpiry = startTrialExpiry(database, (error) => app.log.error({ err: error }, 'trial expiry failed'));
  const push = processHealth.countPushes(
    createWebPushSender(vapid, {
      allowHosts: parseAllowHosts(config.PUSH_ENDPOINT_ALLOW_HOSTS),
      onFailure: (origin, error) => app.log.warn({ err: error, origin }, 'push failed'),
    }),
  );
  stopAlerts = startAlertScheduler({
    database,
    push,
    sources: [
      awayReturnSource,
      createQueueMovingSource(feed),
      createAnimalReminderSource(feed),
      arrivalTimerAlertSource,
      orderUpdateAlertSource,
      createSailingDisruptionSource(feed),
      createWeatherRisingSource(weather, feed),
      createTripChangesSource(feed, forecasts),
      createDailyDigestSource(weather, feed),
    ],
    intervalMs: ALERT_TICK_INTERVAL_MS,
    log: app.log,
    ticks: processHealth,
  });
  stopWatcher = startWatcherEngine({
    database,
    push,
    transports,
    booking: bookingProviderFromConfig(config),
    log: app.log,
    ticks: processHealth,
  });

  const bound = app.server.address();
  const port = bound && typeof bound === 'object' ? bound.port : config.PORT;
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? `http://localhost:${port}` : address;
  app.log.info(`Deckhand is serving on ${shown} (database: ${database.kind})`);
  if (config.LOG_LEVEL === 'silent') console.log(`Deckhand is serving on ${shown}`);
}

main().catch((error: unknown) => {
  console.error('Deckhand failed to start:', error);
  process.exit(1);
});
