/**
 * A local Firebase Realtime Database for zero set-up runs: firebase-server 1.1.0 speaks the RTDB
 * WebSocket protocol, so the real firebase@12 client (connectDatabaseEmulator) reads from it, and it
 * enforces database.rules.json on client requests through targaryen.
 *
 * The server's own writes do not go through the protocol: they are applied to the emulator's
 * in-process database, which is how an admin write bypasses the rules (firebase-server's auth
 * secret only acknowledges an admin login; its writes are still judged as unauthenticated).
 *
 * Clients reach the library only through guard(): each frame is checked against the protocol first
 * (./emulator-frames.ts), each address may open only so many sockets a minute (./connect-limit.ts),
 * and a socket's listeners are removed when it closes.
 *
 * Known limits of firebase-server, which callers must respect: it does not answer a `get()` without
 * a listener, nor `increment()` or `onDisconnect()`. It keeps every write it has applied in memory
 * (its in-process database is an offline Firebase client), so it is for development and single
 * deployments; production at scale uses a hosted database.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { createRequire, Module } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';

import { ConnectLimit } from './connect-limit';
import { ClientFrameReader } from './emulator-frames';

export interface RtdbEmulator {
  port: number;
  /** Applies a multi-path update as the server (rules do not apply). */
  update(values: Record<string, unknown>): Promise<void>;
  /** Value listeners clients hold open (a socket's go when it closes). */
  listeners(): number;
  close(): Promise<void>;
}

/** The WebSocket as firebase-server uses it (ws 7, its own copy). */
interface LibrarySocket extends EventEmitter {
  _socket: Socket;
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}
interface LibraryWebSocketServer extends EventEmitter {
  handleUpgrade(request: http.IncomingMessage, socket: Socket, head: Buffer, done: (ws: LibrarySocket) => void): void;
}
interface FirebaseServerInstance {
  setRules(rules: object): void;
  close(): Promise<void>;
  wss: LibraryWebSocketServer;
  handleConnection(ws: unknown): void;
  baseRef: InProcessRef;
}
type FirebaseServerClass = new (
  options: { noServer: true; maxPayload?: number },
  name?: string,
) => FirebaseServerInstance;
type ValueListener = (...args: unknown[]) => void;
interface InProcessRef {
  update(values: Record<string, unknown>): Promise<unknown>;
  set(value: unknown): Promise<unknown>;
  child(path: string): InProcessRef;
  on(event: string, listener: ValueListener): unknown;
  off(event: string, listener: ValueListener): void;
  once(event: string, listener: ValueListener): unknown;
}

const require = createRequire(import.meta.url);

/**
 * firebase-server loads the whole firebase@8 SDK. npm hoists that SDK's @firebase/auth to the top of
 * node_modules, where it would load firebase@12's @firebase/app and crash. The emulator never uses
 * auth, so that one module is replaced by an empty one before firebase-server is loaded.
 */
function loadFirebaseServer(): FirebaseServerClass {
  const fromFirebaseServer = createRequire(require.resolve('firebase-server'));
  const fromFirebase8 = createRequire(fromFirebaseServer.resolve('firebase'));
  const authEntry = fromFirebase8.resolve('@firebase/auth');
  if (!require.cache[authEntry]) {
    const stub = new Module(authEntry);
    stub.filename = authEntry;
    stub.loaded = true;
    stub.exports = {};
    require.cache[authEntry] = stub;
  }
  return require('firebase-server') as FirebaseServerClass;
}

export interface RtdbEmulatorOptions {
  port: number;
  host: string;
  rules: object;
  /** Largest WebSocket frame accepted; a bigger one closes that socket (ws's own limit). */
  maxFrameBytes?: number;
  /** Sockets open at once; more are refused at accept. */
  maxConnections?: number;
  /** Sockets one address may open a minute; more are answered 429. Unset: no limit. */
  connectsPerMinute?: number;
}

const OPEN = 1;
/** WebSocket close codes: the frame broke the protocol; the emulator failed on it. */
const CLOSE_POLICY = 1008;
const CLOSE_ERROR = 1011;

/**
 * A reference that notes every value listener it adds in `held`, so the listeners of a socket can
 * be removed when it closes (firebase-server never removes them: every update would go on being
 * serialised for every socket that ever listened).
 */
function trackedRef(ref: InProcessRef, held: Array<[InProcessRef, string, ValueListener]>): InProcessRef {
  return {
    update: (values) => ref.update(values),
    set: (value) => ref.set(value),
    child: (path) => trackedRef(ref.child(path), held),
    on(event, listener) {
      held.push([ref, event, listener]);
      return ref.on(event, listener);
    },
    off: (event, listener) => ref.off(event, listener),
    once: (event, listener) => ref.once(event, listener),
  };
}

/**
 * Hands firebase-server a stand-in for the client's socket: the real socket's frames reach the
 * library only once ClientFrameReader has read them whole and found them valid, one at a time with
 * the socket's own references, and a throw inside the library closes that socket, not the process.
 */
function guard(
  server: FirebaseServerInstance,
  ws: LibrarySocket,
  maxMessageBytes: number,
  holders: Set<unknown[]>,
): void {
  const stand = new EventEmitter() as LibrarySocket;
  stand._socket = ws._socket;
  stand.send = (data) => {
    if (ws.readyState === OPEN) ws.send(data);
  };
  const reader = new ClientFrameReader(maxMessageBytes);
  const held: Array<[InProcessRef, string, ValueListener]> = [];
  holders.add(held);
  const root = server.baseRef;
  ws.on('message', (data: Buffer | string) => {
    const verdict = reader.read(data.toString());
    if (verdict.kind === 'reject') return ws.close(CLOSE_POLICY, verdict.reason);
    if (verdict.kind === 'none') return;
    server.baseRef = trackedRef(root, held);
    try {
      stand.emit('message', verdict.text);
    } catch {
      ws.close(CLOSE_ERROR, 'request failed');
    } finally {
      server.baseRef = root;
    }
  });
  ws.on('close', () => {
    for (const [ref, event, listener] of held.splice(0)) ref.off(event, listener);
    holders.delete(held);
  });
  server.handleConnection(stand);
}

/**
 * Runs firebase-server in THIS process. Frames are validated before the library reads them (see
 * guard), but the library and the firebase@8 SDK under it are not ours: the server never calls this
 * directly, it runs in its own supervised child process (./emulator-supervisor.ts,
 * ./emulator-child.ts), so anything still missed costs only the realtime feed a restart.
 */
export async function startRtdbEmulator(opts: RtdbEmulatorOptions): Promise<RtdbEmulator> {
  const FirebaseServer = loadFirebaseServer();
  const httpServer = http.createServer((_request, response) => {
    response.writeHead(426, { 'Content-Type': 'application/json' });
    response.end(
      JSON.stringify({
        error: 'upgrade_required',
        message: 'This port speaks the Realtime Database WebSocket protocol',
      }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(opts.port, opts.host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  if (opts.maxConnections !== undefined) httpServer.maxConnections = opts.maxConnections;
  const port = (httpServer.address() as AddressInfo).port;
  const maxFrameBytes = opts.maxFrameBytes ?? 256 * 1024;
  const server = new FirebaseServer({ noServer: true, maxPayload: maxFrameBytes }, `deckhand-emulator-${port}`);
  server.setRules(opts.rules);
  const root = server.baseRef;
  // The library answered every connection itself; now each one passes the reconnect limit first.
  server.wss.removeAllListeners('connection');
  const limit = opts.connectsPerMinute === undefined ? undefined : new ConnectLimit(opts.connectsPerMinute);
  const holders = new Set<unknown[]>();
  httpServer.on('upgrade', (request: http.IncomingMessage, socket: Socket, head: Buffer) => {
    if (limit && !limit.admit(socket.remoteAddress ?? '')) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nRetry-After: 60\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    server.wss.handleUpgrade(request, socket, head, (ws) => guard(server, ws, maxFrameBytes, holders));
  });

  return {
    port,
    async update(values) {
      // The in-process database is offline: its promise waits forever for a server ack, but its
      // listeners (and so every connected client) see the change at once. Bad data throws here.
      void root.update(values);
    },
    listeners: () => [...holders].reduce((sum, held) => sum + held.length, 0),
    async close() {
      await server.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
