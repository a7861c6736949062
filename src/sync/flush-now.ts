/**
 * The page's way to flush the outbox: runs the shared flusher and shows progress through the
 * connectivity store ("Sending N…"). Never throws: a failed pass leaves rows queued for the next trigger.
 */
import { useConnectivityStore } from './connectivity-store';
import { flushOutbox, type FlushResult } from './flusher';
import type { SyncDatabase } from './sync-database';

let activeFlushes = 0;

export async function flushNow(database: SyncDatabase): Promise<FlushResult | null> {
  const { setFlushing } = useConnectivityStore.getState();
  activeFlushes += 1;
  setFlushing(true);
  try {
    return await flushOutbox({ database });
  } catch (error) {
    console.warn('Outbox flush failed', error);
    return null;
  } finally {
    activeFlushes -= 1;
    if (activeFlushes === 0) setFlushing(false);
  }
}
