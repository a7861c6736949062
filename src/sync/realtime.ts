/**
 * The realtime channel (rider-core §7): a WebSocket at /ws on the page's own host, `wss:` when the
 * page is https. Messages of type "ferries" and "ferry_update" replace the local ferry list (same
 * write as the REST pull); "sailings" (a snapshot of the live window) and "sailings_changed" (what
 * changed since the version the connection holds: src/domain/sailing-changes.ts) update the stored
 * sailings, and "vessels" the vessel positions (./feed-pull.ts); a change that does not follow the
 * connection's version (a message missed) is not applied and the connection asks for a snapshot
 * instead; anything unparseable is only logged. The channel's state goes to the
 * connectivity store, which drives the Next Ferry card's "Live" indicator.
 *
 * A dropped connection is retried with exponential backoff and jitter (WS_BACKOFF_BASE_MS up to
 * WS_BACKOFF_MAX_MS); the attempt counter resets once a connection opens. An open connection sends
 * a ping every WS_HEARTBEAT_MS (the server answers "pong"); one silent for two heartbeats is treated
 * as dropped, because a lost mobile link often never fires 'close'.
 */
import type { DeckhandDB } from '@/data/db';
import { wsReconnectDelayMs } from '@/domain/backoff';
import { WS_HEARTBEAT_MS } from '@/domain/constants';
import { ferryListSchema, realtimeMessageSchema } from '@/domain/ferry';
import { useConnectivityStore } from './connectivity-store';
import { storeFerries } from './pull';
import { SAILINGS_RESYNC_MESSAGE } from '@/domain/sailing-changes';
import { parseSailingChanges, parseSailingsSnapshot, storeSailingChanges, storeSailingsSnapshot, storeVesselUpdate } from './feed-pull';

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

/** One connection's place in the sailings stream: the version the device holds from it, and how to ask for a snapshot. */
export interface SailingsChannel {
  version?: number;
  requestResync(): void;
}

/**
 * Apply a sailings snapshot or change to the device. The version bookkeeping is done before the
 * first await, so messages are checked in the order they arrived (and their writes queue in it).
 */
function applySailingsMessage(database: DeckhandDB, type: 'sailings' | 'sailings_changed', data: unknown, channel: SailingsChannel): Promise<boolean> {
  if (type === 'sailings') {
    const snapshot = parseSailingsSnapshot(data);
    if (!snapshot) return Promise.resolve(false);
    channel.version = snapshot.version;
    return storeSailingsSnapshot(database, snapshot).then(() => true);
  }
  const change = parseSailingChanges(data);
  if (!change) return Promise.resolve(false);
  if (channel.version !== undefined && change.version <= channel.version) return Promise.resolve(false);
  if (change.from !== channel.version) {
    channel.requestResync();
    return Promise.resolve(false);
  }
  channel.version = change.version;
  return storeSailingChanges(database, change).then(() => true);
}

/** Apply one message from the channel; returns whether it changed what the device stores. */
export async function handleRealtimeMessage(
  database: DeckhandDB,
  raw: unknown,
  channel: SailingsChannel = { requestResync: () => undefined },
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
  if (message.data.type === 'sailings' || message.data.type === 'sailings_changed') {
    return applySailingsMessage(database, message.data.type, message.data.data, channel);
  }
  if (message.data.type === 'vessels') return storeVesselUpdate(database, message.data.data);
  if (message.data.type !== 'ferries' && message.data.type !== 'ferry_update') return false;
  const ferries = ferryListSchema.safeParse(message.data.data);
  if (!ferries.success) {
    console.warn(`Realtime "${message.data.type}" message has an unexpected shape`, ferries.error);
    return false;
  }
  await storeFerries(database, ferries.data);
  return true;
}

export function connectRealtime(database: DeckhandDB, options: RealtimeOptions = {}): RealtimeConnection {
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
    const sailings: SailingsChannel = {
      requestResync: () => {
        if (socket === current && current.readyState === WebSocket.OPEN) current.send(SAILINGS_RESYNC_MESSAGE);
      },
    };
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
    current.addEventListener('message', (event: MessageEvent) => {
      if (socket !== current) return;
      lastHeardAt = Date.now();
      handleRealtimeMessage(database, event.data, sailings).catch((error: unknown) =>
        console.warn('Realtime message could not be stored', error),
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
