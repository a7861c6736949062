/**
 * Server configuration, parsed once from the environment with zod. Every variable has a default
 * that runs Deckhand on embedded pieces (PGlite, local RTDB emulator, generated VAPID keys), so a
 * fresh clone needs no set-up. The README's configuration table mirrors this file.
 */
import path from 'node:path';
import { z } from 'zod';

import { parseFeedSourceList } from './feed-source-names';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const bool = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(String(v).toLowerCase())),
  z.boolean().optional(),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Where PGlite keeps its files and where generated keys live. */
  DATA_DIR: z.string().default('./var'),
  /** PostgreSQL connection string; when set, PGlite is not used. */
  DATABASE_URL: optionalString,
  /** Built PWA to serve; `npm start` builds it into ./dist. */
  STATIC_DIR: z.string().default('./dist'),
  /** Hosted Firebase Realtime Database URL. Unset: a local emulator is started. */
  FIREBASE_DATABASE_URL: optionalString,
  FIREBASE_API_KEY: optionalString,
  FIREBASE_PROJECT_ID: z.string().default('deckhand-local'),
  FIREBASE_APP_ID: optionalString,
  /** Secret (legacy database secret or OAuth token) the server uses to write the realtime nodes. */
  FIREBASE_DATABASE_SECRET: optionalString,
  /** Port for the local RTDB emulator (0 = any free port). */
  FIREBASE_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(9000),
  /** Interface the local emulator listens on: loopback unless phones on the LAN must reach it. */
  FIREBASE_EMULATOR_HOST: z.string().default('127.0.0.1'),
  /** Largest WebSocket frame the emulator accepts (its protocol frames are small). */
  FIREBASE_EMULATOR_MAX_FRAME_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024),
  /** Sockets the emulator holds open at once. */
  FIREBASE_EMULATOR_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(2_000),
  /** Sockets one address may open to the emulator a minute; more are answered 429 (a reconnect loop). */
  FIREBASE_EMULATOR_CONNECTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: z.string().default('mailto:ops@deckhand.invalid'),
  /**
   * Desktop visitors at the root get the landing page (membership §2); false shows them a
   * 'Mobile Preview' of the phone frame instead. Reaches the PWA through GET /api/config.
   */
  LANDING_ENABLED: bool.default(true),
  /** Feed simulator tick, ms. */
  FEED_TICK_MS: z.coerce.number().int().min(50).default(5_000),
  /** Set false to run without the simulator ticking (tests drive it by hand). */
  FEED_ENABLED: bool.default(true),
  /** Days the recorded sailing history (fill over time, final figures) is kept; older rows are pruned hourly. */
  HISTORY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3660).default(365),
  /**
   * Ferry data sources (server/feed/sources/): `auto` (default) = BC Ferries, AIS when AIS_API_KEY is
   * set, and the simulator only while BC Ferries cannot be reached; or a comma-separated list of
   * simulator, bcferries, ais (tests and CI pin `simulator`).
   */
  FEED_SOURCE: z.string().default('auto'),
  /** Base URL of a BC Ferries API (the open-source scraper); Deckhand polls {url}/v2/. */
  BCFERRIES_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://bcferriesapi.ca')),
  /** Seconds between polls of the BC Ferries document. */
  BCFERRIES_POLL_S: z.coerce.number().int().min(5).max(3600).default(60),
  /** AIS WebSocket stream speaking aisstream.io's protocol. */
  AIS_STREAM_URL: z.preprocess(emptyToUndefined, z.url().default('wss://stream.aisstream.io/v0/stream')),
  /** aisstream.io API key; stays on the server. */
  AIS_API_KEY: optionalString,
  /**
   * Weather risk source (server/weather/): `eccc` reads Environment and Climate Change Canada's marine
   * forecasts and warnings; `none` shows no weather level. Unset: `eccc` on real ferry data, `none`
   * under the simulator (server/weather/weather-source-choice.ts).
   */
  WEATHER_SOURCE: z.preprocess(emptyToUndefined, z.enum(['eccc', 'none']).optional()),
  /** Root of the MSC Datamart (or a local stand-in); Deckhand reads {url}/{YYYYMMDD}/WXO-DD/marine_weather/pacific/{HH}/. */
  ECCC_DATAMART_URL: z.preprocess(emptyToUndefined, z.url().default('https://dd.weather.gc.ca')),
  /** Seconds between polls of the ECCC marine forecasts (issued two to four times a day). */
  ECCC_POLL_S: z.coerce.number().int().min(5).max(86_400).default(600),
  /**
   * Always mark the session cookie Secure. Without it the cookie is Secure whenever the request
   * arrived over HTTPS, directly or through a trusted proxy's X-Forwarded-Proto (see TRUST_PROXY).
   */
  COOKIE_SECURE: bool,
  /** Password of the first back-office admin, used only when no admin exists; unset = random, printed once. */
  ADMIN_INITIAL_PASSWORD: optionalString,
  /**
   * Which proxies' X-Forwarded-* headers to believe (Fastify trustProxy): true, false, or a comma
   * list of addresses/CIDRs/presets. The default believes no proxy: any peer on a private network
   * (a terminal's Wi-Fi) could otherwise name its own address and escape the per-client limits.
   * Behind a reverse proxy, name that proxy's address (docs/security.md, "Behind a reverse proxy").
   */
  TRUST_PROXY: z.string().default('false'),
  /** API requests one client (IP address) may make per minute. */
  RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(600),
  /** Writes (POST/PUT/PATCH/DELETE under /api) one rider (session, else IP) may make per minute. */
  RATE_LIMIT_WRITES_PER_RIDER: z.coerce.number().int().min(1).default(120),
  /** Test-only: hostnames push endpoints may have even though they resolve to a private address. */
  PUSH_ENDPOINT_ALLOW_HOSTS: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Optional OpenAI-compatible endpoint (e.g. https://host/v1) that phrases chat answers; off when unset. */
  AI_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  /** Outgoing e-mail (Ninja Booking, booking agent) through this SMTP server, e.g. smtp://user:pass@host:587; unset = the local mailbox table only. */
  SMTP_URL: optionalString,
  SMTP_FROM: z.string().default('Deckhand <no-reply@deckhand.invalid>'),
  /**
   * Outgoing SMS through an HTTP SMS gateway: each message is POSTed to this URL as JSON
   * {from, to, body} with `Authorization: Bearer SMS_TOKEN`; a 2xx answer is "sent". Unset = no SMS
   * (the channel is not offered to riders).
   */
  SMS_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SMS_TOKEN: optionalString,
  SMS_FROM: z.string().default('Deckhand'),
  /**
   * Who books a Ninja Booking opening when a rider turns auto-book on (server/booking-agent/booking-provider.ts):
   * `none` (default) = nobody: Deckhand finds the opening and alerts the rider, who books it, and
   * auto-book is not offered; `simulator` = the built-in reservation simulator, for tests and demos,
   * labelled as simulated everywhere (its bookings are not reservations and nothing is charged).
   */
  BOOKING_PROVIDER: z.enum(['none', 'simulator']).default('none'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  dataDir: string;
  staticDir: string;
  cookieSecure: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) {
    try {
      parseFeedSourceList(parsed.data.FEED_SOURCE);
    } catch (error) {
      throw new Error(`Invalid configuration: FEED_SOURCE: ${(error as Error).message}`, { cause: error });
    }
  }
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    staticDir: path.resolve(e.STATIC_DIR),
    cookieSecure: e.COOKIE_SECURE ?? false,
  };
}
