/**
 * The `eccc` weather source: polls Environment and Climate Change Canada's MSC Datamart for the
 * Pacific marine forecasts of the areas Deckhand's routes cross (src/domain/weather-risk.ts
 * MARINE_SITE_CODES) every ECCC_POLL_S (default 600; ECCC issues two to four times a day, more when
 * warnings change), with the ferry feed's discipline (server/feed/sources/bcferries-source.ts):
 *
 * - each request is bounded in time (10 s) and size (listing and document 1 MB; a real document is a
 *   few KB) by server/feed/sources/bounded-fetch.ts;
 * - where: `{ECCC_DATAMART_URL}/{YYYYMMDD}/WXO-DD/marine_weather/pacific/{HH}/` (the Datamart's dated
 *   tree, UTC), newest hour first, back to the hour 24 hours before, until every site's newest
 *   English file (`…_MSC_MarineWeather_{site}_en.xml`) is found; a file already read is not fetched
 *   again;
 * - an outage (an error, a timeout, a body too large, a document that is not a marine forecast)
 *   keeps every area's last good forecast with its issue time and the time it was read, is counted,
 *   logged once when it starts and once when it ends, and nothing stands in for it: an area never
 *   read has no forecast, never an invented calm.
 */
import { MARINE_SITE_CODES, type MarineAreaForecast } from '@/domain/weather-risk';

import { fetchTextBounded } from '../feed/sources/bounded-fetch';
import { pollLoop } from '../feed/sources/poll-loop';
import { newestFileIn, readEcccDocument } from './eccc-document';

export const ECCC_TIMEOUT_MS = 10_000;
export const ECCC_MAX_BYTES = 1024 * 1024;
const HOUR = 3_600_000;
const LOOKBACK_HOURS = 24;

export interface WeatherLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface WeatherSourceHealth {
  /** When a poll last ended with every file it needed read (ms), if ever. */
  lastGoodAt?: number;
  /** Since when polls have failed (ms), while they do. */
  outageSince?: number;
  problem?: string;
  /** Polls that failed since the process started. */
  failures: number;
}

export interface WeatherSource {
  readonly name: 'eccc';
  /** Every area's last good forecast. */
  forecasts(): readonly MarineAreaForecast[];
  health(): WeatherSourceHealth;
  pollOnce(): Promise<void>;
  onUpdate(listener: () => void): () => void;
  start(): void;
  stop(): void;
}

export interface EcccSourceOptions {
  baseUrl: string;
  pollMs: number;
  timeoutMs?: number;
  maxBytes?: number;
  now?: () => number;
  log: WeatherLog;
  /** Site codes to read (default: those of the routes' areas). */
  siteCodes?: readonly string[];
}

const pad = (n: number) => String(n).padStart(2, '0');

export function createEcccSource(opts: EcccSourceOptions): WeatherSource {
  const clock = opts.now ?? Date.now;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const sites = opts.siteCodes ?? [...new Set(Object.values(MARINE_SITE_CODES))];
  const bounds = { timeoutMs: opts.timeoutMs ?? ECCC_TIMEOUT_MS, maxBytes: opts.maxBytes ?? ECCC_MAX_BYTES };
  const listeners = new Set<() => void>();
  /** Per site: the file last read and what it said. */
  const bySite = new Map<string, { file: string; forecasts: MarineAreaForecast[] }>();
  let health: WeatherSourceHealth = { failures: 0 };

  function fail(problem: string, at: number): void {
    health = { ...health, failures: health.failures + 1, problem };
    if (health.outageSince !== undefined) return;
    health.outageSince = at;
    const kept = bySite.size === 0 ? 'no forecast yet' : `keeping the forecasts read before`;
    opts.log.warn(`ECCC marine forecasts unavailable (${problem}); ${kept}, nothing stands in for them`);
  }

  function hourDir(at: number): string {
    const d = new Date(at);
    const day = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
    return `${base}/${day}/WXO-DD/marine_weather/pacific/${pad(d.getUTCHours())}/`;
  }

  async function poll(): Promise<void> {
    const started = clock();
    const newest = new Map<string, string>();
    const missing = () => sites.filter((s) => !newest.has(s));
    // Hour directories 0…LOOKBACK_HOURS back: the oldest one holds files up to that many hours old in
    // its later minutes (at 5:10 a file of yesterday's 5:30 is 23 h 40 min old).
    for (let back = 0; back <= LOOKBACK_HOURS && missing().length > 0; back += 1) {
      const dir = hourDir(started - back * HOUR);
      const listing = await fetchTextBounded(dir, { ...bounds, accept: 'text/html' });
      if (!listing.ok) {
        // An hour not published yet (or gone) answers 404: look further back. Anything else is an outage.
        if (listing.problem === 'HTTP 404') continue;
        return fail(listing.problem, started);
      }
      for (const site of missing()) {
        const file = newestFileIn(listing.text, site);
        if (file) newest.set(site, `${dir}${file}`);
      }
    }
    let changed = false;
    for (const [site, url] of newest) {
      if (bySite.get(site)?.file === url) continue;
      const document = await fetchTextBounded(url, { ...bounds, accept: 'application/xml' });
      if (!document.ok) return fail(document.problem, started);
      const reading = readEcccDocument(document.text, site);
      if (!reading.ok) return fail(`${url.slice(url.lastIndexOf('/') + 1)}: ${reading.problem}`, started);
      bySite.set(site, { file: url, forecasts: reading.forecasts });
      changed = true;
    }
    const at = clock();
    if (newest.size === 0) return fail(`no forecast file in the last ${LOOKBACK_HOURS} hours`, started);
    if (health.outageSince !== undefined)
      opts.log.info(`ECCC marine forecasts back after ${Math.round((at - health.outageSince) / 1000)} s`);
    health = { failures: health.failures, lastGoodAt: at };
    if (changed) for (const listener of [...listeners]) listener();
  }

  const loop = pollLoop(
    poll,
    (error: unknown) => fail(error instanceof Error ? error.message : String(error), clock()),
    opts.pollMs,
  );

  return {
    name: 'eccc',
    forecasts: () => [...bySite.values()].flatMap((s) => s.forecasts),
    health: () => health,
    pollOnce: loop.pollOnce,
    onUpdate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: loop.start,
    stop: loop.stop,
  };
}
