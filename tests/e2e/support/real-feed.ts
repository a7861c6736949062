/**
 * Deckhand on the real sources' protocols, for the end-to-end specs that must not see the simulator:
 * the fake BC Ferries document and AIS stream (tests/fixtures/fake-feed/fake-feed-server.ts) in the
 * test's own process, and a Deckhand server of its own started with
 *   FEED_SOURCE=bcferries,ais BCFERRIES_API_URL=<fake> AIS_STREAM_URL=<fake> AIS_API_KEY=x
 * on its own port and its own fresh data directory. Each spec that uses it has a slot of its own
 * (`realFeedApp(slot)`: port E2E_PORT + 51 + slot, data directory var/e2e-real-feed-<slot>), since
 * Playwright's workers run specs side by side: two specs on one port would read each other's server.
 * `stop()` ends both; a test process that dies takes the server with it.
 *
 * The recorded day is played as if it were 1:55 pm now (`playAt`), so its afternoon (a cancelled
 * Langdale sailing at 2:30 pm, full sailings at 3:00 pm) lies ahead at whatever hour the suite runs;
 * `shownClock` turns a recorded time into the time the app shows for it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { SERVICE_DAY_START_HOUR } from '@/domain/service-day';

import { startFakeFeed, type FakeFeed } from '../../fixtures/fake-feed/fake-feed-server';
import { freshDataDir } from './database-template';
import { onThisHost } from './host-speed';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * The wall-clock time the recorded day is played at. Not 2:00 pm: the Queen of Capilano comes back
 * within a berth's radius of Horseshoe Bay from about 2:02 pm, and a server whose first AIS report
 * came after that (a slow start on a loaded machine) never saw it leave on its 1:10 pm sailing, so it
 * took that sailing for one still waiting at the berth ("Delayed 51 min"). At 1:55 pm the vessel is
 * mid-crossing for eight minutes of start-up. The afternoon's sailings the specs read are all later.
 */
export const PLAY_AT = '1:55 pm';
/** Seconds between polls of the fake document (the server's minimum). */
export const POLL_S = 5;
const HEALTH_TIMEOUT_MS = onThisHost(180_000);

/** The specs that start a real-feed server, each with its own port and data directory. */
const SLOTS = ['real-feed', 'real-pages', 'vessel-without-mmsi', 'weather-risk'] as const;
export type RealFeedSlot = (typeof SLOTS)[number];

/** The port and address of the spec's own real-feed server. */
export function realFeedApp(slot: RealFeedSlot): { port: number; baseURL: string } {
  const port = Number(process.env.E2E_PORT ?? 18080) + 51 + SLOTS.indexOf(slot);
  return { port, baseURL: `http://127.0.0.1:${port}` };
}

export interface RealFeedServer {
  feed: FakeFeed;
  /** The time the app shows ("3:00 PM") for a time of the recorded day ("3:00 pm"). */
  shownClock(recorded: string): string;
  /**
   * Whether a sailing of the recorded day ("9:00 am") is in the document as played now: one moved
   * before the service day's start (3:00 am) is not, as a real document never lists yesterday. A
   * capture played as if it were now at 3:30 am puts its morning before 3:00 am.
   */
  playedToday(recorded: string): boolean;
  stop(): Promise<void>;
}

function clockText(minuteOfDay: number): string {
  const m = ((minuteOfDay % 1440) + 1440) % 1440;
  const hour = Math.floor(m / 60);
  return `${hour % 12 || 12}:${String(m % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

function recordedMinutes(recorded: string): number {
  const m = /^(\d{1,2}):(\d{2}) ([ap])m$/.exec(recorded);
  if (!m) throw new Error(`not a recorded time: ${recorded}`);
  return ((Number(m[1]) % 12) + (m[3] === 'p' ? 12 : 0)) * 60 + Number(m[2]);
}

async function healthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the real-feed server exited (${child.exitCode}):\n${output()}`);
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the real-feed server did not answer within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output()}`);
}

async function firstDocumentRead(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const sailings = (await fetch(`${url}/api/sailings`)
      .then((r) => r.json())
      .catch(() => [])) as unknown[];
    if (sailings.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the real-feed server read no sailings from the fake BC Ferries document');
}

export interface RealFeedOptions {
  /** The spec's slot: its own port and data directory. */
  slot: RealFeedSlot;
  /**
   * The fake's fixture (default "day", played at PLAY_AT). A document generated from a real page
   * ("real-tsa-swb") plays by default as if the moment of its capture were now.
   */
  fixture?: string;
  playAt?: string;
}

/**
 * The environment of a production server a spec starts itself (`node --import tsx server/main.ts`):
 * its own port and DATA_DIR, the realtime emulator on a free port, a one-second feed tick, and a
 * per-client rate limit the spec's one address cannot reach. The feed's sources are the spec's to add.
 */
export function ownServerEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FIREBASE_EMULATOR_PORT: '0',
    FEED_TICK_MS: '1000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    RATE_LIMIT_PER_CLIENT: '60000',
  };
}

export async function startRealFeedServer(opts: RealFeedOptions): Promise<RealFeedServer> {
  const { port, baseURL } = realFeedApp(opts.slot);
  // Something already answering there (a server left over from an earlier run) would be read instead.
  const stale = await fetch(`${baseURL}/api/health`)
    .then(() => true)
    .catch(() => false);
  if (stale) throw new Error(`port ${port} already answers: stop what listens there before the ${opts.slot} spec`);
  const feed = await startFakeFeed({
    fixture: opts.fixture,
    playAt: opts.playAt ?? (opts.fixture ? undefined : PLAY_AT),
    aisIntervalMs: 2_000,
  });
  const dataDir = freshDataDir(`e2e-real-feed-${opts.slot}`);
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...ownServerEnv(port, dataDir),
      FEED_SOURCE: 'bcferries,ais',
      BCFERRIES_API_URL: feed.url,
      BCFERRIES_POLL_S: String(POLL_S),
      AIS_STREAM_URL: feed.aisUrl,
      AIS_API_KEY: 'x',
      // The fake serves ECCC's marine forecasts too (tests/fixtures/fake-feed/fake-weather.ts).
      ECCC_DATAMART_URL: feed.url,
    },
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await feed.close();
  };
  try {
    await healthy(baseURL, child, () => log);
    await firstDocumentRead(baseURL);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    feed,
    shownClock: (recorded) => clockText(recordedMinutes(recorded) + feed.shiftMinutes),
    playedToday: (recorded) => recordedMinutes(recorded) + feed.shiftMinutes >= SERVICE_DAY_START_HOUR * 60,
    stop,
  };
}
