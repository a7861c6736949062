/**
 * The page's way to flush the outbox: runs the shared flusher, shows progress through the
 * connectivity store ("Sending N…"), and re-pulls complaints after something was sent so "Recent"
 * shows the server's status. Never throws: a failed pass leaves rows queued for the next trigger.
 */
import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { useConnectivityStore } from './connectivity-store';
import { flushOutbox, type FlushResult } from './flusher';
import { pullComplaints } from './pull';

let activeFlushes = 0;

export async function flushNow(database: DeckhandDB = defaultDatabase): Promise<FlushResult | null> {
  const { setFlushing } = useConnectivityStore.getState();
  activeFlushes += 1;
  setFlushing(true);
  try {
    const result = await flushOutbox({ database });
    if (result.sent > 0) {
      await pullComplaints(database).catch((error: unknown) => console.warn('Could not refresh complaints', error));
    }
    return result;
  } catch (error) {
    console.warn('Outbox flush failed', error);
    return null;
  } finally {
    activeFlushes -= 1;
    if (activeFlushes === 0) setFlushing(false);
  }
}
