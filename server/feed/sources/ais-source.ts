/**
 * The `ais` source: vessel positions from a WebSocket stream speaking aisstream.io's protocol
 * (`AIS_STREAM_URL`, `AIS_API_KEY`; the key stays on the server). On every connection it sends,
 * at once (the service drops a socket not subscribed within 3 s),
 *   {APIKey, BoundingBoxes: [[[lat, lng], [lat, lng]]], FiltersShipMMSI: [...], FilterMessageTypes: ["PositionReport"]}
 * and reads what aisstream sends (real captures: tests/fixtures/ais/):
 * - `PositionReport` messages: {MessageType, MetaData: {MMSI, MMSI_String, ShipName, latitude,
 *   longitude, time_utc}, Message: {PositionReport: {Sog, Cog, TrueHeading, NavigationalStatus,
 *   Latitude, Longitude, UserID, …}}}. A report is kept when its MMSI is a fleet vessel's; nothing
 *   else identifies a vessel (the subscription asks for the fleet's MMSIs, so the stream sends no
 *   other vessel to match by name; docs/feed.md). `ShipName` is padded with spaces or `@` (AIS's
 *   6-bit text) and is only compared with the fleet's name to flag a table that looks wrong.
 * - `{"error": "…"}` frames ("Api Key Is Not Valid", "Subscription Object Is Malformed"), after
 *   which the service closes the socket: the text is logged (once per refusal) and kept in
 *   `status().lastError`, and the stream is retried slowly (REFUSED_BACKOFF_FIRST_MS doubling to
 *   REFUSED_BACKOFF_MAX_MS), never hammered.
 * Values are range-checked before they become a figure or a time: latitude, longitude (AIS "not
 * available" 91/181 and 0,0 dropped), speed (0 to under 102.3 kn), course (0 to under 360), MMSI (9
 * digits), and the report time (`time_utc` more than MAX_CLOCK_SKEW_MS from our clock is replaced
 * by the time we received it; never in the future).
 *
 * Faults: a frame over AIS_MAX_MESSAGE_BYTES closes the socket (ws's maxPayload), garbage is
 * ignored and counted, a flood costs one parse per message and at most one feed update per
 * UPDATE_EVERY_MS, and a lost connection is retried with backoff (1 s doubling to 60 s, reset once
 * a connection delivers a message). A stream connected but silent for `silentAfterMs` (3 minutes)
 * is reconnected and its positions are marked `stale` (shown as "position unknown since …"). A
 * vessel silent for over ten minutes keeps its last position and time; clients show "position
 * unknown since …". Nothing a message holds can throw out of the handlers: a failure is logged,
 * counted in `status().failures` and the last good positions kept.
 */
import WebSocket from 'ws';
import { z } from 'zod';

import type { VesselPosition } from '@/domain/vessel-position';

import { FLEET_TABLE, vesselByMmsi, type FleetVessel } from '../fleet-table';
import type { FeedLog } from './bcferries-source';
import { updateListeners, type FeedSource, type SourceStatus } from './feed-source';

/** The Salish Sea, the southern Strait of Georgia and Howe Sound: every route Deckhand shows. */
export const AIS_BOUNDING_BOX: [[number, number], [number, number]] = [
  [48.3, -124.4],
  [49.75, -122.9],
];
/** A position report is a few hundred bytes; a frame past this is not one. */
export const AIS_MAX_MESSAGE_BYTES = 64 * 1024;
/** A stream connected but silent this long is reconnected (the fleet reports every few seconds under way). */
export const AIS_SILENT_AFTER_MS = 3 * 60_000;
/** After the service refuses the subscription (`{"error": …}`), the first retry waits this long… */
export const REFUSED_BACKOFF_FIRST_MS = 5 * 60_000;
/** …doubling to this. */
export const REFUSED_BACKOFF_MAX_MS = 60 * 60_000;
/** A report time further than this from our clock is not believed (aisstream stamps reception). */
export const MAX_CLOCK_SKEW_MS = 10 * 60_000;
const UPDATE_EVERY_MS = 1_000;
const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

const positionReportSchema = z.object({
  MessageType: z.literal('PositionReport'),
  MetaData: z.object({
    MMSI: z.number().int().min(100_000_000).max(999_999_999),
    ShipName: z.string().max(120).optional(),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
    time_utc: z.string().max(80).optional(),
  }),
  Message: z.object({
    PositionReport: z.object({
      Sog: z.number().optional(),
      Cog: z.number().optional(),
      TrueHeading: z.number().optional(),
      NavigationalStatus: z.number().int().min(0).max(15).optional(),
      Latitude: z.number().min(-90).max(90),
      Longitude: z.number().min(-180).max(180),
    }),
  }),
});

const errorFrameSchema = z.object({ error: z.string() });

/** aisstream's "2026-07-10 19:02:11.123456789 +0000 UTC" (or an ISO instant) → ms; undefined when unreadable. */
export function aisTime(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?/.exec(value.trim());
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]}T${m[2]}${m[3] ? m[3].slice(0, 4) : ''}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** An AIS text field without its padding: trailing `@` (6-bit "no character") and spaces, inner runs of spaces. */
export function cleanAisText(value: string): string {
  return value
    .replace(/[@\s]+$/u, '')
    .replace(/^\s+/u, '')
    .replace(/\s+/gu, ' ');
}

/** The report time, believed only near our clock (a transmitter's or relay's clock can be anything). */
function observedTime(timeUtc: string | undefined, receivedAt: number): number {
  const at = aisTime(timeUtc);
  if (at === undefined || Math.abs(at - receivedAt) > MAX_CLOCK_SKEW_MS) return receivedAt;
  // Never in the future: a clock ahead of ours must not make a position look fresh.
  return Math.min(at, receivedAt);
}

export interface AisReading {
  position: VesselPosition;
  /** The ship name the message carried, without padding ("" when none). */
  shipName: string;
}

/** One AIS message → a fleet vessel's position (and the name it gave), or undefined when it is not one. */
export function readPositionReport(raw: unknown, receivedAt: number): AisReading | undefined {
  const parsed = positionReportSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const { MetaData: meta, Message } = parsed.data;
  const report = Message.PositionReport;
  const vessel: FleetVessel | undefined = vesselByMmsi(meta.MMSI);
  if (!vessel) return undefined;
  // AIS "not available" values: Sog 102.3, Cog 360, latitude 91 / longitude 181 (the schema), and 0,0.
  if (report.Latitude === 0 && report.Longitude === 0) return undefined;
  const observed = observedTime(meta.time_utc, receivedAt);
  return {
    shipName: cleanAisText(meta.ShipName ?? ''),
    position: {
      vesselId: vessel.id,
      name: vessel.name,
      mmsi: meta.MMSI,
      lat: report.Latitude,
      lng: report.Longitude,
      ...(report.Sog !== undefined && report.Sog >= 0 && report.Sog < 102.3 ? { speedKnots: report.Sog } : {}),
      ...(report.Cog !== undefined && report.Cog >= 0 && report.Cog < 360 ? { courseDeg: report.Cog } : {}),
      ...(report.NavigationalStatus !== undefined ? { navStatus: report.NavigationalStatus } : {}),
      source: 'ais',
      observedAt: new Date(observed).toISOString(),
    },
  };
}

/** One AIS message → a fleet vessel's position, or undefined when it is not one (or not ours). */
export function positionFromMessage(raw: unknown, receivedAt: number): VesselPosition | undefined {
  return readPositionReport(raw, receivedAt)?.position;
}

/** The fleet's MMSIs: what the subscription asks for, and so all the stream sends. */
export function subscribedMmsis(): number[] {
  return FLEET_TABLE.flatMap((v) => (v.mmsi === undefined ? [] : [v.mmsi]));
}

/** The subscription aisstream expects, sent on every connection. */
export function subscriptionMessage(apiKey: string): string {
  return JSON.stringify({
    APIKey: apiKey,
    BoundingBoxes: [AIS_BOUNDING_BOX],
    FiltersShipMMSI: subscribedMmsis().map(String),
    FilterMessageTypes: ['PositionReport'],
  });
}

/** A vessel the stream has reported, for the feed status. */
export interface AisVesselHeard {
  mmsi: number;
  vesselId: string;
  /** The fleet table's name. */
  name: string;
  /** The name its last message carried, padding removed ("" when none). */
  shipName: string;
  /** When we last received a report of it (ISO). */
  lastHeardAt: string;
}

/** What the AIS source has seen, for the feed status (GET /api/feed/status) and the log. */
export interface AisSourceStatus {
  /** True while a subscribed connection is open. */
  connected: boolean;
  /** The MMSIs the subscription asks for (the fleet table's). */
  subscribedMmsis: number[];
  /** Fleet vessels without an MMSI: they get no position. */
  vesselsWithoutMmsi: string[];
  /** Every fleet vessel heard from since the source started, by MMSI order. */
  vesselsHeard: AisVesselHeard[];
  /** When the last message of any kind arrived (ISO), if ever. */
  lastMessageAt?: string;
  /** The last error: the service's `{"error"}` text, a connection failure or a silent stream. */
  lastError?: { at: string; text: string };
  /** While the service refuses the subscription: its text ("Api Key Is Not Valid"). */
  refused?: string;
  /** When the next connection attempt is due (ISO), while not connected. */
  nextAttemptAt?: string;
  messages: number;
  /** Messages that were not a fleet vessel's readable position report. */
  ignored: number;
  /** Messages whose handling threw (logged; the last good positions were kept). */
  failures: number;
  /** Connections closed because the stream went silent. */
  silentReconnects: number;
  /** Fleet MMSIs whose messages carry another vessel's name: the table may be wrong there. */
  nameMismatches: { mmsi: number; expected: string; shipName: string }[];
}

export interface AisSourceOptions {
  url: string;
  apiKey: string;
  /** The data clock (report times, positions); default Date.now. */
  now?: () => number;
  log: FeedLog;
  maxMessageBytes?: number;
  /** Silence after which a connected stream is reconnected; default AIS_SILENT_AFTER_MS. */
  silentAfterMs?: number;
  /** First wait after the service refuses the subscription; default REFUSED_BACKOFF_FIRST_MS. */
  refusedBackoffMs?: number;
}

export interface AisSource extends FeedSource {
  vessels(): readonly VesselPosition[];
  /** True while a subscribed connection is open. */
  connected(): boolean;
  /** The stream's own figures (the feed status's AIS fields come from them through `status`). */
  streamStatus(): AisSourceStatus;
}

export function createAisSource(opts: AisSourceOptions): AisSource {
  const clock = opts.now ?? Date.now;
  const silentAfterMs = opts.silentAfterMs ?? AIS_SILENT_AFTER_MS;
  const refusedFirstMs = opts.refusedBackoffMs ?? REFUSED_BACKOFF_FIRST_MS;
  const listeners = updateListeners((error) => opts.log.warn(`AIS feed listener failed: ${String(error)}`));
  const positions = new Map<string, VesselPosition>();
  const heard = new Map<number, AisVesselHeard>();
  const mismatches = new Map<number, AisSourceStatus['nameMismatches'][number]>();
  const subscribed = subscribedMmsis();
  const withoutMmsi = FLEET_TABLE.filter((v) => v.mmsi === undefined).map((v) => v.name);
  let list: VesselPosition[] = [];
  let socket: WebSocket | undefined;
  let open = false;
  let stopped = true;
  let backoff = BACKOFF_FIRST_MS;
  let refusedBackoff = refusedFirstMs;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let updateTimer: NodeJS.Timeout | undefined;
  let silenceTimer: NodeJS.Timeout | undefined;
  let dirty = false;
  let outageLogged = false;
  let lastMessageAt: number | undefined;
  let lastChangeAt: number | undefined;
  // Silence is measured on the process's own monotonic clock, not the (injectable) data clock.
  let lastHeardMono = 0;
  let lastError: AisSourceStatus['lastError'];
  let refused: string | undefined;
  let nextAttemptAt: number | undefined;
  let messages = 0;
  let ignored = 0;
  let failures = 0;
  let silentReconnects = 0;

  function noteError(text: string): void {
    lastError = { at: new Date(clock()).toISOString(), text };
  }

  function flush(): void {
    updateTimer = undefined;
    if (!dirty) return;
    dirty = false;
    list = [...positions.values()].sort((a, b) => a.vesselId.localeCompare(b.vesselId));
    listeners.emit();
  }

  function markDirty(): void {
    dirty = true;
    if (!updateTimer) {
      updateTimer = setTimeout(flush, UPDATE_EVERY_MS);
      updateTimer.unref();
    }
  }

  function take(reading: AisReading, receivedAt: number): void {
    const { position, shipName } = reading;
    const mmsi = position.mmsi ?? 0;
    heard.set(mmsi, {
      mmsi,
      vesselId: position.vesselId,
      name: position.name,
      shipName,
      lastHeardAt: new Date(receivedAt).toISOString(),
    });
    if (shipName && shipName.toLowerCase() !== position.name.toLowerCase() && !mismatches.has(mmsi)) {
      mismatches.set(mmsi, { mmsi, expected: position.name, shipName });
      opts.log.warn(
        `AIS: MMSI ${mmsi} reports itself as "${shipName}", the fleet table has it as ${position.name}; check the table`,
      );
    }
    const previous = positions.get(position.vesselId);
    if (previous && !previous.stale && previous.observedAt > position.observedAt) return;
    positions.set(position.vesselId, position);
    lastChangeAt = receivedAt;
    markDirty();
  }

  /** Every position the silent stream carried is no longer current (clients say "position unknown since …"). */
  function markAllStale(): void {
    let changed = false;
    for (const [id, position] of positions) {
      if (position.stale) continue;
      positions.set(id, { ...position, stale: true });
      changed = true;
    }
    if (changed) markDirty();
  }

  function scheduleReconnect(reason: string, wasRefused: boolean): void {
    open = false;
    socket = undefined;
    if (silenceTimer) clearTimeout(silenceTimer);
    silenceTimer = undefined;
    if (stopped) return;
    let delay: number;
    if (wasRefused) {
      delay = refusedBackoff;
      refusedBackoff = Math.min(REFUSED_BACKOFF_MAX_MS, refusedBackoff * 2);
    } else {
      delay = backoff;
      backoff = Math.min(BACKOFF_MAX_MS, backoff * 2);
      if (!outageLogged) {
        opts.log.warn(
          `AIS stream unavailable (${reason}); vessels keep their last positions and times, retrying with backoff`,
        );
        outageLogged = true;
      }
    }
    nextAttemptAt = clock() + delay;
    reconnectTimer = setTimeout(connect, delay);
    reconnectTimer.unref();
  }

  function watchSilence(ws: WebSocket, closeOnce: (reason: string, refusedNow?: boolean) => void): void {
    const check = () => {
      silenceTimer = undefined;
      if (socket !== ws || stopped) return;
      const quietMs = performance.now() - lastHeardMono;
      if (quietMs < silentAfterMs) {
        silenceTimer = setTimeout(check, silentAfterMs - quietMs);
        silenceTimer.unref();
        return;
      }
      silentReconnects += 1;
      const text = `stream connected but silent for ${Math.round(quietMs / 1000)} s`;
      noteError(text);
      opts.log.warn(`AIS ${text}: reconnecting; its positions are marked stale`);
      markAllStale();
      closeOnce(text);
    };
    silenceTimer = setTimeout(check, silentAfterMs);
    silenceTimer.unref();
  }

  function handleMessage(data: WebSocket.RawData, isBinary: boolean): 'refused' | undefined {
    const receivedAt = clock();
    messages += 1;
    lastMessageAt = receivedAt;
    lastHeardMono = performance.now();
    let raw: unknown;
    try {
      raw = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString());
    } catch {
      ignored += 1;
      return undefined;
    }
    const error = errorFrameSchema.safeParse(raw);
    if (error.success) {
      const text = cleanAisText(error.data.error).slice(0, 200) || '(empty error)';
      noteError(text);
      if (refused !== text)
        opts.log.warn(
          `AIS stream refused the subscription: "${text}" (check AIS_API_KEY); retrying in ${Math.round(refusedBackoff / 60_000)} min`,
        );
      refused = text;
      return 'refused';
    }
    const reading = readPositionReport(raw, receivedAt);
    if (!reading) {
      ignored += 1;
      return undefined;
    }
    // A message read: the subscription is accepted and the stream flows.
    if (refused !== undefined) opts.log.info('AIS stream accepted the subscription again');
    refused = undefined;
    backoff = BACKOFF_FIRST_MS;
    refusedBackoff = refusedFirstMs;
    if (outageLogged) opts.log.info('AIS stream connected again');
    outageLogged = false;
    take(reading, receivedAt);
    return undefined;
  }

  function connect(): void {
    reconnectTimer = undefined;
    nextAttemptAt = undefined;
    if (stopped) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(opts.url, {
        maxPayload: opts.maxMessageBytes ?? AIS_MAX_MESSAGE_BYTES,
        handshakeTimeout: 10_000,
      });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      noteError(text);
      scheduleReconnect(text, false);
      return;
    }
    socket = ws;
    let closed = false;
    let refusedHere = false;
    const closeOnce = (reason: string) => {
      if (closed) return;
      closed = true;
      ws.terminate();
      if (!refusedHere && reason !== lastError?.text) noteError(reason);
      scheduleReconnect(reason, refusedHere);
    };
    ws.on('open', () => {
      try {
        ws.send(subscriptionMessage(opts.apiKey));
        open = true;
        lastHeardMono = performance.now();
        watchSilence(ws, closeOnce);
      } catch (error) {
        failures += 1;
        closeOnce(`subscription not sent: ${String(error)}`);
      }
    });
    ws.on('message', (data, isBinary) => {
      try {
        if (handleMessage(data, isBinary) === 'refused') {
          refusedHere = true;
          closeOnce(refused ?? 'refused');
        }
      } catch (error) {
        failures += 1;
        opts.log.warn(`AIS message could not be handled (kept the last positions): ${String(error)}`);
      }
    });
    ws.on('error', (error) => closeOnce(error.message));
    ws.on('close', (code) => closeOnce(`closed (${code})`));
  }

  function streamStatus(): AisSourceStatus {
    return {
      connected: open,
      subscribedMmsis: [...subscribed],
      vesselsWithoutMmsi: [...withoutMmsi],
      vesselsHeard: [...heard.values()].sort((a, b) => a.mmsi - b.mmsi),
      ...(lastMessageAt === undefined ? {} : { lastMessageAt: new Date(lastMessageAt).toISOString() }),
      ...(lastError ? { lastError } : {}),
      ...(refused === undefined ? {} : { refused }),
      ...(nextAttemptAt === undefined ? {} : { nextAttemptAt: new Date(nextAttemptAt).toISOString() }),
      messages,
      ignored,
      failures,
      silentReconnects,
      nameMismatches: [...mismatches.values()],
    };
  }

  return {
    name: 'ais',
    vessels: () => list,
    onUpdate: listeners.add,
    connected: () => open,
    status(): SourceStatus {
      const stream = streamStatus();
      return {
        ...(lastMessageAt === undefined ? {} : { lastSuccessAt: lastMessageAt }),
        ...(lastChangeAt === undefined ? {} : { lastChangeAt }),
        ...(stream.lastError
          ? { lastError: { at: Date.parse(stream.lastError.at), message: stream.lastError.text } }
          : {}),
        mmsisSubscribed: stream.subscribedMmsis,
        vesselsHeard: stream.vesselsHeard.map((v) => ({
          mmsi: v.mmsi,
          name: v.name,
          lastHeardAt: Date.parse(v.lastHeardAt),
        })),
      };
    },
    streamStatus,
    start() {
      if (!stopped) return;
      stopped = false;
      connect();
    },
    stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (updateTimer) clearTimeout(updateTimer);
      if (silenceTimer) clearTimeout(silenceTimer);
      reconnectTimer = undefined;
      updateTimer = undefined;
      silenceTimer = undefined;
      nextAttemptAt = undefined;
      socket?.terminate();
      socket = undefined;
      open = false;
    },
  };
}
