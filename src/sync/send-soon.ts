/**
 * After a write was queued (local row + outbox row): ask the service worker for Background Sync and,
 * when online, flush from the page at once. Never throws; offline the rows wait for the next trigger.
 */
import { requestBackgroundSync } from '@/lib/pwa';

import { useConnectivityStore } from './connectivity-store';
import { flushNow } from './flush-now';
import type { SyncDatabase } from './sync-database';

export async function sendSoon(database: SyncDatabase): Promise<void> {
  requestBackgroundSync().catch((error: unknown) => console.warn('Background sync unavailable', error));
  if (useConnectivityStore.getState().online) await flushNow(database);
}
