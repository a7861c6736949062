/**
 * A local Firebase Realtime Database for zero set-up runs: firebase-server 1.1.0 speaks the RTDB
 * WebSocket protocol, so the real firebase@12 client (connectDatabaseEmulator) reads from it, and it
 * enforces database.rules.json on client requests through targaryen.
 *
 * The server's own writes do not go through the protocol: they are applied to the emulator's
 * in-process database, which is how an admin write bypasses the rules (firebase-server's auth
 * secret only acknowledges an admin login; its writes are still judged as unauthenticated).
 *
 * Known limits of firebase-server, which callers must respect: it does not answer a `get()` without
 * a listener, nor `increment()` or `onDisconnect()`. It keeps every write it has applied in memory
 * (its in-process database is an offline Firebase client), so it is for development and single
 * deployments; production at scale uses a hosted database.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire, Module } from 'node:module';

export interface RtdbEmulator {
  port: number;
  /** Applies a multi-path update as the server (rules do not apply). */
  update(values: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

interface FirebaseServerInstance {
  setRules(rules: object): void;
  close(): Promise<void>;
}
type FirebaseServerClass = new (options: { server: http.Server; maxPayload?: number }, name?: string) => FirebaseServerInstance;
interface InProcessRef {
  update(values: Record<string, unknown>): Promise<unknown>;
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
}

/**
 * Runs firebase-server in THIS process. The server never calls this directly: a malformed frame
 * makes firebase-server throw outside any handler, so it runs in its own supervised child process
 * (./emulator-supervisor.ts, ./emulator-child.ts) and a crash costs only the realtime feed a restart.
 */
export async function startRtdbEmulator(opts: RtdbEmulatorOptions): Promise<RtdbEmulator> {
  const FirebaseServer = loadFirebaseServer();
  const httpServer = http.createServer((_request, response) => {
    response.writeHead(426, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ error: 'upgrade_required', message: 'This port speaks the Realtime Database WebSocket protocol' }));
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
  const server = new FirebaseServer({ server: httpServer, maxPayload: opts.maxFrameBytes }, `deckhand-emulator-${port}`);
  server.setRules(opts.rules);
  const root = (server as unknown as { baseRef: InProcessRef }).baseRef;

  return {
    port,
    async update(values) {
      // The in-process database is offline: its promise waits forever for a server ack, but its
      // listeners (and so every connected client) see the change at once. Bad data throws here.
      void root.update(values);
    },
    async close() {
      await server.close();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
