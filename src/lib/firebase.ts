/**
 * The only place the client touches Firebase (DESIGN.md). Firebase is loaded on first use with
 * dynamic imports, so it stays out of the initial bundle.
 *
 * Clients only read the realtime nodes; the server writes them (database.rules.json denies client
 * writes). When the server runs the local emulator it hands over only the port: the emulator is on
 * the same host as the page, whatever name the device used to reach it.
 */
import type { Database } from 'firebase/database';

import { queueDataSchema, REALTIME_PATHS, type ClientRealtimeConfig, type QueueDataValue } from '@/domain/realtime';

const databases = new Map<string, Promise<Database>>();
let appsCreated = 0;

function openDatabase(config: ClientRealtimeConfig): Promise<Database> {
  const key = JSON.stringify(config);
  let database = databases.get(key);
  if (!database) {
    const name = `deckhand-${appsCreated++}`;
    database = (async () => {
      const [{ initializeApp }, { connectDatabaseEmulator, getDatabase }] = await Promise.all([
        import('firebase/app'),
        import('firebase/database'),
      ]);
      const app = initializeApp(
        { databaseURL: config.databaseURL, projectId: config.projectId, apiKey: config.apiKey, appId: config.appId },
        name,
      );
      const db = getDatabase(app);
      if (config.emulator) connectDatabaseEmulator(db, location.hostname, config.emulator.port);
      return db;
    })();
    databases.set(key, database);
    database.catch(() => databases.delete(key));
  }
  return database;
}

/**
 * Follows `queue_history/{terminalId}` (community queue data): `onValue` gets every stored
 * count that has the queue_data shape, oldest first, on every change ([] while empty).
 */
export async function subscribeQueueHistory(
  config: ClientRealtimeConfig,
  terminalId: string,
  onValue: (values: QueueDataValue[]) => void,
  onError?: (error: Error) => void,
): Promise<() => void> {
  const db = await openDatabase(config);
  const { onValue: listen, ref } = await import('firebase/database');
  return listen(
    ref(db, REALTIME_PATHS.queueHistory(terminalId)),
    (snapshot) => {
      const raw: unknown = snapshot.val();
      const entries = raw && typeof raw === 'object' ? Object.values(raw as Record<string, unknown>) : [];
      const counts = entries.flatMap((entry) => {
        const parsed = queueDataSchema.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      });
      onValue(counts.sort((a, b) => a.timestamp - b.timestamp));
    },
    (error) => onError?.(error),
  );
}
