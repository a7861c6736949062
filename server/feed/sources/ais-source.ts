/**
 * The `ais` source: vessel positions from a WebSocket stream speaking aisstream.io's protocol
 * (`AIS_STREAM_URL`, `AIS_API_KEY`; the key stays on the server). On every connection it sends,
 * at once (the service drops a socket not subscribed within 3 s),
 *   {APIKey, BoundingBoxes: [[[lat, lng], [lat, lng]]], FiltersShipMMSI: [...], FilterMessageTypes: ["PositionReport"]}
 * and reads `PositionReport` messages: {MessageType, MetaData: {MMSI, ShipName, latitude,
 * longitude, time_utc}, Message: {PositionReport: {Sog, Cog, TrueHeading, NavigationalStatus,
 * Latitude, Longitude}}}. A report is kept when its MMSI is in the fleet table, or its ship name
 * names a vessel of the table (vessels whose MMSI is unverified); anything else is ignored.
 *
 * Faults: a frame over AIS_MAX_MESSAGE_BYTES closes the socket (ws's maxPayload), garbage is
 * ignored, a flood costs one parse per message and at most one feed update per UPDATE_EVERY_MS,
 * and a lost or refused connection is retried with backoff (1 s doubling to 60 s). A vessel silent
 * for over ten minutes keeps its last position and time; clients show "position unknown since …".
 */
import WebSocket from 'ws';
import { z } from 'zod';

import type { VesselPosition } from '@/domain/vessel-position';

import { FLEET_TABLE, vesselByMmsi, vesselByName, type FleetVessel } from '../fleet-table';
import type { FeedLog } from './bcferries-source';
import { updateListeners, type FeedSource, type SourceStatus } from './feed-source';

/** The Salish Sea, the southern Strait of Georgia and Howe Sound: every route Deckhand shows. */
export const AIS_BOUNDING_BOX: [[number, number], [number, number]] = [
  [48.3, -124.4],
  [49.75, -122.9],
];
/** A position report is a few hundred bytes; a frame past this is not one. */
export const AIS_MAX_MESSAGE_BYTES = 64 * 1024;
const UPDATE_EVERY_MS = 1_000;
const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

const positionReportSchema = z.object({
  MessageType: z.literal('PositionReport'),
  MetaData: z.object({
    MMSI: z.number().int(),
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
      NavigationalStatus: z.number().int().optional(),
      Latitude: z.number().min(-90).max(90),
      Longitude: z.number().min(-180).max(180),
    }),
  }),
});

/** aisstream's "2026-07-10 19:02:11.123456789 +0000 UTC" (or an ISO instant) → ms; undefined when unreadable. */
export function aisTime(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?/.exec(value.trim());
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]}T${m[2]}${m[3] ? m[3].slice(0, 4) : ''}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** One AIS message → a fleet vessel's position, or undefined when it is not one (or not ours). */
export function positionFromMessage(raw: unknown, receivedAt: number): VesselPosition | undefined {
  const parsed = positionReportSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const { MetaData: meta, Message } = parsed.data;
  const report = Message.PositionReport;
  const vessel: FleetVessel | undefined =
    vesselByMmsi(meta.MMSI) ?? (meta.ShipName ? vesselByName(meta.ShipName) : undefined);
  if (!vessel) return undefined;
  // AIS "not available" values: Sog 102.3, Cog 360, latitude 91 / longitude 181.
  if (
    Math.abs(report.Latitude) > 90 ||
    Math.abs(report.Longitude) > 180 ||
    (report.Latitude === 0 && report.Longitude === 0)
  )
    return undefined;
  const observed = aisTime(meta.time_utc) ?? receivedAt;
  return {
    vesselId: vessel.id,
    name: vessel.name,
    mmsi: meta.MMSI,
    lat: report.Latitude,
    lng: report.Longitude,
    ...(report.Sog !== undefined && report.Sog >= 0 && report.Sog < 102.3 ? { speedKnots: report.Sog } : {}),
    ...(report.Cog !== undefined && report.Cog >= 0 && report.Cog < 360 ? { courseDeg: report.Cog } : {}),
    ...(report.NavigationalStatus !== undefined ? { navStatus: report.NavigationalStatus } : {}),
    source: 'ais',
    // Never in the future: a transmitter's clock ahead of ours must not make a position look fresh.
    observedAt: new Date(Math.min(observed, receivedAt)).toISOString(),
  };
}

/** The MMSIs the subscription asks for: every fleet vessel with a known MMSI. */
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

export interface AisSourceOptions {
  url: string;
  apiKey: string;
  now?: () => number;
  log: FeedLog;
  maxMessageBytes?: number;
}

export interface AisSource extends FeedSource {
  vessels(): readonly VesselPosition[];
  /** True while a subscribed connection is open. */
  connected(): boolean;
}

export function createAisSource(opts: AisSourceOptions): AisSource {
  const clock = opts.now ?? Date.now;
  const listeners = updateListeners();
  const positions = new Map<string, VesselPosition>();
  let list: VesselPosition[] = [];
  let socket: WebSocket | undefined;
  let open = false;
  let stopped = true;
  let backoff = BACKOFF_FIRST_MS;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let updateTimer: NodeJS.Timeout | undefined;
  let dirty = false;
  let outageLogged = false;
  let lastError: SourceStatus['lastError'];
  let lastHeardAt: number | undefined;
  let lastChangeAt: number | undefined;

  function flush(): void {
    updateTimer = undefined;
    if (!dirty) return;
    dirty = false;
    list = [...positions.values()].sort((a, b) => a.vesselId.localeCompare(b.vesselId));
    lastChangeAt = clock();
    listeners.emit();
  }

  function take(position: VesselPosition): void {
    const previous = positions.get(position.vesselId);
    if (previous && previous.observedAt > position.observedAt) return;
    positions.set(position.vesselId, position);
    dirty = true;
    if (!updateTimer) {
      updateTimer = setTimeout(flush, UPDATE_EVERY_MS);
      updateTimer.unref();
    }
  }

  function scheduleReconnect(reason: string): void {
    if (!stopped) lastError = { at: clock(), message: reason };
    open = false;
    socket = undefined;
    if (stopped) return;
    if (!outageLogged) {
      opts.log.warn(
        `AIS stream unavailable (${reason}); vessels keep their last positions and times, retrying with backoff`,
      );
      outageLogged = true;
    }
    reconnectTimer = setTimeout(connect, backoff);
    reconnectTimer.unref();
    backoff = Math.min(BACKOFF_MAX_MS, backoff * 2);
  }

  function connect(): void {
    reconnectTimer = undefined;
    if (stopped) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(opts.url, {
        maxPayload: opts.maxMessageBytes ?? AIS_MAX_MESSAGE_BYTES,
        handshakeTimeout: 10_000,
      });
    } catch (error) {
      scheduleReconnect(error instanceof Error ? error.message : String(error));
      return;
    }
    socket = ws;
    let closed = false;
    const closeOnce = (reason: string) => {
      if (closed) return;
      closed = true;
      ws.terminate();
      scheduleReconnect(reason);
    };
    ws.on('open', () => {
      ws.send(subscriptionMessage(opts.apiKey));
      open = true;
      backoff = BACKOFF_FIRST_MS;
      if (outageLogged) opts.log.info('AIS stream connected again');
      outageLogged = false;
    });
    ws.on('message', (data, isBinary) => {
      let raw: unknown;
      try {
        raw = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString());
      } catch {
        return;
      }
      const receivedAt = clock();
      const position = positionFromMessage(raw, receivedAt);
      if (position) {
        lastHeardAt = receivedAt;
        take(position);
      }
    });
    ws.on('error', (error) => closeOnce(error.message));
    ws.on('close', (code) => closeOnce(`closed (${code})`));
  }

  return {
    name: 'ais',
    vessels: () => list,
    onUpdate: listeners.add,
    connected: () => open,
    status: () => ({
      ...(lastHeardAt !== undefined ? { lastSuccessAt: lastHeardAt } : {}),
      ...(lastChangeAt !== undefined ? { lastChangeAt } : {}),
      ...(lastError ? { lastError } : {}),
      mmsisSubscribed: subscribedMmsis(),
      vesselsHeard: [...positions.values()].flatMap((p) =>
        p.mmsi === undefined ? [] : [{ mmsi: p.mmsi, name: p.name, lastHeardAt: Date.parse(p.observedAt) }],
      ),
    }),
    start() {
      if (!stopped) return;
      stopped = false;
      connect();
    },
    stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (updateTimer) clearTimeout(updateTimer);
      reconnectTimer = undefined;
      updateTimer = undefined;
      socket?.terminate();
      socket = undefined;
      open = false;
    },
  };
}
