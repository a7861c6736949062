/**
 * The realtime channel at /ws (rider-core §7): on connect the socket gets
 * `{"type":"ferries","data":[…]}`, and after every feed change every open socket gets
 * `{"type":"ferry_update","data":[…]}`. Beside the ferries, the feed's two other streams: the sailings
 * of the live window (today's and tomorrow's service days; GET /api/sailings serves later days) as a
 * snapshot on connect and on `{"type":"sailings_resync"}`, then as `sailings_changed` messages carrying
 * only what changed (src/domain/sailing-changes.ts, ./sailings-stream.ts); and on connect and after
 * every change `{"type":"vessels","data":VesselPosition[]}`; and on connect and whenever it changes
 * (the simulator standing in or not, the BC Ferries document turning stale or live)
 * `{"type":"feed_status","data":FeedStatus}` (src/domain/feed-status.ts), so home says at once that
 * it shows a simulated day, and stops saying it when real data arrives.
 *
 * Built for many clients: each message is serialised once per change, and the messages of one change
 * are framed once and written to every socket in one write (./fan-out.ts); a socket that has fallen
 * behind skips messages and gets the latest once drained, one that is closed, stops answering pings
 * (checked every WS_PING_INTERVAL_MS) or falls more than WS_MAX_BUFFERED_BYTES behind is dropped
 * rather than buffered without bound. Client messages are optional: `{"type":"ping"}` is answered with
 * `{"type":"pong","data":null}` (browsers cannot see protocol pings), `{"type":"sailings_resync"}` with the
 * sailings snapshot; anything unparseable is logged and ignored.
 * A socket sending more than WS_CLIENT_MESSAGES_PER_WINDOW messages a window is closed (1008).
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';

import type { Ferry } from '@/domain/ferry';

import { ferriesJson } from '../feed/ferries-json';
import type { FerryFeed } from '../feed/ferry-feed';
import { sendError } from '../http/errors';
import { createFanOut, rawConnection, WS_MAX_BUFFERED_BYTES } from './fan-out';
import { createSailingsStream } from './sailings-stream';

/** Protocol ping every 30 s; a socket that has not answered the previous ping by then is dropped. */
export const WS_PING_INTERVAL_MS = 30_000;
/**
 * Messages one socket may send per WS_CLIENT_MESSAGE_WINDOW_MS (the app pings a few times a minute);
 * past it the socket is closed with 1008, so one client cannot keep the event loop busy answering.
 */
export const WS_CLIENT_MESSAGES_PER_WINDOW = 60;
export const WS_CLIENT_MESSAGE_WINDOW_MS = 60_000;
/** Close code for a socket over its message limit (RFC 6455 "policy violation"). */
export const WS_CLOSE_TOO_MANY_MESSAGES = 1008;

type FerryMessageType = 'ferries' | 'ferry_update';

const messageCache = new WeakMap<readonly Ferry[], Partial<Record<FerryMessageType, Buffer>>>();

function ferryMessage(type: FerryMessageType, ferries: readonly Ferry[]): Buffer {
  let byType = messageCache.get(ferries);
  if (!byType) {
    byType = {};
    messageCache.set(ferries, byType);
  }
  let message = byType[type];
  if (!message) {
    message = Buffer.from(`{"type":"${type}","data":${ferriesJson(ferries)}}`);
    byType[type] = message;
  }
  return message;
}

const vesselMessages = new WeakMap<readonly unknown[], Buffer>();

/** `{"type":"vessels","data":…}`, built once per list the feed hands out. */
function vesselsMessage(vessels: readonly unknown[]): Buffer {
  let message = vesselMessages.get(vessels);
  if (!message) {
    message = Buffer.from(`{"type":"vessels","data":${JSON.stringify(vessels)}}`);
    vesselMessages.set(vessels, message);
  }
  return message;
}

const PONG = Buffer.from('{"type":"pong","data":null}');
/** What a client may send: any JSON object with a type; only "ping" has a meaning. */
const clientMessageSchema = z.object({ type: z.string() });

export function registerRealtimeSocket(app: FastifyInstance, deps: { feed: FerryFeed }): void {
  const awaitingPong = new WeakSet<WebSocket>();
  let pingTimer: NodeJS.Timeout | undefined;

  function stopPingsIfIdle(): void {
    if (fanOut.size === 0 && pingTimer) {
      clearInterval(pingTimer);
      pingTimer = undefined;
    }
  }
  const fanOut = createFanOut({ onDrop: stopPingsIfIdle });

  /** A message to one socket (its first lists, a pong): through ws, dropping a socket too far behind. */
  function send(socket: WebSocket, message: Buffer): void {
    if (socket.readyState !== socket.OPEN || socket.bufferedAmount > WS_MAX_BUFFERED_BYTES) {
      fanOut.drop(socket);
      return;
    }
    socket.send(message, { binary: false });
  }

  function pingAll(): void {
    for (const socket of [...fanOut.sockets()]) {
      if (awaitingPong.has(socket)) {
        fanOut.drop(socket);
        continue;
      }
      awaitingPong.add(socket);
      socket.ping();
    }
    fanOut.catchUp();
  }

  const unsubscribe = deps.feed.subscribe((ferries) => {
    if (fanOut.size > 0) fanOut.broadcast('ferries', ferryMessage('ferry_update', ferries));
  });
  // Kept up to date with or without sockets, so every version follows the one before.
  const sailings = createSailingsStream(deps.feed.sailings());
  const sailingsSnapshot = () => sailings.snapshot();
  const unsubscribeSailings = deps.feed.subscribeSailings((list) => {
    const change = sailings.change(list);
    if (change && fanOut.size > 0) fanOut.broadcast('sailings', change, sailingsSnapshot);
  });
  const unsubscribeVessels = deps.feed.subscribeVessels((vessels) => {
    if (fanOut.size > 0) fanOut.broadcast('vessels', vesselsMessage(vessels));
  });
  const statusMessage = (status: unknown) => Buffer.from(`{"type":"feed_status","data":${JSON.stringify(status)}}`);
  const unsubscribeStatus = deps.feed.subscribeStatus((status) => {
    if (fanOut.size > 0) fanOut.broadcast('feed_status', statusMessage(status));
  });

  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribeSailings();
    unsubscribeVessels();
    unsubscribeStatus();
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = undefined;
  });

  app.route({
    method: 'GET',
    url: '/ws',
    // A plain GET (no Upgrade) gets a JSON answer saying what this address is for.
    handler: (_request, reply) =>
      sendError(
        reply.header('Upgrade', 'websocket'),
        426,
        'upgrade_required',
        'GET /ws is a WebSocket: send Connection: Upgrade and Upgrade: websocket',
      ),
    wsHandler: (socket, request) => {
      fanOut.add(socket, rawConnection(request.raw.socket, app.websocketServer.options.perMessageDeflate));
      if (!pingTimer) {
        pingTimer = setInterval(pingAll, WS_PING_INTERVAL_MS);
        pingTimer.unref();
      }
      socket.on('pong', () => awaitingPong.delete(socket));
      socket.on('close', () => {
        fanOut.delete(socket);
        stopPingsIfIdle();
      });
      socket.on('error', (error) => {
        request.log.debug({ err: error }, 'realtime socket error');
        fanOut.drop(socket);
      });
      let windowStart = Date.now();
      let received = 0;
      socket.on('message', (data, isBinary) => {
        const now = Date.now();
        if (now - windowStart >= WS_CLIENT_MESSAGE_WINDOW_MS) {
          windowStart = now;
          received = 0;
        }
        received += 1;
        if (received > WS_CLIENT_MESSAGES_PER_WINDOW) {
          if (received === WS_CLIENT_MESSAGES_PER_WINDOW + 1) {
            request.log.info('realtime socket: closed, over its message limit');
            fanOut.delete(socket);
            socket.close(WS_CLOSE_TOO_MANY_MESSAGES, 'Too many messages');
          }
          return;
        }
        awaitingPong.delete(socket);
        const text = isBinary ? undefined : data.toString();
        let parsed: unknown;
        try {
          parsed = text === undefined ? undefined : JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const message = clientMessageSchema.safeParse(parsed);
        if (!message.success) {
          request.log.debug('realtime socket: ignored an unparseable client message');
          return;
        }
        if (message.data.type === 'ping') send(socket, PONG);
        else if (message.data.type === 'sailings_resync') send(socket, sailings.snapshot());
      });
      send(socket, ferryMessage('ferries', deps.feed.current()));
      send(socket, sailings.snapshot());
      send(socket, vesselsMessage(deps.feed.vessels()));
      send(socket, statusMessage(deps.feed.status()));
    },
  });
}
