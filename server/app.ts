/**
 * Builds the Fastify app from its parts. Nothing here listens or starts timers: server/main.ts
 * does that, and tests call buildApp() with their own database and a hand-driven feed.
 */
// First: every server formatter of terminal time uses the pinned tz database (see the module).
import './time/terminal-zone';

import { createRequire } from 'node:module';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';

import type { ClientRealtimeConfig, QueueDataValue } from '@/domain/realtime';

import { registerRouteRoles } from './auth/back-office-session';
import { registerSessions, SESSION_COOKIE, sessionUserId } from './auth/session';
import { readActiveBanners } from './banners/banner-repository';
import { bookingProviderFromConfig } from './booking-agent/booking-provider';
import { transportsFromConfig, type MessageTransports } from './booking-agent/messages';
import type { Config } from './config';
import type { Database } from './db/client';
import type { FerryFeed } from './feed/ferry-feed';
import { createForecastService, type ForecastService } from './forecast/forecast-service';
import type { ProcessHealth } from './health/process-health';
import { frameworkErrors, registerBodyParsing } from './http/body-parsing';
import { registerContracts } from './http/contract-route';
import { registerErrorHandling } from './http/errors';
import { createFirstScreen, type FirstScreenRenderer } from './http/first-screen';
import { registerIdempotency } from './http/idempotency';
import { stdoutLogStream } from './http/log-stream';
import { registerOriginCheck } from './http/origin-check';
import { registerRateLimits } from './http/rate-limits';
import { OneLineRequestLog } from './http/request-log';
import { registerRouteTable } from './http/route-table';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStatic } from './http/static';
import type { BridgeState } from './realtime/firebase-bridge';
import type { RealtimeWriter } from './realtime/user-position-node';
import { registerRealtimeSocket } from './realtime/ws';
import { registerAdminAuthRoutes } from './routes/admin-auth';
import { registerAdminBannerRoutes } from './routes/admin-banners';
import { registerAdminDashboardRoutes } from './routes/admin-dashboard';
import { registerAdminUserRoutes } from './routes/admin-users';
import { registerAiChatRoutes } from './routes/ai-chat';
import { registerAmenityRoutes } from './routes/amenities';
import { registerArrivalTimerRoutes } from './routes/arrival-timers';
import { registerAwayAlarmRoutes } from './routes/away-alarms';
import { registerAwaySessionRoutes } from './routes/away-sessions';
import { registerBannerRoutes } from './routes/banners';
import { registerBookingAgentRoutes } from './routes/booking-agent';
import { registerConfigRoutes } from './routes/client-config';
import { registerComplaintRoutes } from './routes/complaints';
import { registerContributionRoutes } from './routes/contributions';
import { registerExceptionPassRoutes } from './routes/exception-passes';
import { registerFeedStatusRoutes } from './routes/feed-status';
import { registerFerryRoutes } from './routes/ferries';
import { registerForecastRoutes } from './routes/forecasts';
import { registerHealthRoutes } from './routes/health';
import { registerNinjaBookingRoutes } from './routes/ninja-booking';
import { registerNotificationRoutes } from './routes/notifications';
import { registerOrderRoutes } from './routes/orders';
import { registerPasskeyRoutes } from './routes/passkeys';
import { registerPushSubscriptionRoutes } from './routes/push-subscriptions';
import { registerQueueRoutes } from './routes/queue';
import { registerRewardRoutes } from './routes/rewards';
import { registerSailingAvailabilityRoutes } from './routes/sailing-availability';
import { registerSailingRoutes } from './routes/sailings';
import { registerServicesRoutes } from './routes/services';
import { registerStaffQueueRoutes } from './routes/staff-queues';
import { registerStaffRewardClaimRoutes } from './routes/staff-reward-claims';
import { registerStoreRoutes } from './routes/store';
import { registerUserRoutes } from './routes/users';
import { registerWeatherRiskRoutes } from './routes/weather-risk';
import { createWeatherRiskService, type WeatherRiskService } from './weather/weather-risk-service';

export interface AppDeps {
  config: Config;
  database: Database;
  feed: FerryFeed;
  /** What the client needs to reach the realtime database (emulator or hosted). */
  realtime: ClientRealtimeConfig;
  /** VAPID public key served to clients for Web Push. */
  vapidPublicKey?: string;
  /** Writes the shared realtime nodes (user_positions); absent in tests that run no bridge. */
  realtimeWriter?: RealtimeWriter;
  /** Publishes a rider-reported count to queue_data/{terminal} and queue_history (the bridge's history log trims it). */
  publishQueueCount?: (count: QueueDataValue) => Promise<void>;
  /** This process's push counts and loop lag for the System Health tab; absent in tests that run no loops. */
  processHealth?: ProcessHealth;
  /** The realtime bridge's state for the System Health tab; absent when no bridge runs ("disabled"). */
  bridgeState?: () => BridgeState;
  /** Clock for queue estimates and arrival timers; default Date.now (tests pin it to the feed's). */
  now?: () => number;
  /** Renders /app's first screen per request (server/http/first-screen.ts); absent: the build's shell. */
  firstScreenRenderer?: FirstScreenRenderer;
  /** E-mail/SMS transports (shared with the watcher engine); default: from the config's SMTP_URL / SMS_URL. */
  transports?: MessageTransports;
  /** The sailings' fill forecasts from the recorded history (GET /api/forecasts); default: made from `feed` and `database`. */
  forecasts?: ForecastService;
  /** The sailings' weather levels (GET /api/weather-risk); default: no weather source (`source: "none"`). */
  weather?: WeatherRiskService;
}

/** The API's version in its OpenAPI document: the app's own. */
const API_VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

/** TRUST_PROXY as Fastify takes it: a boolean, or addresses/CIDRs/presets. */
function trustProxySetting(value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const booking = bookingProviderFromConfig(deps.config);
  const transports = deps.transports ?? transportsFromConfig(deps.config);
  const app = Fastify({
    logger: deps.config.LOG_LEVEL === 'silent' ? false : { level: deps.config.LOG_LEVEL, stream: stdoutLogStream() },
    trustProxy: trustProxySetting(deps.config.TRUST_PROXY),
    logController: new OneLineRequestLog(),
    bodyLimit: 12 * 1024 * 1024,
    frameworkErrors,
  });
  if (deps.config.LOG_LEVEL !== 'silent') app.addHook('onClose', async () => stdoutLogStream().flush());
  registerRouteTable(app);
  await app.register(cookie);
  registerOriginCheck(app);
  await registerRateLimits(app, deps.config, { cookie: SESSION_COOKIE });
  await registerSecurityHeaders(app, deps);
  registerBodyParsing(app);
  // Before compression: idempotent answers are stored as the route wrote them (see the module).
  registerIdempotency(app, { database: deps.database, callerId: sessionUserId });
  // API JSON (and anything else sent uncompressed) is compressed on the way out; built assets come
  // precompressed from server/http/static.ts and are left alone (they carry Content-Encoding already).
  await app.register(compress, { threshold: 1024 });
  // Clients send only tiny control messages on /ws; cap frames well below ws's 100 MiB default.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  registerErrorHandling(app);
  await registerContracts(app, { version: API_VERSION });
  // Before any route: they attach their hooks to the routes registered after them.
  registerRouteRoles(app, { database: deps.database, cookieSecure: deps.config.cookieSecure, now: deps.now });
  registerSessions(app, deps);

  await app.register(
    async (api) => {
      registerHealthRoutes(api, deps);
      registerAdminAuthRoutes(api, deps);
      registerPasskeyRoutes(api, deps);
      registerConfigRoutes(api, deps);
      registerFerryRoutes(api, deps);
      registerSailingRoutes(api, deps);
      registerFeedStatusRoutes(api, deps);
      registerComplaintRoutes(api, deps);
      registerUserRoutes(api, deps);
      registerStoreRoutes(api, deps);
      registerOrderRoutes(api, deps);
      registerAiChatRoutes(api, deps);
      registerQueueRoutes(api, deps);
      registerArrivalTimerRoutes(api, deps);
      registerAmenityRoutes(api, deps);
      registerBannerRoutes(api, deps);
      registerAwaySessionRoutes(api, deps);
      registerAwayAlarmRoutes(api, deps);
      registerNotificationRoutes(api, deps);
      registerPushSubscriptionRoutes(api, deps);
      registerNinjaBookingRoutes(api, { ...deps, booking, transports });
      registerServicesRoutes(api, { ...deps, booking, transports });
      registerSailingAvailabilityRoutes(api, deps);
      registerBookingAgentRoutes(api, deps);
      registerExceptionPassRoutes(api, deps);
      registerAdminDashboardRoutes(api, deps);
      registerAdminUserRoutes(api, deps);
      registerStaffQueueRoutes(api, deps);
      registerStaffRewardClaimRoutes(api, deps);
      registerAdminBannerRoutes(api, deps);
      registerContributionRoutes(api, deps);
      registerRewardRoutes(api, deps);
      registerForecastRoutes(api, {
        forecasts:
          deps.forecasts ??
          createForecastService({ database: deps.database, sailings: () => deps.feed.sailings(), now: deps.now }),
        now: deps.now,
      });
      registerWeatherRiskRoutes(api, {
        weather:
          deps.weather ??
          createWeatherRiskService({
            source: undefined,
            sailings: () => deps.feed.sailings(),
            database: deps.database,
            now: deps.now,
          }),
      });
    },
    { prefix: '/api' },
  );
  registerRealtimeSocket(app, deps);
  const renderer = deps.firstScreenRenderer;
  const firstScreen =
    renderer &&
    createFirstScreen({
      renderer,
      ferries: () => deps.feed.current(),
      banners: () => readActiveBanners(deps.database),
      now: deps.now,
      log: app.log,
    });
  await registerStatic(app, { config: deps.config, firstScreen });
  return app;
}
