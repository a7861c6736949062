/**
 * The realtime channel (rider-core §7): a WebSocket at /ws on the page's own host, `wss:` when the
 * page is https. Each message is `{type, data}`; the data modules say what each type does to the
 * device (src/data/realtime-messages.ts), made per connection so a stream can keep its place in it
 * and ask the server for a fresh copy; a type nobody handles is ignored, anything unparseable only
 * logged. The channel's state goes to the connectivity store, which drives the Next Ferry card's
 * "Live" indicator.
 *
 * A dropped connection is retried with exponential backoff and jitter (WS_BACKOFF_BASE_MS up to
 * WS_BACKOFF_MAX_MS); the attempt counter resets once a connection opens. An open connection sends
 * a ping every WS_HEARTBEAT_MS (the server answers "pong"); one silent for two heartbeats is treated
 * as dropped, because a lost mobile link often never fires 'close'.
 */
import { wsReconnectDelayMs } from '@/domain/backoff';
import { WS_HEARTBEAT_MS } from '@/domain/constants';
import { realtimeMessageSchema } from '@/domain/ferry';

import { useConnectivityStore } from './connectivity-store';
import type { SyncDatabase } from './sync-database';

/** Applies one message type's data to the device; resolves whether it changed what the device stores. */
export type RealtimeHandler<Database extends SyncDatabase = SyncDatabase> = (
  database: Database,
  data: unknown,
) => Promise<boolean>;

/** One open connection, as its message handlers see it. */
export interface RealtimeLink {
  /** Sends on the connection while it is the open one (else nothing). */
  send(message: string): void;
}

/** A connection's handlers by message type, made when it opens. */
export type RealtimeHandlers<Database extends SyncDatabase = SyncDatabase> = (
  link: RealtimeLink,
) => Readonly<Record<string, RealtimeHandler<Database>>>;

export interface RealtimeConnection {
  /** Reconnect at once (e.g. the browser came back online) instead of waiting out the backoff. */
  reconnectNow(): void;
  /** Close for good; no reconnect follows. */
  close(): void;
}

export interface RealtimeOptions {
  url?: string;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
}

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}

/** Apply one message with `handlers`; returns whether it changed what the device stores. */
export async function dispatchRealtimeMessage<Database extends SyncDatabase>(
  database: Database,
  raw: unknown,
  handlers: Readonly<Record<string, RealtimeHandler<Database>>>,
): Promise<boolean> {
  let json: unknown;
  try {
    json = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch (error) {
    console.warn('Realtime message is not JSON', error);
    return false;
  }
  const message = realtimeMessageSchema.safeParse(json);
  if (!message.success) {
    console.warn('Realtime message has no type', message.error);
    return false;
  }
  const handler = Object.hasOwn(handlers, message.data.type) ? handlers[message.data.type] : undefined;
  return handler ? handler(database, message.data.data) : false;
}

export function connectRealtime<Database extends SyncDatabase>(
  database: Database,
  makeHandlers: RealtimeHandlers<Database>,
  options: RealtimeOptions = {},
): RealtimeConnection {
  const url = options.url ?? realtimeUrl(window.location);
  const createSocket = options.createSocket ?? ((target: string) => new WebSocket(target));
  const random = options.random ?? Math.random;
  const { setRealtime } = useConnectivityStore.getState();

  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let lastHeardAt = 0;
  let attempt = 0;
  let closed = false;

  const clearRetry = () => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  };

  const stopHeartbeat = () => {
    if (heartbeat !== null) clearInterval(heartbeat);
    heartbeat = null;
  };

  /** The current socket is gone (closed, or silent too long): show it and try again later. */
  const dropped = (current: WebSocket) => {
    if (socket !== current) return;
    socket = null;
    stopHeartbeat();
    setRealtime('disconnected');
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer !== null) return;
    const delay = wsReconnectDelayMs(attempt, random());
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open();
    }, delay);
  };

  const open = () => {
    if (closed) return;
    setRealtime('connecting');
    let current: WebSocket;
    try {
      current = createSocket(url);
    } catch (error) {
      console.warn('Realtime channel could not be opened', error);
      setRealtime('disconnected');
      scheduleReconnect();
      return;
    }
    socket = current;
    const handlers = makeHandlers({
      send: (message) => {
        if (socket === current && current.readyState === WebSocket.OPEN) current.send(message);
      },
    });
    current.addEventListener('open', () => {
      if (socket !== current) return;
      attempt = 0;
      lastHeardAt = Date.now();
      setRealtime('connected');
      heartbeat = setInterval(() => {
        if (Date.now() - lastHeardAt > 2 * WS_HEARTBEAT_MS) {
          dropped(current);
          current.close();
        } else {
          current.send('{"type":"ping"}');
        }
      }, WS_HEARTBEAT_MS);
    });
    // One message at a time, in the order they came: a handler may check a long list in slices
    // (src/lib/parse-in-slices.ts), and the next message must not overtake it.
    let handled: Promise<unknown> = Promise.resolve();
    current.addEventListener('message', (event: MessageEvent) => {
      if (socket !== current) return;
      lastHeardAt = Date.now();
      handled = handled.then(() =>
        dispatchRealtimeMessage(database, event.data, handlers).catch((error: unknown) =>
          console.warn('Realtime message could not be stored', error),
        ),
      );
    });
    // A connection error marks the channel disconnected (rider-core §4); 'close' always follows it.
    current.addEventListener('error', () => {
      if (socket === current) setRealtime('disconnected');
    });
    current.addEventListener('close', () => dropped(current));
  };

  open();

  return {
    reconnectNow() {
      if (closed) return;
      if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) return;
      clearRetry();
      attempt = 0;
      open();
    },
    close() {
      closed = true;
      clearRetry();
      stopHeartbeat();
      const current = socket;
      socket = null;
      current?.close();
      setRealtime('disconnected');
    },
  };
}
