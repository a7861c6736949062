/**
 * Keeps the Firebase Realtime Database nodes in step with the feed's lane counts and tells clients
 * where that database is (DESIGN.md: clients only read; the server writes).
 *
 * - No FIREBASE_DATABASE_URL: a local emulator (./rtdb-emulator.ts) in its own supervised process
 *   (./emulator-supervisor.ts) on FIREBASE_EMULATOR_HOST:FIREBASE_EMULATOR_PORT (loopback and 9000
 *   by default; 0 = any free port) with database.rules.json and frame/connection limits. Clients
 *   connect to the page's own hostname on that port, so only the port is handed over.
 * - FIREBASE_DATABASE_URL set: writes through the REST API with FIREBASE_DATABASE_SECRET.
 *
 * On start and after every change of the counts it writes `queue_data/{terminalId}` and appends to
 * `queue_history/{terminalId}` (./queue-nodes.ts), one multi-path update per change.
 */
import { readFile } from 'node:fs/promises';

import { REALTIME_PATHS, type ClientRealtimeConfig, type QueueDataValue } from '@/domain/realtime';
import { TERMINALS } from '@/domain/terminals';

import type { Config } from '../config';
import type { FerryFeed } from '../feed/ferry-feed';
import { startSupervisedEmulator } from './emulator-supervisor';
import { QueueHistoryLog } from './queue-nodes';
import { createRtdbRestClient } from './rtdb-rest';

export interface FirebaseBridge {
  client: ClientRealtimeConfig;
  /** A multi-path update (null deletes) queued behind the count writes; failures are logged, not thrown. */
  update(values: Record<string, unknown>): Promise<void>;
  /** One count (a rider's report) into queue_data and the trimmed queue_history, like the feed's. */
  publishCount(count: QueueDataValue): Promise<void>;
  /** For the System Health tab: is the realtime database being written now. */
  state(): BridgeState;
  close(): Promise<void>;
}

/**
 * `connected`: the emulator child is up (or the hosted database took the last write); `restarting`:
 * the emulator crashed and its supervisor is bringing it back; `failing`: the hosted database refused
 * the last write. A server run without a bridge (tests) reports `disabled` itself.
 */
export interface BridgeState {
  mode: 'emulator' | 'hosted';
  state: 'connected' | 'restarting' | 'failing';
  restarts: number;
}

/** The two logger calls the bridge makes (Fastify's logger fits). */
export interface BridgeLogger {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
}

const consoleLogger: BridgeLogger = {
  info: (obj, message) => console.info(message, obj),
  warn: (obj, message) => console.warn(message, obj),
};

const RULES_FILE = new URL('../../database.rules.json', import.meta.url);

type Writer = (values: Record<string, unknown>) => Promise<void>;

export async function startFirebaseBridge(
  config: Config,
  feed: FerryFeed,
  log: BridgeLogger = consoleLogger,
): Promise<FirebaseBridge> {
  const history = new QueueHistoryLog();
  let write: Writer;
  let client: ClientRealtimeConfig;
  let shutdown: () => Promise<void>;
  let state: () => BridgeState;
  let lastWriteFailed = false;

  if (config.FIREBASE_DATABASE_URL) {
    const rest = createRtdbRestClient(config.FIREBASE_DATABASE_URL, config.FIREBASE_DATABASE_SECRET);
    await Promise.all(
      TERMINALS.map(async ({ id: terminalId }) => {
        try {
          history.seed(terminalId, await rest.childKeys(REALTIME_PATHS.queueHistory(terminalId)));
        } catch (error) {
          log.warn(
            { err: error, terminalId },
            'realtime database: could not read queue history; trimming starts afresh',
          );
        }
      }),
    );
    write = (values) => rest.update(values);
    client = {
      databaseURL: config.FIREBASE_DATABASE_URL,
      projectId: config.FIREBASE_PROJECT_ID,
      ...(config.FIREBASE_API_KEY ? { apiKey: config.FIREBASE_API_KEY } : {}),
      ...(config.FIREBASE_APP_ID ? { appId: config.FIREBASE_APP_ID } : {}),
    };
    shutdown = async () => undefined;
    state = () => ({ mode: 'hosted', state: lastWriteFailed ? 'failing' : 'connected', restarts: 0 });
  } else {
    const rules = JSON.parse(await readFile(RULES_FILE, 'utf8')) as object;
    const emulator = await startSupervisedEmulator(
      {
        port: config.FIREBASE_EMULATOR_PORT,
        host: config.FIREBASE_EMULATOR_HOST,
        rules,
        maxFrameBytes: config.FIREBASE_EMULATOR_MAX_FRAME_BYTES,
        maxConnections: config.FIREBASE_EMULATOR_MAX_CONNECTIONS,
        connectsPerMinute: config.FIREBASE_EMULATOR_CONNECTS_PER_MINUTE,
      },
      log,
    );
    log.info({ port: emulator.port }, 'realtime database emulator listening');
    write = (values) => emulator.update(values);
    client = {
      databaseURL: `http://localhost:${emulator.port}?ns=${config.FIREBASE_PROJECT_ID}`,
      projectId: config.FIREBASE_PROJECT_ID,
      emulator: { port: emulator.port },
    };
    shutdown = () => emulator.close();
    state = () => ({
      mode: 'emulator',
      state: emulator.pid() === undefined ? 'restarting' : 'connected',
      restarts: emulator.restarts(),
    });
  }
  const written = () => {
    lastWriteFailed = false;
  };
  const failed = () => {
    lastWriteFailed = true;
  };

  // One write at a time, in order; a failure is reported and the next change writes again.
  let queue = Promise.resolve();
  const publish = (counts: readonly QueueDataValue[]) => {
    // No counts: a real source now serves, and the simulator's counts already written are withdrawn.
    const update = counts.length === 0 ? history.withdrawModelled() : history.updateFor(counts);
    if (Object.keys(update).length === 0) return queue;
    queue = queue
      .then(() => write(update))
      .then(written)
      .catch((error: unknown) => {
        failed();
        log.warn({ err: error }, 'realtime database: queue count write failed');
      });
    return queue;
  };

  publish(feed.queueCounts());
  const unsubscribe = feed.subscribeQueueCounts(publish);

  return {
    client,
    publishCount: (count) => publish([count]),
    update(values) {
      queue = queue
        .then(() => write(values))
        .then(written)
        .catch((error: unknown) => {
          failed();
          log.warn({ err: error }, 'realtime database: write failed');
        });
      return queue;
    },
    state: () => state(),
    async close() {
      unsubscribe();
      await queue;
      await shutdown();
    },
  };
}
